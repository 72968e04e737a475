import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ProgressList } from './ProgressList';

/** The member dashboard's short progress: the level and the monthly bonuses, linking to the whole page. */
export function ProgressCard() {
  const { t } = useTranslation();
  return (
    <Card title={t('progress.title')} extra={<Link to="/progress">{t('progress.all')}</Link>}>
      <ProgressList only={4} />
    </Card>
  );
}

import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BusinessDaysHint } from '../platform/ui/BusinessDaysHint';
import { ProgressList } from './ProgressList';
import { useMyProgress } from './programmes.api';

/** /progress (members): every step ahead with its figure, target and what counts. */
export default function ProgressPage() {
  const { t } = useTranslation();
  const { data } = useMyProgress();
  return (
    <Card title={t('progress.title')}>
      <Typography.Paragraph type="secondary">
        {t('progress.intro', { month: data?.month ?? '' })}
      </Typography.Paragraph>
      <BusinessDaysHint />
      <ProgressList />
    </Card>
  );
}

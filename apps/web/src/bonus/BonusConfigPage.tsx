import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { BonusTypesTab } from './BonusTypesTab';
import { SettlementRunsTab } from './SettlementRunsTab';

/** /config/index: bonus allocation (types and their rules) and the settlement runs. */
export default function BonusConfigPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Tabs
        items={[
          { key: 'types', label: t('bonus.tab.types'), children: <BonusTypesTab /> },
          { key: 'runs', label: t('bonus.tab.runs'), children: <SettlementRunsTab /> },
        ]}
      />
    </Card>
  );
}

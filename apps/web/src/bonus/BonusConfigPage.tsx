import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BonusTypesTab } from './BonusTypesTab';
import { SettlementRunsTab } from './SettlementRunsTab';

/** /config/index: bonus allocation (types and their rules) and the settlement runs (`?tab=runs`: SETTLEMENT_RUNS_PATH). */
export default function BonusConfigPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  return (
    <Card>
      <Tabs
        activeKey={params.get('tab') === 'runs' ? 'runs' : 'types'}
        // Another tab drops the runs' filters with the tab.
        onChange={(tab) => setParams(tab === 'runs' ? { tab } : {})}
        items={[
          { key: 'types', label: t('bonus.tab.types'), children: <BonusTypesTab /> },
          { key: 'runs', label: t('bonus.tab.runs'), children: <SettlementRunsTab /> },
        ]}
      />
    </Card>
  );
}

import { Alert, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { settlementRunFilters } from './bonus.api';
import { RunStatusFilter, SettlementRunsTable } from './SettlementRunsTable';

const AWAITING = { status: 'awaiting_approval' } as const;

/**
 * /config/approvals (Perm.approveSettlements): the runs awaiting approval, then every run (approved and rejected
 * ones with who decided and why), filtered by state; each opens its review page, where it is approved or rejected.
 */
export default function SettlementApprovalsPage() {
  const { t } = useTranslation();
  const { filters, setFilters } = useUrlFilters(settlementRunFilters);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={t('settlement.ui.awaiting')} data-testid="runs-awaiting">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={t('settlement.ui.approvalsIntro')} />
          <SettlementRunsTable
            filters={AWAITING}
            options={{ pageSize: 10 }}
            emptyText={t('settlement.ui.noneAwaiting')}
          />
        </Space>
      </Card>
      <Card title={t('settlement.ui.decided')} data-testid="runs-history">
        <Space direction="vertical" style={{ width: '100%' }}>
          <RunStatusFilter filters={filters} onChange={setFilters} />
          <SettlementRunsTable filters={filters} options={{ pageSize: 10 }} />
        </Space>
      </Card>
    </Space>
  );
}

import { SETTLEMENT_STATUSES } from '@app/contracts';
import { Alert, Card, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { settlementRunFilters } from './bonus.api';
import { SettlementRunsTable } from './SettlementRunsTable';

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
          <FilterBar filters={filters} onChange={setFilters} liveFields={['status']}>
            <Form.Item name="status" label={t('bonus.run.status')}>
              <Select
                allowClear
                placeholder={t('settlement.ui.allStatuses')}
                style={{ width: 200 }}
                options={SETTLEMENT_STATUSES.map((s) => ({ value: s, label: t(`bonus.run.status.${s}`) }))}
              />
            </Form.Item>
          </FilterBar>
          <SettlementRunsTable filters={filters} options={{ pageSize: 10 }} />
        </Space>
      </Card>
    </Space>
  );
}

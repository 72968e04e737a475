import type { BulkResult, RechargeItem } from '@app/contracts';
import { Button, Card, Form, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPicker } from '../members/UserPicker';
import { FilterBar } from '../platform/filters/FilterBar';
import {
  MoneyListFilterItems,
  moneyListFilterValues,
  moneyListValues,
} from '../platform/filters/MoneyListFilterItems';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { formatDateTime } from '../platform/format';
import { StartedJobProgress } from '../platform/jobs/JobProgressModal';
import { useStartedJob } from '../platform/jobs/useJob';
import { BulkResultDialog } from '../platform/ui/BulkResultDialog';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import { ListViews, useShownColumns } from '../views/ListViews';
import { RechargeForm } from './RechargeForm';
import { RechargeStatusTag } from './RechargeStatusTag';
import {
  exportRecharges,
  fetchProof,
  type RechargeFilters,
  rechargeFilters,
  rechargeList,
  useRechargeBulk,
  useSettleRecharge,
} from './recharge.api';

/** Opens the proof image (fetched with the caller's token) in a new tab. */
async function viewProof(id: number) {
  const data = await fetchProof(id);
  window.open(URL.createObjectURL(data), '_blank', 'noopener');
}

/** /recharge (admins): recharges by status; create one for a member, then complete (credit) or reject it. */
export default function RechargePage() {
  const { t } = useTranslation();
  const { filters, setFilters } = useUrlFilters(rechargeFilters);
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [result, setResult] = useState<BulkResult | null>(null);
  const exportJob = useStartedJob();
  const bulk = useRechargeBulk();
  const { tableProps } = usePagedList<RechargeItem>(rechargeList, filters);
  const settlement = useSettleRecharge();
  const settle = (id: number, outcome: 'complete' | 'reject') => settlement.mutateAsync({ id, outcome });
  const columns: ColumnsType<RechargeItem> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('walletUi.member'), key: 'user', render: (r) => <UserName user={r.user} /> },
    { title: t('walletUi.memberId'), key: 'no', render: (r) => r.user.user_no },
    {
      title: t('walletUi.amount'),
      key: 'amount',
      align: 'right',
      render: (r) => <MoneyText value={r.amount} />,
    },
    { title: t('walletUi.points'), dataIndex: 'points' },
    { title: t('walletUi.remark'), dataIndex: 'remark' },
    {
      title: t('walletUi.status'),
      key: 'status',
      render: (r) => <RechargeStatusTag status={r.status} />,
    },
    { title: t('walletUi.time'), key: 'time', render: (r) => formatDateTime(r.created_at) },
    {
      title: t('walletUi.operation'),
      key: 'op',
      render: (r) => (
        <Space>
          {r.has_proof && (
            <Button size="small" type="link" onClick={() => viewProof(r.id)}>
              {t('walletUi.viewProof')}
            </Button>
          )}
          {r.status === 1 && (
            <>
              <ConfirmButton
                size="small"
                type="primary"
                confirm={t('walletUi.completeConfirm')}
                onConfirm={() => settle(r.id, 'complete')}
              >
                {t('walletUi.complete')}
              </ConfirmButton>
              <ConfirmButton
                size="small"
                danger
                confirm={t('walletUi.rejectConfirm')}
                onConfirm={() => settle(r.id, 'reject')}
              >
                {t('walletUi.reject')}
              </ConfirmButton>
            </>
          )}
        </Space>
      ),
    },
  ];
  const shown = useShownColumns('recharges', columns);
  return (
    <Card>
      <ListViews list="recharges" columns={columns} />
      <FilterBar<RechargeFilters>
        filters={filters}
        onChange={setFilters}
        toValues={moneyListValues}
        toFilters={moneyListFilterValues}
        liveFields={['status', 'user_id', 'range']}
        searchText={t('platform.search')}
        resetText={t('platform.reset')}
        extra={
          <>
            <Button onClick={() => exportJob.run(() => exportRecharges(filters)).catch(() => {})}>
              {t('platform.export')}
            </Button>
            <Button type="primary" onClick={() => setCreating(true)}>
              {t('walletUi.newRecharge')}
            </Button>
          </>
        }
        style={{ marginBottom: 16 }}
      >
        <Form.Item name="user_id">
          <UserPicker />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('walletUi.status')}
            options={[1, 2, 3].map((s) => ({ value: s, label: t(`walletUi.recharge.${s}`) }))}
          />
        </Form.Item>
        <MoneyListFilterItems />
      </FilterBar>
      <Space wrap style={{ marginBottom: 12 }} data-testid="bulk-bar">
        <Typography.Text>{t('platform.bulk.selected', { count: selected.length })}</Typography.Text>
        {(['complete', 'reject'] as const).map((outcome) => (
          <ConfirmButton
            key={outcome}
            size="small"
            type={outcome === 'complete' ? 'primary' : 'default'}
            danger={outcome === 'reject'}
            disabled={selected.length === 0}
            confirm={t('platform.bulk.confirm', { count: selected.length, action: t(`walletUi.${outcome}`) })}
            onConfirm={async () => {
              const result = await bulk.mutateAsync({ ids: selected, outcome });
              setSelected([]);
              setResult(result);
            }}
          >
            {t(`walletUi.${outcome}`)}
          </ConfirmButton>
        ))}
      </Space>
      <Table<RechargeItem>
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        columns={shown}
      />
      {creating && <RechargeForm onClose={() => setCreating(false)} />}
      <BulkResultDialog result={result} label={(id) => `#${id}`} onClose={() => setResult(null)} />
      <StartedJobProgress job={exportJob} />
    </Card>
  );
}

import {
  type BulkResult,
  type WithdrawalAction,
  type WithdrawalBulkBody,
  type WithdrawalItem,
  WithdrawalStatus,
} from '@app/contracts';
import { Button, Card, Form, Input, Modal, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPicker } from '../members/UserPicker';
import { FilterBar, SearchField } from '../platform/filters/FilterBar';
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
import { applyFieldErrors } from '../platform/ui/form-errors';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import { ListViews, useShownColumns } from '../views/ListViews';
import { WithdrawalStatusTag } from './WithdrawalStatusTag';
import {
  exportWithdrawals,
  useWithdrawalBulk,
  useWithdrawalStep,
  type WithdrawalFilters,
  withdrawalFilters,
  withdrawalsList,
} from './withdrawals.api';

/** Moves a withdrawal one step (an Idempotency-Key per withdrawal and action, withdrawals.api.ts). */
function useStep() {
  const step = useWithdrawalStep();
  return (id: number, action: WithdrawalAction, reason?: string) => step.mutateAsync({ id, action, reason });
}

/** The refusal dialog: the reason is required (docs/product/withdrawals.md); one reason for every application refused. */
function RefuseDialog({
  onRefuse,
  onClose,
}: {
  onRefuse: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      await onRefuse(reason);
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('walletUi.refuse')}
      okText={t('walletUi.submit')}
      cancelText={t('platform.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('walletUi.reason')}
          rules={[{ required: true, whitespace: true, message: t('wallet.reasonRequired') }, { max: 300 }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type WithdrawalBulkAction = WithdrawalBulkBody['action'];

/** The bulk steps of the selected rows: each row goes through the single step's rules (docs/product/withdrawals.md). */
function BulkBar({ ids, onDone }: { ids: number[]; onDone: (result: BulkResult) => void }) {
  const { t } = useTranslation();
  const bulk = useWithdrawalBulk();
  const [refusing, setRefusing] = useState(false);
  const run = async (action: WithdrawalBulkAction, reason?: string) =>
    onDone(await bulk.mutateAsync({ ids, action, reason }));
  const confirm = (action: string) => t('platform.bulk.confirm', { count: ids.length, action });
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="bulk-bar">
      <Typography.Text>{t('platform.bulk.selected', { count: ids.length })}</Typography.Text>
      <ConfirmButton
        size="small"
        type="primary"
        disabled={ids.length === 0}
        confirm={confirm(t('walletUi.agree'))}
        onConfirm={() => run('agree')}
      >
        {t('walletUi.agree')}
      </ConfirmButton>
      <Button size="small" danger disabled={ids.length === 0} onClick={() => setRefusing(true)}>
        {t('walletUi.refuse')}
      </Button>
      <ConfirmButton
        size="small"
        disabled={ids.length === 0}
        confirm={confirm(t('walletUi.markPaid'))}
        onConfirm={() => run('paid')}
      >
        {t('walletUi.markPaid')}
      </ConfirmButton>
      {refusing && (
        <RefuseDialog onRefuse={(reason) => run('refuse', reason)} onClose={() => setRefusing(false)} />
      )}
    </Space>
  );
}

/**
 * /withdraw (admins): applications filtered by member, days, amount and status (kept in the URL); agree or refuse,
 * then mark paid or failed, one by one or on the selected rows; export what the filters select.
 */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const { filters, setFilters } = useUrlFilters(withdrawalFilters);
  const [refusing, setRefusing] = useState<WithdrawalItem | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [result, setResult] = useState<BulkResult | null>(null);
  const exportJob = useStartedJob();
  const { tableProps } = usePagedList<WithdrawalItem>(withdrawalsList, filters);
  const step = useStep();
  const actions = (w: WithdrawalItem) => {
    if (w.status === WithdrawalStatus.inApplication)
      return (
        <Space>
          <ConfirmButton
            size="small"
            type="primary"
            confirm={t('walletUi.agreeConfirm')}
            onConfirm={() => step(w.id, 'agree')}
          >
            {t('walletUi.agree')}
          </ConfirmButton>
          <Button size="small" danger onClick={() => setRefusing(w)}>
            {t('walletUi.refuse')}
          </Button>
        </Space>
      );
    if (w.status === WithdrawalStatus.paymentInProgress)
      return (
        <Space>
          <ConfirmButton
            size="small"
            type="primary"
            confirm={t('walletUi.paidConfirm')}
            onConfirm={() => step(w.id, 'paid')}
          >
            {t('walletUi.markPaid')}
          </ConfirmButton>
          <ConfirmButton
            size="small"
            danger
            confirm={t('walletUi.failedConfirm')}
            onConfirm={() => step(w.id, 'failed')}
          >
            {t('walletUi.markFailed')}
          </ConfirmButton>
        </Space>
      );
    return null;
  };
  const columns: ColumnsType<WithdrawalItem> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('walletUi.member'), key: 'user', render: (w) => <UserName user={w.user} /> },
    { title: t('walletUi.memberId'), key: 'no', render: (w) => w.user.user_no },
    {
      title: t('walletUi.amount'),
      key: 'amount',
      align: 'right',
      render: (w) => <MoneyText value={w.amount} />,
    },
    { title: t('walletUi.bankCardNumber'), dataIndex: 'bank_card_number' },
    { title: t('walletUi.bankCode'), dataIndex: 'bank_code' },
    { title: t('walletUi.bankName'), dataIndex: 'bank_name' },
    {
      title: t('walletUi.status'),
      key: 'status',
      render: (w) => <WithdrawalStatusTag status={w.status} />,
    },
    { title: t('walletUi.reason'), dataIndex: 'reason' },
    { title: t('walletUi.time'), key: 'time', render: (w) => formatDateTime(w.created_at) },
    { title: t('walletUi.operation'), key: 'op', render: actions },
  ];
  const shown = useShownColumns('withdrawals', columns);
  return (
    <Card>
      <ListViews list="withdrawals" columns={columns} />
      <FilterBar<WithdrawalFilters>
        filters={filters}
        onChange={setFilters}
        toValues={moneyListValues}
        toFilters={moneyListFilterValues}
        liveFields={['status', 'user_id', 'range']}
        searchText={t('platform.search')}
        resetText={t('platform.reset')}
        extra={
          <Button onClick={() => exportJob.run(() => exportWithdrawals(filters)).catch(() => {})}>
            {t('platform.export')}
          </Button>
        }
        style={{ marginBottom: 16 }}
      >
        <SearchField name="keyword" placeholder={t('walletUi.keyword')} />
        <Form.Item name="user_id">
          <UserPicker />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('walletUi.status')}
            options={Object.values(WithdrawalStatus).map((s) => ({
              value: s,
              label: t(`walletUi.withdraw.${s}`),
            }))}
          />
        </Form.Item>
        <MoneyListFilterItems />
      </FilterBar>
      <BulkBar
        ids={selected}
        onDone={(r) => {
          setSelected([]);
          setResult(r);
        }}
      />
      <Table<WithdrawalItem>
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        columns={shown}
      />
      {refusing && (
        <RefuseDialog
          onRefuse={(reason) => step(refusing.id, 'refuse', reason)}
          onClose={() => setRefusing(null)}
        />
      )}
      <BulkResultDialog result={result} label={(id) => `#${id}`} onClose={() => setResult(null)} />
      <StartedJobProgress job={exportJob} />
    </Card>
  );
}

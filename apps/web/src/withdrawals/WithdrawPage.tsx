import { type WithdrawalAction, type WithdrawalItem, WithdrawalStatus } from '@app/contracts';
import { Button, Card, Form, Input, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, SearchField } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { formatDateTime } from '../platform/format';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import { WithdrawalStatusTag } from './WithdrawalStatusTag';
import {
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

/** The refusal dialog: the reason is required (docs/product/withdrawals.md). */
function RefuseDialog({ withdrawal, onClose }: { withdrawal: WithdrawalItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const step = useStep();
  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      await step(withdrawal.id, 'refuse', reason);
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

/** /withdraw (admins): applications by status; agree or refuse, then mark paid or failed. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const { filters, setFilters } = useUrlFilters(withdrawalFilters);
  const [refusing, setRefusing] = useState<WithdrawalItem | null>(null);
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
  return (
    <Card>
      <FilterBar<WithdrawalFilters>
        filters={filters}
        onChange={setFilters}
        liveFields={['status']}
        style={{ marginBottom: 16 }}
      >
        <SearchField name="keyword" placeholder={t('walletUi.keyword')} />
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
      </FilterBar>
      <Table<WithdrawalItem>
        {...tableProps}
        rowKey="id"
        size="small"
        columns={[
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
        ]}
      />
      {refusing && <RefuseDialog withdrawal={refusing} onClose={() => setRefusing(null)} />}
    </Card>
  );
}

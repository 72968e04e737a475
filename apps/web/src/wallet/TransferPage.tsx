import {
  parseCents,
  type SendTransferBody,
  sendTransferBody,
  TRANSFER_DIRECTIONS,
  type TransferItem,
} from '@app/contracts';
import { Button, Card, Col, Form, Input, Row, Select, Statistic, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../platform/current-user';
import { feedback } from '../platform/feedback';
import { FilterBar } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { formatDateTime, formatMoney } from '../platform/format';
import { StartedJobProgress } from '../platform/jobs/JobProgressModal';
import { useStartedJob } from '../platform/jobs/useJob';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { MoneyText } from '../platform/ui/MoneyText';
import { PagedTable } from '../platform/ui/PagedTable';
import { zodRules } from '../platform/ui/zod-rules';
import { ListViews, useShownColumns } from '../views/ListViews';
import { RecipientField } from './RecipientField';
import {
  exportTransfers,
  lookUpRecipient,
  type TransferFilters,
  transferFilters,
  transfersList,
  useSendTransfer,
  useWalletSummary,
} from './wallet.api';

/**
 * /transfer (members): send money to another member picked by member id, after a confirm dialog; the transfers
 * received or sent, with saved views and columns (docs/product/members.md, "Saved views and columns").
 */
export default function TransferPage() {
  const { t } = useTranslation();
  const userId = useCurrentUser().user?.id ?? 0;
  const [form] = Form.useForm<SendTransferBody>();
  const [busy, setBusy] = useState(false);
  const transfer = useSendTransfer(() => form.resetFields());
  const wallet = useWalletSummary(userId);
  const exportJob = useStartedJob();
  const { filters, setFilters } = useUrlFilters(transferFilters);
  const columns: ColumnsType<TransferItem> = [
    { title: t('walletUi.time'), key: 'time', render: (r) => formatDateTime(r.created_at) },
    {
      title: t('walletUi.kind'),
      key: 'dir',
      render: (r) => (
        <Tag color={r.direction === 'in' ? 'success' : 'default'}>
          {t(`walletUi.direction.${r.direction}`)}
        </Tag>
      ),
    },
    { title: t('walletUi.from'), key: 'from', render: (r) => `${r.from_user.name} (${r.from_user.user_no})` },
    { title: t('walletUi.to'), key: 'to', render: (r) => `${r.to_user.name} (${r.to_user.user_no})` },
    {
      title: t('walletUi.amount'),
      key: 'amount',
      align: 'right',
      render: (r) => <MoneyText value={r.amount} />,
    },
    { title: t('walletUi.remark'), dataIndex: 'remark' },
  ];
  const shown = useShownColumns('transfers', columns);
  const send = async (values: SendTransferBody) => {
    setBusy(true);
    try {
      await transfer.mutateAsync(values);
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (values: SendTransferBody) => {
    const recipient = await lookUpRecipient(values.user_no).catch(() => null);
    if (!recipient) return;
    feedback.modal.confirm({
      title: t('walletUi.send'),
      content: t('walletUi.transferConfirm', {
        amount: formatMoney(String(values.amount)),
        name: recipient.name,
        userNo: recipient.user_no,
      }),
      okText: t('platform.ok'),
      cancelText: t('platform.cancel'),
      onOk: () => send({ ...values, user_no: recipient.user_no }),
    });
  };
  const rules = (field: keyof SendTransferBody) => zodRules(sendTransferBody, field);
  // Refused here, before the confirm dialog; the server checks again when the transfer is sent.
  const withinBalance: Rule = {
    validator: async (_rule, value) => {
      const cents = parseCents(String(value ?? ''));
      const available = wallet.data && parseCents(wallet.data.total);
      if (cents !== null && available != null && cents > available)
        throw new Error(t('wallet.insufficientBalance'));
    },
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card title={t('walletUi.send')}>
          <Statistic title={t('walletUi.available')} value={formatMoney(wallet.data?.total)} />
          <Form form={form} layout="vertical" onFinish={confirm} style={{ marginTop: 16 }}>
            <RecipientField />
            <Form.Item name="amount" label={t('walletUi.amount')} rules={[...rules('amount'), withinBalance]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="remark" label={t('walletUi.remark')} rules={rules('remark')}>
              <Input />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('walletUi.send')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title={t('walletUi.transfers')}>
          <ListViews list="transfers" columns={columns} />
          <FilterBar<TransferFilters>
            filters={filters}
            onChange={setFilters}
            liveFields={['direction']}
            searchText={t('platform.search')}
            resetText={t('platform.reset')}
            extra={
              <Button onClick={() => exportJob.run(() => exportTransfers(filters)).catch(() => {})}>
                {t('platform.export')}
              </Button>
            }
            style={{ marginBottom: 16 }}
          >
            <Form.Item name="direction">
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('walletUi.kind')}
                options={TRANSFER_DIRECTIONS.map((d) => ({ value: d, label: t(`walletUi.direction.${d}`) }))}
              />
            </Form.Item>
          </FilterBar>
          <PagedTable<TransferItem>
            list={transfersList}
            filters={filters}
            options={{ pageSize: 10, pageSizes: [10, 20, 50] }}
            rowKey="id"
            size="small"
            scroll={{ x: 'max-content' }}
            columns={shown}
          />
        </Card>
      </Col>
      <StartedJobProgress job={exportJob} />
    </Row>
  );
}

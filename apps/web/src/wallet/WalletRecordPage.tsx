import {
  type JobStarted,
  WALLET_RECORD_KINDS,
  type WalletRecordItem,
  type WalletRecordTotals,
} from '@app/contracts';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../platform/http';
import { JobProgressModal } from '../platform/jobs/JobProgressModal';
import { useStartedJob } from '../platform/jobs/useJob';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import { useRecordColumns } from './wallet-ui';

interface FilterForm {
  keyword?: string;
  kind?: string;
  action?: number;
  status?: number;
  dates?: [Dayjs, Dayjs] | null;
}

const toQuery = ({ dates, ...rest }: FilterForm) => ({
  ...rest,
  start_date: dates?.[0]?.format('YYYY-MM-DD'),
  end_date: dates?.[1]?.format('YYYY-MM-DD'),
});

/** /walletRecord (admins): every wallet record with filters, totals of all matches, and export. */
export default function WalletRecordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<Partial<ReturnType<typeof toQuery>>>({});
  const { tableProps, meta } = usePagedList<WalletRecordItem, WalletRecordTotals>(
    '/api/wallet/recordList',
    filters,
    {
      pageSize: 10,
      pageSizes: [10, 20, 50, 100],
    },
  );
  const columns = useRecordColumns();
  const exportJob = useStartedJob();
  const exportAll = () =>
    exportJob
      .run(() => http.get<JobStarted>('/api/wallet/recordList', { ...filters, export: 1 }))
      .catch(() => {});
  return (
    <Card>
      <Form
        form={form}
        layout="inline"
        onFinish={(v) => setFilters(toQuery(v))}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="keyword" label={t('walletUi.member')}>
          <Input placeholder={t('walletUi.keyword')} allowClear />
        </Form.Item>
        <Form.Item name="kind" label={t('walletUi.kind')}>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('walletUi.all')}
            options={WALLET_RECORD_KINDS.map((k) => ({ value: k, label: t(`walletUi.kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="action" label={t('walletUi.action')}>
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('walletUi.all')}
            options={[
              { value: 1, label: t('walletUi.actionAdd') },
              { value: 2, label: t('walletUi.actionReduce') },
            ]}
          />
        </Form.Item>
        <Form.Item name="status" label={t('walletUi.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('walletUi.all')}
            options={[
              { value: 1, label: t('walletUi.statusComplete') },
              { value: 0, label: t('walletUi.statusPending') },
            ]}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('walletUi.dateRange')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('walletUi.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
            }}
          >
            {t('walletUi.reset')}
          </Button>
          <Button onClick={exportAll}>{t('walletUi.export')}</Button>
        </Space>
      </Form>
      <Table<WalletRecordItem>
        {...tableProps}
        rowKey="id"
        size="small"
        columns={[
          {
            title: t('walletUi.member'),
            key: 'user',
            render: (r: WalletRecordItem) => <UserName user={r.user} />,
          },
          { title: t('walletUi.memberId'), key: 'userNo', render: (r: WalletRecordItem) => r.user.user_no },
          ...columns,
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={10}>
              <Space size="large">
                <Typography.Text>
                  {t('walletUi.totalAdd')}: <MoneyText value={meta?.totalAdd} strong />
                </Typography.Text>
                <Typography.Text>
                  {t('walletUi.totalReduce')}: <MoneyText value={meta?.totalReduce} strong />
                </Typography.Text>
              </Space>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {exportJob.started && (
        <JobProgressModal
          key={exportJob.started.job_id}
          started={exportJob.started}
          onClose={exportJob.clear}
        />
      )}
    </Card>
  );
}

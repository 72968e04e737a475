import {
  WALLET_RECORD_KINDS,
  WALLET_RECORD_STATES,
  type WalletRecordItem,
  type WalletRecordTotals,
} from '@app/contracts';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { StartedJobProgress } from '../platform/jobs/JobProgressModal';
import { useStartedJob } from '../platform/jobs/useJob';
import { BusinessDaysHintItem } from '../platform/ui/BusinessDaysHint';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { UserName } from '../platform/ui/UserName';
import { ListViews, useShownColumns } from '../views/ListViews';
import {
  exportWalletRecords,
  type WalletRecordFilters,
  walletRecordFilters,
  walletRecordList,
} from './wallet.api';
import { useRecordColumns } from './wallet-ui';

type Values = Record<string, unknown>;

/** Form values → filters: the picked days as start and end dates. */
const toFilters = ({ dates, ...rest }: Values): WalletRecordFilters => {
  const range = dates as [Dayjs, Dayjs] | null | undefined;
  return {
    ...rest,
    start_date: range?.[0]?.format('YYYY-MM-DD'),
    end_date: range?.[1]?.format('YYYY-MM-DD'),
  };
};

/** Filters → form values: the dates back as the picked range. */
const toValues = ({ start_date, end_date, ...rest }: WalletRecordFilters): Values => ({
  ...rest,
  dates: start_date && end_date ? [dayjs(start_date), dayjs(end_date)] : undefined,
});

/**
 * /walletRecord (admins): every wallet record with filters, totals of all matches, and export; saved views and
 * columns (docs/product/members.md, "Saved views and columns").
 */
export default function WalletRecordPage() {
  const { t } = useTranslation();
  const { filters, setFilters } = useUrlFilters(walletRecordFilters);
  const { tableProps, meta } = usePagedList<WalletRecordItem, WalletRecordTotals>(walletRecordList, filters, {
    pageSize: 10,
    pageSizes: [10, 20, 50, 100],
  });
  const recordColumns = useRecordColumns();
  const columns: ColumnsType<WalletRecordItem> = [
    { title: t('walletUi.member'), key: 'user', render: (r: WalletRecordItem) => <UserName user={r.user} /> },
    { title: t('walletUi.memberId'), key: 'userNo', render: (r: WalletRecordItem) => r.user.user_no },
    ...recordColumns,
  ];
  const shown = useShownColumns('wallet-records', columns);
  const exportJob = useStartedJob();
  const exportAll = () => exportJob.run(() => exportWalletRecords(filters)).catch(() => {});
  return (
    <Card>
      <ListViews list="wallet-records" columns={columns} />
      <FilterBar<WalletRecordFilters>
        style={{ marginBottom: 16, rowGap: 8 }}
        filters={filters}
        onChange={setFilters}
        toValues={toValues}
        toFilters={toFilters}
        searchText={t('walletUi.search')}
        resetText={t('walletUi.reset')}
        extra={<Button onClick={exportAll}>{t('walletUi.export')}</Button>}
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
        <Form.Item name="state" label={t('walletUi.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('walletUi.all')}
            options={WALLET_RECORD_STATES.map((state) => ({
              value: state,
              label: t(`walletUi.state.${state}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('walletUi.dateRange')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <BusinessDaysHintItem />
      </FilterBar>
      <Table<WalletRecordItem>
        {...tableProps}
        rowKey="id"
        size="small"
        columns={shown}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={Math.max(shown.length, 1)}>
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
      <StartedJobProgress job={exportJob} />
    </Card>
  );
}

import type {
  BonusColumn,
  BonusDetailRow,
  CashBackItem,
  MonthAmountsByType,
  UserWalletBonus,
} from '@app/contracts';
import { BONUS_DETAIL_PAGE_SIZES, UI } from '@app/contracts';
import { Alert, Button, DatePicker, Modal, Row, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { businessToday } from '../platform/business-days';
import { useBusinessTimeZone } from '../platform/current-user';
import { formatDateTime, formatMoney } from '../platform/format';
import { BusinessDaysHint } from '../platform/ui/BusinessDaysHint';
import { Chart, ChartCard, typeSeries } from '../platform/ui/chart/ChartCard';
import { MoneyText } from '../platform/ui/MoneyText';
import { useMemberBonusDetail, useMemberBonusReport } from './bonus.api';
import { ExplainPayoutButton, useMayExplainPayouts } from './PayoutExplanation';
import { WithheldPayouts } from './WithheldPayouts';

type Range = [Dayjs, Dayjs];
const asFilter = (range: Range) => [range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')];

/** The cells of each detail column (every bonus type shows its own column set, docs/product/bonus.md). */
function detailColumn(key: BonusColumn, t: (k: string) => string): ColumnsType<BonusDetailRow>[number] {
  const title = t(`bonus.col.${key}`);
  switch (key) {
    case 'period':
      return { title, dataIndex: 'period' };
    case 'orderNo':
      return { title, dataIndex: 'order_no' };
    case 'buyer':
      return { title, dataIndex: 'buyer' };
    case 'provider':
      return { title, dataIndex: 'provider' };
    case 'salesPoint':
      return { title, dataIndex: 'sales_point', align: 'right' };
    case 'ratio':
      return { title, dataIndex: 'ratio', align: 'right' };
    case 'shares':
      return { title, dataIndex: 'shares', align: 'right' };
    case 'totalShares':
      return { title, dataIndex: 'total_shares', align: 'right' };
    case 'pool':
      return { title, key, align: 'right', render: (_, r) => <MoneyText value={r.pool} /> };
    case 'downline':
      return {
        title,
        key,
        render: (_, r) =>
          r.downline_user_id ? (
            <Link to={`/organization/index?user_id=${r.downline_user_id}`}>{t('bonus.viewDownline')}</Link>
          ) : null,
      };
    case 'amount':
      return { title, key, align: 'right', render: (_, r) => <MoneyText value={r.amount} strong /> };
    case 'time':
      return { title, key, render: (_, r) => formatDateTime(r.time) };
  }
}

/** One bonus type's payouts of a member over a range (bonusEndpoints.cashBack), page size 11. */
export function BonusDetailTable({
  userId,
  typeKey,
  range,
}: {
  userId: number;
  typeKey: number;
  range: Range;
}) {
  const { t } = useTranslation();
  const mayExplain = useMayExplainPayouts();
  const [paging, setPaging] = useState({ page: 1, pageSize: UI.bonusDetailPageSize as number });
  const detail = useMemberBonusDetail(userId, typeKey, asFilter(range), paging);
  if (detail.error) return <Alert type="warning" showIcon message={(detail.error as Error).message} />;
  const data = detail.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {data?.pool_rule && (
        <Typography.Text type="secondary">
          {t('bonus.poolNote', { ratio: data.pool_rule.ratio, sp: data.pool_rule.sp_per_share })}
        </Typography.Text>
      )}
      <Table<BonusDetailRow>
        rowKey="id"
        size="small"
        loading={detail.isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          ...(data?.columns ?? []).map((c) => detailColumn(c, t)),
          ...(mayExplain
            ? [
                {
                  key: 'explain',
                  render: (_: unknown, r: BonusDetailRow) => (
                    <ExplainPayoutButton target={{ source: 'payout', id: r.id }} />
                  ),
                },
              ]
            : []),
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('bonus.total')}</Table.Summary.Cell>
            <Table.Summary.Cell
              index={1}
              colSpan={Math.max(1, (data?.columns.length ?? 1) - 1)}
              align="right"
            >
              <MoneyText value={data?.total} strong />
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data?.meta.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: BONUS_DETAIL_PAGE_SIZES.map(String),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
      />
    </Space>
  );
}

/**
 * The report's amounts as a chart draws them: the types with any amount in the range, and the periods with any
 * payout, the oldest first (the report lists the newest first). Undefined when there is none.
 */
export function reportAmounts(report: UserWalletBonus | undefined): MonthAmountsByType | undefined {
  const types = (report?.cashBack ?? []).filter((item) => Number(item.value) !== 0);
  if (!report || types.length === 0) return undefined;
  return {
    types: types.map((item) => ({ key: Number(item.key), name: item.text })),
    months: [...report.list].reverse().map((row) => ({
      period: row.period,
      amounts: types.map((type) => row.cashBack.find((i) => i.key === type.key)?.value ?? '0.00'),
    })),
  };
}

/** The days of a report row's period ('YYYY-MM-DD' or 'YYYY-MM'). */
const periodRange = (period: string, by: 'day' | 'month'): Range => [
  dayjs(period).startOf(by),
  dayjs(period).endOf(by).startOf('day'),
];

/**
 * Bonus by day or by month of a member (bonusEndpoints.memberBonuses): a chart of the amounts per period and type
 * (stacked, with its table for screen readers), then one row per period, one column per bonus type; a click on an amount opens that type's payouts behind it (of that period, or of
 * the whole range on the total row), each of them explainable. Embedded by the member wallet
 * page and the user detail wallet accordion: <BonusReport userId={id} by="day" />
 */
export function BonusReport({ userId, by }: { userId: number; by: 'day' | 'month' }) {
  const { t } = useTranslation();
  const today = businessToday(useBusinessTimeZone());
  // This month of the business time zone so far: payouts count for its days (bonus_payouts.day).
  const [range, setRange] = useState<Range | null>(() => [today.startOf('month'), today]);
  const [open, setOpen] = useState<{ item: CashBackItem; range: Range } | null>(null);
  const report = useMemberBonusReport(userId, by, range && asFilter(range));
  const types = report.data?.cashBack ?? [];
  const cell = (items: CashBackItem[], item: CashBackItem, cellRange: Range) => {
    const value = items.find((i) => i.key === item.key)?.value ?? '0.00';
    return value === '0.00' ? (
      <MoneyText value={value} />
    ) : (
      <Button type="link" size="small" onClick={() => setOpen({ item, range: cellRange })}>
        {formatMoney(value)}
      </Button>
    );
  };
  const columns: ColumnsType<UserWalletBonus['list'][number]> = [
    { title: t('bonus.period'), dataIndex: 'period', fixed: 'left' },
    ...types.map((item) => ({
      title: item.text,
      key: item.key,
      align: 'right' as const,
      render: (_: unknown, row: UserWalletBonus['list'][number]) =>
        cell(row.cashBack, item, periodRange(row.period, by)),
    })),
    {
      title: t('bonus.total'),
      key: 'total',
      align: 'right',
      render: (_, row) => <MoneyText value={row.total} strong />,
    },
  ];
  // The chart comes first, outside the report's test id: the report's own table is the one tests read.
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {range && (
        <Row>
          <ChartCard
            testId={`bonus-${by}`}
            title={t(by === 'day' ? 'bonus.chart.perDay' : 'bonus.chart.perMonth')}
            query={{ data: reportAmounts(report.data), isLoading: report.isLoading }}
            wide
          >
            {(amounts) => (
              <Chart
                title={t(by === 'day' ? 'bonus.chart.perDay' : 'bonus.chart.perMonth')}
                categories={amounts.months.map((m) => m.period)}
                series={typeSeries(amounts)}
              />
            )}
          </ChartCard>
        </Row>
      )}
      <Space direction="vertical" style={{ width: '100%' }} data-testid={`bonus-report-${by}`}>
        <DatePicker.RangePicker
          picker={by === 'month' ? 'month' : 'date'}
          value={range}
          onChange={(value) =>
            setRange(
              value?.[0] && value[1] ? [value[0].startOf(by), value[1].endOf(by).startOf('day')] : null,
            )
          }
        />
        <BusinessDaysHint />
        {by === 'month' && <Typography.Text type="secondary">{t('bonus.monthMeaning')}</Typography.Text>}
        {range === null && <Alert type="info" showIcon message={t('bonus.selectTime')} />}
        <Table
          rowKey="period"
          size="small"
          loading={report.isFetching}
          dataSource={report.data?.list ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          pagination={false}
          summary={() =>
            types.length > 0 && (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('bonus.total')}</Table.Summary.Cell>
                {types.map((item, i) => (
                  <Table.Summary.Cell key={item.key} index={i + 1} align="right">
                    {range && cell(types, item, range)}
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={types.length + 1} />
              </Table.Summary.Row>
            )
          }
        />
        {open && (
          <Modal
            open
            width={960}
            footer={null}
            title={t('bonus.detail', { name: open.item.text })}
            onCancel={() => setOpen(null)}
          >
            <BonusDetailTable userId={userId} typeKey={Number(open.item.key)} range={open.range} />
          </Modal>
        )}
      </Space>
    </Space>
  );
}

/**
 * Bonus by day and by month in two tabs (the member wallet page), under the member's held and forfeited payouts
 * when there are any: <BonusTabs userId={id} />
 */
export function BonusTabs({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <WithheldPayouts userId={userId} />
      <Tabs
        items={[
          { key: 'day', label: t('bonus.byDay'), children: <BonusReport userId={userId} by="day" /> },
          { key: 'month', label: t('bonus.byMonth'), children: <BonusReport userId={userId} by="month" /> },
        ]}
      />
    </Space>
  );
}

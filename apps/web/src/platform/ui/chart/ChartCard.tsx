import type { ActivityPoint, MonthAmountsByType } from '@app/contracts';
import { Card, Col, Empty, Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney } from '../../format';
import type { ChartSeries } from './Chart';

// echarts loads with the first chart, never with the pages that draw none.
export const Chart = lazy(() => import('./Chart'));

/** Money axis labels, tooltips and table cells: grouped per language, two decimals. */
export const money = (value: number) => formatMoney(value.toFixed(2));

/** One bar per bonus type, stacked, per month (amounts per type: payouts, a member's earnings). */
export const typeSeries = ({ types, months }: MonthAmountsByType): ChartSeries[] =>
  types.map((type, i) => ({
    name: type.name,
    kind: 'bar',
    stack: 'types',
    values: months.map((m) => Number(m.amounts[i] ?? 0)),
    format: money,
  }));

/** Sales (bars, money on the left axis) and SP (a line, on the right axis) of each point, named `names`. */
export const salesSeries = (
  points: Array<Pick<ActivityPoint, 'sales' | 'sp'>>,
  names: { sales: string; sp: string },
): ChartSeries[] => [
  { name: names.sales, kind: 'bar', values: points.map((p) => Number(p.sales)), format: money },
  { name: names.sp, kind: 'line', axis: 1, values: points.map((p) => p.sp), format: formatCount },
];

/**
 * A chart's card (the dashboard, the member report, the bonus report) (docs/product/dashboard.md): a skeleton while `query` loads, "no data" when it failed,
 * else `children` drawn with its data. `testId` names it `chart-<testId>` for the browser tests.
 */
export function ChartCard<T>({
  testId,
  title,
  query,
  wide = false,
  children,
}: {
  testId: string;
  title: string;
  query: { data: T | undefined; isLoading: boolean };
  /** The whole row on wide screens (else half of it). */
  wide?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Col xs={24} xl={wide ? 24 : 12}>
      <Card title={title} data-testid={`chart-${testId}`}>
        {query.isLoading ? (
          <Skeleton active />
        ) : !query.data ? (
          <Empty description={t('platform.noData')} />
        ) : (
          <Suspense fallback={<Skeleton active />}>{children(query.data)}</Suspense>
        )}
      </Card>
    </Col>
  );
}

import type { ActivityPoint } from '@app/contracts';
import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney } from '../platform/format';
import type { ChartSeries } from '../platform/ui/chart/Chart';
import { useDashboardCharts } from './dashboard.api';

// echarts loads with the first chart, never with the pages that draw none.
const Chart = lazy(() => import('../platform/ui/chart/Chart'));

const money = (value: number) => formatMoney(value.toFixed(2));

/** The administrators' charts (docs/product/dashboard.md, "Charts (administrators)"): a table beside each for screen readers. */
export default function ActivityCharts() {
  const { t } = useTranslation();
  const { data, isLoading } = useDashboardCharts();
  const salesSeries = (points: ActivityPoint[]): ChartSeries[] => [
    {
      name: t('dashboard.chart.sales'),
      kind: 'bar',
      values: points.map((p) => Number(p.sales)),
      format: money,
    },
    {
      name: t('dashboard.chart.sp'),
      kind: 'line',
      axis: 1,
      values: points.map((p) => p.sp),
      format: formatCount,
    },
  ];
  const card = (
    key: string,
    title: string,
    body: (points: { days: ActivityPoint[]; months: ActivityPoint[] }) => ReactNode,
  ) => (
    <Col xs={24} xl={key === 'members' ? 24 : 12} key={key}>
      <Card title={title} data-testid={`chart-${key}`}>
        {isLoading ? (
          <Skeleton active />
        ) : !data ? (
          <Empty description={t('platform.noData')} />
        ) : (
          <Suspense fallback={<Skeleton active />}>{body(data)}</Suspense>
        )}
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {card('days', t('dashboard.chart.salesPerDay'), ({ days }) => (
        <Chart
          title={t('dashboard.chart.salesPerDay')}
          categories={days.map((p) => p.period.slice(5))}
          series={salesSeries(days)}
        />
      ))}
      {card('months', t('dashboard.chart.salesPerMonth'), ({ months }) => (
        <Chart
          title={t('dashboard.chart.salesPerMonth')}
          categories={months.map((p) => p.period)}
          series={salesSeries(months)}
        />
      ))}
      {card('members', t('dashboard.chart.newMembersPerDay'), ({ days }) => (
        <Chart
          title={t('dashboard.chart.newMembersPerDay')}
          categories={days.map((p) => p.period.slice(5))}
          series={[
            {
              name: t('dashboard.chart.newMembers'),
              kind: 'bar',
              values: days.map((p) => p.new_members),
              format: formatCount,
            },
          ]}
          height={220}
        />
      ))}
    </Row>
  );
}

import type { ActivityPoint } from '@app/contracts';
import { Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../platform/format';
import type { ChartSeries } from '../platform/ui/chart/Chart';
import { Chart, ChartCard, money } from './ChartCard';
import { useDashboardCharts } from './dashboard.api';
import { MoneyCharts } from './MoneyCharts';

/** The administrators' charts (docs/product/dashboard.md, "Charts (administrators)"): a table beside each for screen readers. */
export default function ActivityCharts() {
  const { t } = useTranslation();
  const query = useDashboardCharts();
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
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <ChartCard testId="days" title={t('dashboard.chart.salesPerDay')} query={query}>
        {({ days }) => (
          <Chart
            title={t('dashboard.chart.salesPerDay')}
            categories={days.map((p) => p.period.slice(5))}
            series={salesSeries(days)}
          />
        )}
      </ChartCard>
      <ChartCard testId="months" title={t('dashboard.chart.salesPerMonth')} query={query}>
        {({ months }) => (
          <Chart
            title={t('dashboard.chart.salesPerMonth')}
            categories={months.map((p) => p.period)}
            series={salesSeries(months)}
          />
        )}
      </ChartCard>
      <ChartCard testId="members" title={t('dashboard.chart.newMembersPerDay')} query={query} wide>
        {({ days }) => (
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
        )}
      </ChartCard>
      <MoneyCharts />
    </Row>
  );
}

import { Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../platform/format';
import { Chart, ChartCard, salesSeries } from '../platform/ui/chart/ChartCard';
import { useDashboardCharts } from './dashboard.api';
import { MoneyCharts } from './MoneyCharts';

/** The administrators' charts (docs/product/dashboard.md, "Charts (administrators)"): a table beside each for screen readers. */
export default function ActivityCharts() {
  const { t } = useTranslation();
  const query = useDashboardCharts();
  const names = { sales: t('dashboard.chart.sales'), sp: t('dashboard.chart.sp') };
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <ChartCard testId="days" title={t('dashboard.chart.salesPerDay')} query={query}>
        {({ days }) => (
          <Chart
            title={t('dashboard.chart.salesPerDay')}
            categories={days.map((p) => p.period.slice(5))}
            series={salesSeries(days, names)}
          />
        )}
      </ChartCard>
      <ChartCard testId="months" title={t('dashboard.chart.salesPerMonth')} query={query}>
        {({ months }) => (
          <Chart
            title={t('dashboard.chart.salesPerMonth')}
            categories={months.map((p) => p.period)}
            series={salesSeries(months, names)}
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
                whole: true,
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

import { Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../platform/format';
import { Chart, ChartCard, salesSeries, typeSeries } from '../platform/ui/chart/ChartCard';
import { useDashboardMemberCharts } from './dashboard.api';

/**
 * A member's charts (docs/product/dashboard.md, "Charts (members)"): their bonus earnings per month by type
 * (stacked), the new members of their downline per month and their team's sales and SP per month (the done orders of
 * their whole downline), each with a table for screen readers.
 */
export default function MemberCharts() {
  const { t } = useTranslation();
  const query = useDashboardMemberCharts();
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <ChartCard testId="earnings" title={t('dashboard.chart.earningsPerMonth')} query={query}>
        {({ earnings }) => (
          <Chart
            title={t('dashboard.chart.earningsPerMonth')}
            categories={earnings.months.map((m) => m.period)}
            series={typeSeries(earnings)}
          />
        )}
      </ChartCard>
      <ChartCard testId="downline" title={t('dashboard.chart.downlineGrowth')} query={query}>
        {({ downline }) => (
          <Chart
            title={t('dashboard.chart.downlineGrowth')}
            categories={downline.map((d) => d.period)}
            series={[
              {
                name: t('dashboard.chart.newDownlineMembers'),
                kind: 'bar',
                values: downline.map((d) => d.new_members),
                format: formatCount,
                whole: true,
              },
            ]}
          />
        )}
      </ChartCard>
      <ChartCard testId="team" title={t('dashboard.chart.teamSales')} query={query} wide>
        {({ team }) => (
          <Chart
            title={t('dashboard.chart.teamSales')}
            categories={team.map((m) => m.period)}
            series={salesSeries(team, {
              sales: t('dashboard.chart.teamSalesAmount'),
              sp: t('dashboard.chart.teamSp'),
            })}
          />
        )}
      </ChartCard>
    </Row>
  );
}

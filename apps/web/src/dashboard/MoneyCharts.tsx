import { useTranslation } from 'react-i18next';
import { formatCount } from '../platform/format';
import { Chart, ChartCard, money, typeSeries } from '../platform/ui/chart/ChartCard';
import { useDashboardMoneyCharts } from './dashboard.api';

/**
 * The administrators' money charts (docs/product/dashboard.md, "Money charts (administrators)"): bonus payouts per
 * type per month, stacked, and the withdrawal queue per status (how many and how much).
 */
export function MoneyCharts() {
  const { t } = useTranslation();
  const query = useDashboardMoneyCharts();
  return (
    <>
      <ChartCard testId="payouts" title={t('dashboard.chart.payoutsPerMonth')} query={query}>
        {({ payouts }) => (
          <Chart
            title={t('dashboard.chart.payoutsPerMonth')}
            categories={payouts.months.map((m) => m.period)}
            series={typeSeries(payouts)}
          />
        )}
      </ChartCard>
      <ChartCard testId="withdrawals" title={t('dashboard.chart.withdrawalQueue')} query={query}>
        {({ withdrawals }) => (
          <Chart
            title={t('dashboard.chart.withdrawalQueue')}
            categories={withdrawals.map((w) => t(`walletUi.withdraw.${w.status}`))}
            series={[
              {
                name: t('dashboard.chart.withdrawalCount'),
                kind: 'bar',
                values: withdrawals.map((w) => w.count),
                format: formatCount,
                whole: true,
              },
              {
                name: t('dashboard.chart.withdrawalAmount'),
                kind: 'bar',
                axis: 1,
                values: withdrawals.map((w) => Number(w.amount)),
                format: money,
              },
            ]}
          />
        )}
      </ChartCard>
    </>
  );
}

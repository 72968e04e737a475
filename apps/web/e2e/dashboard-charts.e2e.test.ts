import {
  type DashboardCharts,
  type DashboardMemberCharts,
  type DashboardMoneyCharts,
  formatCount,
  formatMoney,
  LOCALES,
  type MonthAmountsByType,
  translate,
} from '@app/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMessages } from '../src/dashboard/dashboard.messages';
import { DEMO, Harness } from './harness';
import { PHONE } from './phone';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** GET `path` as the page's signed-in user (in the page's language). */
const getAs = <T>(page: Page, path: string) =>
  page.evaluate(async (url) => {
    const res = await fetch(url, {
      headers: {
        authorization: `Bearer ${localStorage.getItem('token')}`,
        locale: document.documentElement.lang || 'en-US',
      },
    });
    return ((await res.json()) as { data: unknown }).data;
  }, path) as Promise<T>;

const chartsOf = (page: Page) => getAs<DashboardCharts>(page, '/api/dashboard/charts?days=30&months=12');

/** A stacked chart's table: per month, its period and each type's amount. */
const typeRows = ({ months }: MonthAmountsByType) =>
  months.map((m) => [m.period, ...m.amounts.map((a) => formatMoney(a))]);

/** The texts drawn in the left half of a chart: its left axis's marks, the first categories. */
const leftAxisOf = (page: Page, chart: string) =>
  page
    .getByTestId(`chart-${chart}`)
    .locator('svg text')
    .evaluateAll((texts) => {
      const box = texts[0]?.closest('svg')?.getBoundingClientRect();
      const middle = box ? box.left + box.width / 2 : 0;
      return texts
        .filter((text) => text.getBoundingClientRect().right < middle)
        .map((text) => text.textContent ?? '');
    });

/** The rows of a chart's table (read by screen readers), each as its cells' texts. */
const tableOf = (page: Page, key: string) =>
  page
    .getByTestId(`chart-${key}`)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));

describe('the admin dashboard charts', () => {
  for (const locale of LOCALES)
    it(`draw sales, SP and new members per day and month with a table of the same figures (${locale})`, async () => {
      const text = dashboardMessages[locale];
      const page = await harness.newPage({ locale });
      await harness.login(page, ...DEMO.admin);
      await page.getByTestId('chart-days').locator('svg').first().waitFor();
      await page.getByTestId('chart-members').locator('svg').first().waitFor();
      expect(await page.getByText(text['dashboard.chart.salesPerMonth']).count()).toBeGreaterThan(0);
      const { days, months } = await chartsOf(page);
      expect(await tableOf(page, 'days')).toEqual(
        days.map((d) => [d.period.slice(5), formatMoney(d.sales), formatCount(d.sp, locale)]),
      );
      expect(await tableOf(page, 'months')).toEqual(
        months.map((m) => [m.period, formatMoney(m.sales), formatCount(m.sp, locale)]),
      );
      expect(await tableOf(page, 'members')).toEqual(
        days.map((d) => [d.period.slice(5), formatCount(d.new_members, locale)]),
      );
      // The demo data has sales this month: the chart is not empty.
      expect(months.at(-1)!.sales_count).toBeGreaterThan(0);
    });

  it('add payouts per type per month and the withdrawal queue, with their tables (en-US)', async () => {
    const text = dashboardMessages['en-US'];
    const page = await harness.newPage({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    await harness.login(page, ...DEMO.admin);
    await page.getByTestId('chart-payouts').locator('svg').first().waitFor();
    await page.getByTestId('chart-withdrawals').locator('svg').first().waitFor();
    expect(await page.getByText(text['dashboard.chart.payoutsPerMonth']).count()).toBeGreaterThan(0);
    expect(await page.getByText(text['dashboard.chart.withdrawalQueue']).count()).toBeGreaterThan(0);
    const { payouts, withdrawals } = await getAs<DashboardMoneyCharts>(
      page,
      '/api/dashboard/money-charts?months=12',
    );
    expect(await tableOf(page, 'payouts')).toEqual(typeRows(payouts));
    expect(await tableOf(page, 'withdrawals')).toEqual(
      withdrawals.map((w) => [
        translate(`walletUi.withdraw.${w.status}`, 'en-US'),
        formatCount(w.count, 'en-US'),
        formatMoney(w.amount),
      ]),
    );
    // The demo data settles bonuses: some month paid something.
    expect(payouts.types.length).toBeGreaterThan(0);
    // The count axis (the left one) is marked in whole numbers: a handful of applications is not 0.5 of one.
    const countMarks = (await leftAxisOf(page, 'withdrawals')).filter((label) => /^[\d,.]+$/.test(label));
    expect(countMarks.length).toBeGreaterThan(1);
    expect(countMarks.filter((label) => label.includes('.'))).toEqual([]);
  });

  it('show a member their own earnings and downline growth at 390 px, not the admin charts (zh-HK)', async () => {
    const text = dashboardMessages['zh-HK'];
    const page = await harness.newPage({ locale: 'zh-HK', viewport: PHONE });
    await harness.login(page, ...DEMO.member);
    await page.getByTestId('chart-earnings').locator('svg').first().waitFor();
    await page.getByTestId('chart-downline').locator('svg').first().waitFor();
    expect(await page.getByText(text['dashboard.chart.earningsPerMonth']).count()).toBeGreaterThan(0);
    expect(await page.getByText(text['dashboard.chart.downlineGrowth']).count()).toBeGreaterThan(0);
    const { earnings, downline } = await getAs<DashboardMemberCharts>(
      page,
      '/api/dashboard/member-charts?months=12',
    );
    expect(await tableOf(page, 'earnings')).toEqual(typeRows(earnings));
    expect(await tableOf(page, 'downline')).toEqual(
      downline.map((d) => [d.period, formatCount(d.new_members, 'zh-HK')]),
    );
    expect(await page.getByTestId('chart-payouts').count()).toBe(0);
    expect(await page.getByTestId('chart-days').count()).toBe(0);
    // Each chart fits the phone's width: no page scrolls sideways.
    for (const key of ['earnings', 'downline']) {
      const box = (await page.getByTestId(`chart-${key}`).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

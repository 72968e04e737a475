import { type DashboardCharts, formatCount, formatMoney, LOCALES } from '@app/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMessages } from '../src/dashboard/dashboard.messages';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

const chartsOf = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/dashboard/charts?days=30&months=12', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return ((await res.json()) as { data: DashboardCharts }).data;
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

  it('are not on the member dashboard, which does not load the chart library', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    await page.getByTestId('referral-card').waitFor();
    expect(await page.getByTestId('chart').count()).toBe(0);
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name.split('/').pop() ?? ''),
    );
    expect(scripts.filter((name) => /^Chart-.*\.js/.test(name))).toEqual([]);
  });
});

import {
  type DashboardMemberCharts,
  formatCount,
  formatMoney,
  type UserReport,
  type UserWalletBonus,
} from '@app/contracts';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusUiMessages } from '../src/bonus/bonus.messages';
import { dashboardMessages } from '../src/dashboard/dashboard.messages';
import { membersUiMessages } from '../src/members/members.messages';
import { DEMO, Harness } from './harness';
import { PHONE } from './phone';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** The rows of a chart's table (read by screen readers), each as its cells' texts. */
const tableOf = (page: Page, key: string) =>
  page
    .getByTestId(`chart-${key}`)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));

/** The JSON data of the next answer whose URL contains `part` (and whose request body `body`, when given). */
const answerOf = <T>(page: Page, part: string, body?: string) =>
  page
    .waitForResponse(
      (r) =>
        r.url().includes(part) &&
        r.status() === 200 &&
        (body === undefined || (r.request().postData() ?? '').includes(body)),
    )
    .then(async (r) => ((await r.json()) as { data: T }).data);

/** Each chart fits the phone's width: no page scrolls sideways. */
async function fitsThePhone(page: Page, keys: string[]) {
  for (const key of keys) {
    const box = (await page.getByTestId(`chart-${key}`).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe('the member report charts', () => {
  it('draw new members per period by level, and sales and SP per period, with their tables (en-US)', async () => {
    const text = membersUiMessages['en-US'];
    const page = await harness.newPage({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    await harness.login(page, ...DEMO.admin);
    const answered = answerOf<UserReport>(page, '/api/users/report');
    await page.goto('/user/report');
    const report = await answered;
    await page.getByTestId('chart-report-members').locator('svg').first().waitFor();
    await page.getByTestId('chart-report-sales').locator('svg').first().waitFor();
    expect(await page.getByText(text['members.ui.report.newMembersChart']).count()).toBeGreaterThan(0);
    expect(await page.getByText(text['members.ui.report.salesChart']).count()).toBeGreaterThan(0);
    expect(await tableOf(page, 'report-members')).toEqual(
      report.rows.map((r) => [
        r.period,
        ...report.levels.map((l) => formatCount(r.by_level[l.id] ?? 0, 'en-US')),
      ]),
    );
    expect(await tableOf(page, 'report-sales')).toEqual(
      report.activity.map((p) => [p.period, formatMoney(p.sales), formatCount(p.sp, 'en-US')]),
    );
    // The activity's periods are the report's, and its new members the report's too (the same members counted).
    expect(report.activity.map((p) => p.period)).toEqual(report.rows.map((r) => r.period));
    expect(report.activity.map((p) => p.new_members)).toEqual(report.rows.map((r) => r.total));
    // The demo data has sales in the last 30 days.
    expect(report.activity.some((p) => p.sales_count > 0)).toBe(true);
  });
});

/** The chart's table rows of a bonus report answer: per period with a payout (oldest first), each paid type's amount. */
const bonusRows = (report: UserWalletBonus) => {
  const paid = report.cashBack.filter((item) => Number(item.value) !== 0);
  return [...report.list]
    .reverse()
    .map((row) => [
      row.period,
      ...paid.map((type) => formatMoney(row.cashBack.find((i) => i.key === type.key)?.value ?? '0.00')),
    ]);
};

describe('the bonus report chart', () => {
  it('draws a member’s bonus per day by type over the range picked, with its table (en-US)', async () => {
    const page = await harness.newPage({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    await harness.login(page, ...DEMO.admin);
    const records = await page.evaluate(async () => {
      const res = await fetch('/api/wallet/recordList?kind=bonus&pageSize=20', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return ((await res.json()) as { data: { list: Array<{ user: { id: number } }> } }).data.list;
    });
    expect(records.length).toBeGreaterThan(0);
    const receiver = records[0]!.user.id;
    await page.goto(`/description/${receiver}`);
    await page.getByRole('tab', { name: 'Bonus by day' }).click();
    const report = page.getByTestId('bonus-report-day');
    await report.waitFor();
    // A year back to today: the demo data's settled payouts are in it.
    const from = dayjs().subtract(1, 'year').format('YYYY-MM-DD');
    const answered = answerOf<UserWalletBonus>(page, '/getUserWallet', from);
    const inputs = report.locator('.ant-picker-input input');
    await inputs.nth(0).click();
    await inputs.nth(0).fill(from);
    await inputs.nth(0).press('Enter');
    await inputs.nth(1).fill(dayjs().format('YYYY-MM-DD'));
    await inputs.nth(1).press('Enter');
    const answer = await answered;
    const card = page.getByTestId('chart-bonus-day');
    await card.locator('svg').first().waitFor();
    await card.getByText(bonusUiMessages['en-US']['bonus.chart.perDay']).first().waitFor();
    await expect.poll(() => tableOf(page, 'bonus-day')).toEqual(bonusRows(answer));
    expect(answer.list.length).toBeGreaterThan(0);
  });
});

describe('a member’s team sales and bonus charts', () => {
  it('show the team’s sales and SP per month on the dashboard and the bonus per day on the wallet at 390 px (zh-HK)', async () => {
    const page = await harness.newPage({ locale: 'zh-HK', viewport: PHONE });
    const charts = answerOf<DashboardMemberCharts>(page, '/api/dashboard/member-charts');
    await harness.login(page, ...DEMO.member);
    const { team } = await charts;
    await page.getByTestId('chart-team').locator('svg').first().waitFor();
    expect(
      await page.getByText(dashboardMessages['zh-HK']['dashboard.chart.teamSales']).count(),
    ).toBeGreaterThan(0);
    expect(team).toHaveLength(12);
    expect(await tableOf(page, 'team')).toEqual(
      team.map((m) => [m.period, formatMoney(m.sales), formatCount(m.sp, 'zh-HK')]),
    );
    // The demo member's downline buys: some month has team sales.
    expect(team.some((m) => m.sales_count > 0)).toBe(true);
    await fitsThePhone(page, ['team']);

    const answered = answerOf<UserWalletBonus>(page, '/getUserWallet');
    await page.goto('/wallet');
    const report = await answered;
    const card = page.getByTestId('chart-bonus-day');
    await card.getByText(bonusUiMessages['zh-HK']['bonus.chart.perDay']).first().waitFor();
    const paid = report.cashBack.filter((item) => Number(item.value) !== 0);
    if (paid.length === 0) {
      // Nothing paid this month so far: the card says so.
      await card.locator('.ant-empty').waitFor();
    } else {
      await card.locator('svg').first().waitFor();
      expect(await tableOf(page, 'bonus-day')).toEqual(bonusRows(report));
    }
    await fitsThePhone(page, ['bonus-day']);
  });
});

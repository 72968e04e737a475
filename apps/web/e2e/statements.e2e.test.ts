import { formatMoney, type IncomeDisclosure, type Locale, type Statement } from '@app/contracts';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';
import { PHONE, settled } from './phone';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** An API answer as the signed-in page's user gets it. */
async function apiGet<T>(
  page: Page,
  url: string,
  params: Record<string, string>,
  locale?: Locale,
): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}`, ...(locale ? { Locale: locale } : {}) };
  const res = await page.request.get(url, { params, headers });
  return ((await res.json()) as { data: T }).data;
}

const month = dayjs().format('YYYY-MM');
const TEXTS: Record<Locale, { title: string; net: string; print: string; export: string; byType: string }> = {
  'en-US': {
    title: 'Earnings statement',
    net: 'Net earnings',
    print: 'Print',
    export: 'Export',
    byType: 'Bonuses by type',
  },
  'zh-HK': { title: '收益結單', net: '淨收益', print: '列印', export: '匯出', byType: '按類型的獎金' },
  'zh-CN': { title: '收益结单', net: '净收益', print: '打印', export: '导出', byType: '按类型的奖金' },
};

describe("the member's earnings statement", () => {
  for (const locale of Object.keys(TEXTS) as Locale[]) {
    it(`shows the month's figures, prints and exports (${locale})`, async () => {
      const text = TEXTS[locale];
      const page = await harness.newPage({ locale });
      await harness.login(page, ...DEMO.member);
      await page.goto(`/statement?month=${month}`);
      await settled(page);
      const statement = await apiGet<Statement>(page, '/api/bonus/statements', { month }, locale);
      await page.getByRole('heading', { name: new RegExp(text.title) }).waitFor();
      const net = page.getByTestId('statement-net');
      await net.getByText(text.net).waitFor();
      await expect
        .poll(() => net.locator('.ant-statistic-content').innerText())
        .toBe(formatMoney(statement.totals.net));
      await page.getByText(text.byType).waitFor();
      // Every bonus type of the month has its row.
      for (const line of statement.types) await page.getByRole('cell', { name: line.name }).first().waitFor();

      // Print: the browser's print dialog, and the print stylesheet leaves the shell and the buttons out.
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await page.getByRole('button', { name: text.print }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('sider').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: text.print }).isVisible()).toBe(false);
      expect(await net.isVisible()).toBe(true);
      await page.emulateMedia({ media: 'screen' });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: text.export }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`statement-${statement.member.user_no}-${month}.xlsx`);
      await page.context().close();
    });
  }

  it('fits a 390 px phone without scrolling sideways', async () => {
    const page = await harness.newPage({ viewport: PHONE });
    await harness.login(page, ...DEMO.member);
    await page.goto(`/statement?month=${month}`);
    await settled(page);
    await page.getByTestId('statement-net').waitFor();
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    for (const id of ['statement-credited', 'statement-net', 'statement-closing']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.context().close();
  });

  it("an administrator opens a member's statement from the user detail", async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const users = await apiGet<{ list: Array<{ id: number; name: string }> }>(page, '/api/users/list', {
      keyword: DEMO.member[0],
    });
    const member = users.list.find((u) => u.name === DEMO.member[0])!;
    await page.goto(`/description/${member.id}`);
    await page.getByRole('link', { name: 'Earnings statement' }).click();
    await page.waitForURL(`**/user/statement/${member.id}`);
    await settled(page);
    await page.getByRole('heading', { name: new RegExp(`Earnings statement · ${DEMO.member[0]}`) }).waitFor();
    await page.getByTestId('statement-net').waitFor();
    await page.context().close();
  });
});

describe('the income disclosure', () => {
  it('shows the figures per level and overall, and exports them', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const year = String(dayjs().year());
    await page.goto('/user/income-disclosure');
    await settled(page);
    await page.getByRole('heading', { name: 'How the figures are computed' }).waitFor();
    // This year: the demo data's payouts.
    await page.getByLabel('Year').click();
    await page.getByText(year, { exact: true }).click();
    await settled(page);
    const d = await apiGet<IncomeDisclosure>(page, '/api/bonus/income-disclosure', { year });
    expect(d.overall.members).toBeGreaterThan(0);
    const all = page.getByRole('row').filter({ hasText: 'All members' });
    await all
      .getByRole('cell', { name: formatMoney(d.overall.total), exact: true })
      .first()
      .waitFor();
    await all
      .getByRole('cell', { name: formatMoney(d.overall.median), exact: true })
      .first()
      .waitFor();
    for (const row of d.rows)
      await page.getByRole('row').filter({ hasText: row.level_name! }).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`income-disclosure-${year}.xlsx`);
    await page.context().close();
  });
});

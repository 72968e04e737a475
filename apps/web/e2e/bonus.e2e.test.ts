import { readFileSync } from 'node:fs';
import type {
  BonusColumn,
  BonusDetail,
  BonusTypeDto,
  JobStarted,
  JobView,
  SettlementResult,
  UserWalletBonus,
  WalletRecordList,
} from '@app/contracts';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusSettlementRuns } from '../../api/src/bonus/bonus.schema';
import { tidyOnce } from '../../api/src/startup/housekeeping';
import { DEMO, Harness } from './harness';
import { fieldError, openPopconfirm, pickOption } from './wallet-helpers';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

async function apiPost<T>(page: Page, url: string, data: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post(url, { data, headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

async function apiGet<T>(page: Page, url: string, params: Record<string, string | number>): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(url, { params, headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

/** A started settlement job followed to its end; answers the run's result. */
async function settlementResult(page: Page, started: JobStarted): Promise<SettlementResult> {
  for (let i = 0; i < 600; i++) {
    const job = await apiGet<JobView>(page, started.url, {});
    if (job.status === 'failed') throw new Error(`settlement job failed: ${job.error}`);
    if (job.status === 'done') return job.result as SettlementResult;
    await page.waitForTimeout(100);
  }
  throw new Error(`settlement job ${started.job_id} did not end`);
}

/** Approves run `runId` as the operator (not its starter: the admin) and follows the paying job to its end. */
async function approveAsOperator(runId: number): Promise<SettlementResult> {
  const operator = await harness.newPage();
  await harness.login(operator, ...DEMO.operator);
  const started = await apiPost<JobStarted>(operator, `/api/bonus/settlements/${runId}/approve`, {});
  return settlementResult(operator, started);
}

const COLUMN_TITLES: Record<BonusColumn, string> = {
  period: 'Period',
  orderNo: 'Order ID',
  buyer: 'Buyer',
  provider: 'Provider',
  salesPoint: 'Sales point',
  ratio: 'Ratio',
  shares: 'Shares',
  totalShares: 'Total shares',
  pool: 'Pool',
  downline: 'Downline',
  amount: 'Amount',
  time: 'Paid at',
};
const cents = (money: string) => Math.round(Number(money.replace(/,/g, '')) * 100);
/** An API amount ("1234.50") as the UI shows it ("1,234.50"). */
const money = (v: string) => {
  const [whole = '0', fraction = '00'] = v.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
};
const lastMonth = () => dayjs().subtract(1, 'month');

/** Types a range into a bonus report's range picker (dates, or months for the by-month report). */
async function setRange(report: Locator, from: string, to: string) {
  const inputs = report.locator('.ant-picker-input input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(from);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(to);
  await inputs.nth(1).press('Enter');
}

/** Opens the detail of one type from the report's total row and checks it against POST /api/users/cash_back. */
async function checkDetail(page: Page, report: Locator, userId: number, key: string, filter: string[]) {
  const api = await apiPost<BonusDetail>(page, `/api/users/cash_back/${userId}`, {
    key: Number(key),
    filter,
  });
  const headers = await report.locator('thead th').allInnerTexts();
  const column = headers.findIndex((h) => h.trim() === api.name);
  expect(column, `column of ${api.name}`).toBeGreaterThan(0);
  await report.locator('tfoot td').nth(column).getByRole('button').click();
  const dialog = page.getByRole('dialog').filter({ hasText: `Bonus detail: ${api.name}` });
  const rows = dialog.locator('.ant-table-tbody tr.ant-table-row');
  await expect.poll(() => rows.count()).toBe(Math.min(api.meta.total, 11));
  // Every column of the type, then "Explain" (no title).
  expect((await dialog.locator('thead th').allInnerTexts()).map((h) => h.trim())).toEqual([
    ...api.columns.map((c) => COLUMN_TITLES[c]),
    '',
  ]);
  await expect
    .poll(async () => cents(await dialog.locator('tfoot').innerText().then(lastCell)))
    .toBe(cents(api.total));
  if (api.meta.total <= 11) {
    const amount = api.columns.indexOf('amount');
    const paid = await rows.evaluateAll(
      (trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.textContent ?? '0'),
      amount,
    );
    expect(paid.reduce((sum, v) => sum + cents(v), 0)).toBe(cents(api.total));
  }
  return { dialog, api };
}
const lastCell = (text: string) => text.trim().split(/\s+/).pop() ?? '';

/** The uncaught errors (and unhandled rejections) of the page from now on. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('bonus settings and settlement', () => {
  it('an admin edits a level ratio after a validation error', async () => {
    harness.expectFailedLoads('/api/levels/', 422); // the server's refusal of the wrong ratio
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.getByRole('menuitem', { name: 'Member Levels' }).click();
    const pioneer = page.getByRole('row').filter({ hasText: 'Pioneer' });
    await pioneer.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Invitation bonus ratio (%)').fill('150');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.getByText('Enter a percentage from 0 to 100 with at most 2 decimals').waitFor();
    await dialog.getByLabel('Invitation bonus ratio (%)').fill('21.5');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await pioneer.getByRole('cell', { name: '21.5', exact: true }).waitFor();
  });

  it('a dry run shows what would be paid, pays nothing and is listed in the history', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.goto('/config/index');
    await page.getByRole('row').filter({ hasText: 'Global dividend' }).waitFor();
    await page.getByRole('tab', { name: 'Settlement runs' }).click();
    const period = dayjs().subtract(1, 'month').format('YYYY-MM');
    await page.getByLabel('Period (day or month)').fill(period);
    await page.getByRole('button', { name: 'Dry run' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `Settlement run: ${period} (Dry run)` });
    await dialog.getByText(/^Finished: [\d,]+ \/ [\d,]+ payouts$/).waitFor();
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await page.getByText(/\(nothing was paid\)/).waitFor();
    const history = page.getByRole('row').filter({ hasText: period }).filter({ hasText: 'Dry run' });
    await history.first().waitFor();

    // Every payout it would pay is listed (paged from the server) and exported, none left out.
    const summary = page.locator('.ant-alert').filter({ hasText: '(nothing was paid)' });
    // Counts are grouped as the language groups them ("Would pay 2,532 payouts").
    const ungrouped = (text: string) => text.replaceAll(',', '');
    const wouldPay = Number(/Would pay (\d+) payouts/.exec(ungrouped(await summary.innerText()))![1]);
    expect(wouldPay).toBeGreaterThan(10);
    await expect
      .poll(async () => ungrouped(await summary.locator('.ant-pagination-total-text').innerText()))
      .toBe(`Total ${wouldPay} items`);
    const downloaded = page.waitForEvent('download', { timeout: 60_000 });
    await summary.getByRole('button', { name: 'Export all payouts' }).click();
    const exporting = page.getByRole('dialog', { name: /^Exporting settlement-run-/ });
    await exporting
      .getByText(`${wouldPay.toLocaleString('en-US')} rows exported; the download has started.`)
      .waitFor();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await (await downloaded).path())!) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount - 1).toBe(wouldPay);
    await exporting.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await exporting.waitFor({ state: 'hidden' });

    // The run's payouts open from the history too.
    await history.first().getByRole('button', { name: 'Payouts' }).click();
    const listed = page.getByRole('dialog').filter({ hasText: /^Payouts of run #\d+/ });
    await expect
      .poll(async () => ungrouped(await listed.locator('.ant-pagination-total-text').innerText()))
      .toBe(`Total ${wouldPay} items`);
    await listed.getByRole('button', { name: 'Close' }).click();

    // Past DRY_RUN_LIST_DAYS housekeeping clears its list: the history says so instead of offering it.
    await harness.database.db
      .update(bonusSettlementRuns)
      .set({ finishedAt: sql`now() - interval '31 days'` })
      .where(and(eq(bonusSettlementRuns.period, period), eq(bonusSettlementRuns.dryRun, true)));
    await tidyOnce(harness.database.db);
    await page.reload();
    await page.getByRole('tab', { name: 'Settlement runs' }).click();
    const cleared = page.getByRole('row').filter({ hasText: period }).filter({ hasText: 'Dry run' }).first();
    await cleared.getByText(/^List cleared \d{4}-\d{2}-\d{2} \d{2}:\d{2}/).hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: /Dry-run lists are kept for a limited time/ })
      .waitFor();
    expect(await cleared.getByRole('button', { name: 'Payouts' }).count()).toBe(0);
  });
});

describe('member bonus and assessment', () => {
  it('a member sees its bonus by day on the wallet page, matching the API', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    await page.goto('/wallet');
    const me = await page.evaluate(
      () => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { id: number },
    );
    const report = page.getByTestId('bonus-report-day');
    await report.waitFor();
    const api = await apiPost<UserWalletBonus>(page, `/api/users/${me.id}/getUserWallet`, {
      filter: [dayjs().startOf('month').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')],
      type: 'day',
    });
    for (const item of api.cashBack)
      await report.getByRole('columnheader', { name: item.text }).first().waitFor();
    for (const row of api.list) await report.getByRole('row').filter({ hasText: row.period }).waitFor();
    expect(api.cashBack.length).toBeGreaterThanOrEqual(11);
  });

  it('a member starts the WEC assessment and sees each condition with its progress (zh-HK)', async () => {
    const page = await harness.newPage({ locale: 'zh-HK', staging: true });
    await harness.login(page, ...DEMO.member);
    await page.goto('/wep');
    await page.getByText('按下開始後 60 天內', { exact: false }).waitFor();
    await page.getByRole('button', { name: /^開\s?始$/ }).click();
    await openPopconfirm(page).getByRole('button').last().click();
    await page.getByText('考核中').waitFor();
    for (const label of ['新直接推薦', '第二代銷售積分', '第三代銷售積分', '新直接推薦的渠道供應商'])
      await page.getByRole('cell', { name: label, exact: true }).waitFor();
    await page.getByTestId('cond-secondGenerationSp').getByText('/ 17,500').waitFor();
  });

  it('an admin sees the WEP list and the Qualified CPs, and adds a key number category', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.goto('/sa/sa');
    await page
      .getByRole('cell', { name: 'Joined, not started' })
      .or(page.getByRole('cell', { name: 'In assessment' }))
      .first()
      .waitFor();
    await page.goto('/cp/cp');
    await page.getByRole('columnheader', { name: 'CP profit' }).waitFor();
    // the header shows before the rows arrive
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await page.goto('/rk/rk');
    const pageErrors = collectPageErrors(page);
    await page.getByRole('button', { name: 'Add category' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await fieldError(dialog, 'Name').getByText('This field is required').waitFor();
    await dialog.getByLabel('Name').fill('Expression number');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-message').getByText('added successfully').waitFor();
    await page.getByRole('cell', { name: 'Expression number' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe('settlement runs and bonus detail (admin)', () => {
  it('a real run of last month awaits approval, is paid once another administrator approves it, and a second run finds nothing to pay', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.goto('/config/index');
    await page.getByRole('tab', { name: 'Settlement runs' }).click();
    const period = lastMonth().format('YYYY-MM');
    await page.getByLabel('Period (day or month)').fill(period);
    const start = async () => {
      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/api/bonus/settlements') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Start settlement' }).click();
      await openPopconfirm(page).getByRole('button', { name: 'OK' }).click();
      const started = ((await (await answer).json()) as { data: JobStarted }).data;
      const { run } = await settlementResult(page, started);
      // The progress dialog ends at the run's payouts; closing it shows the result below.
      const dialog = page.getByRole('dialog').filter({ hasText: `Settlement run: ${period}` });
      const count = run.payout_count.toLocaleString('en-US');
      await dialog.getByText(`Finished: ${count} / ${count} payouts`).waitFor();
      await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      return run;
    };
    const first = await start();
    expect(first).toMatchObject({ period, dry_run: false, status: 'awaiting_approval' });
    expect(first.payout_count).toBeGreaterThan(0);
    await page
      .getByText(
        `${first.payout_count.toLocaleString('en-US')} payouts, ${money(first.total_amount)} in total, await approval`,
      )
      .waitFor();
    // The history is the last table (the result alert holds a table of the run's payouts).
    const history = page.locator('.ant-table-wrapper').last();
    const row = (id: number) =>
      history.locator('.ant-table-tbody tr.ant-table-row').filter({
        has: page.getByRole('cell', { name: String(id), exact: true }),
      });
    const firstRow = row(first.id);
    await firstRow.getByText('Real run', { exact: true }).waitFor();
    await firstRow.getByText('Awaiting approval', { exact: true }).waitFor();
    // Approved by another administrator, it is paid: the history shows it done, and who approved it.
    expect((await approveAsOperator(first.id)).run).toMatchObject({
      status: 'done',
      payout_count: first.payout_count,
    });
    await page.reload();
    await firstRow.getByText('Done', { exact: true }).waitFor();
    await firstRow.getByText(/^Approved by /).waitFor();
    await firstRow.getByRole('cell', { name: String(first.payout_count), exact: true }).waitFor();
    const total = money(first.total_amount);
    await firstRow.getByText(total, { exact: true }).first().waitFor();
    for (const t of first.totals) expect(await firstRow.innerText()).toContain(money(t.amount));

    const again = await start();
    expect(again).toMatchObject({
      period,
      status: 'awaiting_approval',
      payout_count: 0,
      total_amount: '0.00',
    });
    await page.getByText('0 payouts, 0.00 in total, await approval').waitFor();
    const againRow = row(again.id);
    await againRow.getByText('Awaiting approval', { exact: true }).waitFor();
    await againRow.getByRole('cell', { name: '0', exact: true }).waitFor();
    // Its starter rejects it (a run of last month awaiting approval would refuse the next test's).
    await apiPost(page, `/api/bonus/settlements/${again.id}/reject`, { reason: 'Nothing left to pay' });
  });

  it("a member's type 9 bonus by month opens its detail with the type's columns and links to the downline chart", async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const month = lastMonth();
    // Settles type 9 of last month, approved by the operator (nothing more if it is already paid).
    const started = await apiPost<JobStarted>(page, '/api/bonus/settlements', {
      period: month.format('YYYY-MM'),
      type_key: 9,
    });
    await approveAsOperator((await settlementResult(page, started)).run.id);
    const records = await apiGet<WalletRecordList>(page, '/api/wallet/recordList', {
      kind: 'bonus',
      bonus_type: 9,
      pageSize: 5,
    });
    const receiver = records.list[0]!.user;
    const filter = [month.startOf('month').format('YYYY-MM-DD'), month.endOf('month').format('YYYY-MM-DD')];

    await page.goto(`/description/${receiver.id}`);
    await page.getByRole('tab', { name: 'Bonus by month' }).click();
    const report = page.getByTestId('bonus-report-month');
    await report.waitFor();
    await report.getByText('A month is a bonus period', { exact: false }).waitFor();
    await setRange(report, month.format('YYYY-MM'), month.format('YYYY-MM'));
    await report
      .getByRole('row')
      .filter({ hasText: month.format('YYYY-MM') })
      .first()
      .waitFor();
    const { dialog, api } = await checkDetail(page, report, receiver.id, '9', filter);
    expect(api.columns).toContain('downline');
    await dialog.getByRole('link', { name: 'View downline chart' }).first().click();
    await page.waitForURL(
      (url) => url.pathname === '/organization/index' && url.search === `?user_id=${receiver.id}`,
    );
    await page.getByText(receiver.name).first().waitFor();
  });

  it("the user detail wallet accordion lists a member's bonus by day, and a type's detail adds up", async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const from = lastMonth().startOf('month');
    const to = dayjs();
    const filter = [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')];
    const records = await apiGet<WalletRecordList>(page, '/api/wallet/recordList', {
      kind: 'bonus',
      bonus_type: 1,
      pageSize: 5,
    });
    const receiver = records.list[0]!.user;
    const api = await apiPost<UserWalletBonus>(page, `/api/users/${receiver.id}/getUserWallet`, {
      filter,
      type: 'day',
    });
    expect(api.list.length).toBeGreaterThan(0);

    await page.goto(`/description/${receiver.id}`);
    await page.getByRole('tab', { name: 'Bonus by day' }).click();
    const report = page.getByTestId('bonus-report-day');
    await report.waitFor();
    await setRange(report, filter[0]!, filter[1]!);
    const rows = report.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(api.list.length);
    for (const row of api.list)
      await rows
        .filter({ has: page.getByRole('cell', { name: row.period, exact: true }) })
        .getByText(money(row.total), { exact: true })
        .last()
        .waitFor();
    const paid = api.cashBack.find((item) => item.value !== '0.00')!;
    const { dialog } = await checkDetail(page, report, receiver.id, paid.key, filter);
    // A payout of the detail explains itself: the engine, recomputing it, finds the stored amount.
    await dialog.getByRole('button', { name: 'Explain' }).first().click();
    await page
      .getByTestId('payout-explanation')
      .getByText('Recomputed from the stored data by the settlement engine: the same amount.')
      .waitFor();
  });
});

// Last in the file: these change bonus types that the settlement tests above pay.
describe('bonus type forms (admin)', () => {
  const typeOf = async (page: Page, key: number) =>
    (await apiGet<BonusTypeDto[]>(page, '/api/bonus/types', {})).find((t) => t.key === key)!;
  const editType = async (page: Page, name: string) => {
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Edit' }).click();
    return page.getByRole('dialog').filter({ hasText: 'Rule settings' });
  };

  it('edits a group-volume and a pool-share rule through their forms, refusing an out-of-range number', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const pageErrors = collectPageErrors(page);
    await page.goto('/config/index');
    let dialog = await editType(page, 'Group sales bonus');
    await dialog.getByLabel('From depth').fill('150');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await fieldError(dialog, 'From depth').getByText('Value is too large').waitFor();
    expect(await dialog.getByLabel('From depth').inputValue()).toBe('150'); // refused, not clamped
    await dialog.getByLabel('From depth').fill('3');
    await dialog.getByLabel('To depth (empty: unlimited)').fill('8');
    const third = dialog.getByLabel(/^Ratio of .+ \(basis points\)$/).nth(2);
    await third.fill('150');
    await dialog.getByText('= 1.5 %').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-message').getByText('Edit Successful').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect((await typeOf(page, 6)).params).toEqual({
      kind: 'groupVolume',
      minDepth: 3,
      maxDepth: 8,
      minLevel: 3,
      ratio: { bpByLevel: [100, 100, 150, 100] },
    });

    dialog = await editType(page, 'Global dividend');
    await dialog.getByLabel('Pool (basis points of all SP)').fill('1600');
    await dialog.getByText('= 16 %').waitFor();
    await dialog.getByLabel('SP per share').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await fieldError(dialog, 'SP per share').getByText('This field is required').waitFor();
    await dialog.getByLabel('SP per share').fill('800');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await typeOf(page, 3)).params).toEqual({
      kind: 'poolShare',
      poolBp: 1600,
      spPerShare: 800,
      minLevel: 2,
    });

    // What was saved is what the form shows after a reload.
    await page.reload();
    dialog = await editType(page, 'Group sales bonus');
    expect(await dialog.getByLabel('To depth (empty: unlimited)').inputValue()).toBe('8');
    expect(
      await dialog
        .getByLabel(/^Ratio of .+ \(basis points\)$/)
        .nth(2)
        .inputValue(),
    ).toBe('150');
    expect(pageErrors).toEqual([]);
  });

  it('creates a one-off type: an empty dialog shows field errors, a saved one the success message', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const pageErrors = collectPageErrors(page);
    await page.goto('/config/index');
    await page.getByRole('button', { name: 'Create type from a kind' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Rule settings' });
    // The kind first: errors appearing below would move its dropdown while an option is picked.
    await dialog.getByLabel("Generation (1 = the buyer's sponsor)").waitFor();
    await pickOption(page, 'Kind', 'One-off');
    await dialog.getByLabel('Amount (cents)').clear();
    await dialog.getByRole('button', { name: 'Save' }).click();
    for (const label of [
      'Name (English)',
      'Name (Traditional Chinese)',
      'Name (Simplified Chinese)',
      'Amount (cents)',
    ])
      await fieldError(dialog, label).getByText('This field is required').waitFor();

    await dialog.getByLabel('Amount (cents)').fill('250000');
    await dialog.getByText('= 2,500.00').waitFor();
    await dialog.getByLabel('Name (English)').fill('Anniversary reward');
    await dialog.getByLabel('Name (Traditional Chinese)').fill('週年獎勵');
    await dialog.getByLabel('Name (Simplified Chinese)').fill('周年奖励');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-message').getByText('added successfully').waitFor();
    await page.getByRole('row').filter({ hasText: 'Anniversary reward' }).waitFor();
    expect(await typeOf(page, 12)).toMatchObject({
      name_en: 'Anniversary reward',
      cadence: 'event',
      params: { kind: 'oneOff', amountCents: 250_000, minLevel: 1 },
    });
    expect(pageErrors).toEqual([]);
  });
});

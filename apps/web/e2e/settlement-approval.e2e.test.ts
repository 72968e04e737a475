import type {
  JobStarted,
  JobView,
  Locale,
  Paged,
  SettlementPayoutItem,
  SettlementResult,
  SettlementRunDto,
} from '@app/contracts';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './api-as';
import { DEMO, Harness } from './harness';
import { PHONE, settled } from './phone';
import { openPopconfirm, openSelectDropdown } from './wallet-helpers';

let harness: Harness;
/** Signed in as admin (who starts the runs) and as operator (who approves them), for the whole file. */
let admin: Page;
let operator: Page;
/** Days of this file only (the demo pays yesterday; nothing else settles them): one approved, one rejected. */
let approvedDay: string;
let rejectedDay: string;

beforeAll(async () => {
  harness = await Harness.start();
  admin = await harness.newPage();
  await harness.login(admin, ...DEMO.admin);
  operator = await harness.newPage();
  await harness.login(operator, ...DEMO.operator);
  // A dry run of each candidate day (the review compares with it); the first with payouts is approved.
  const days = [3, 4, 5, 6, 7, 8].map((n) => dayjs().subtract(n, 'day').format('YYYY-MM-DD'));
  for (const day of days) {
    const dry = await settle(admin, '/api/bonus/settlements/preview', day);
    if (!approvedDay && dry.run.payout_count > 0) approvedDay = day;
    else if (!rejectedDay) rejectedDay = day;
    if (approvedDay && rejectedDay) break;
  }
  expect(approvedDay && rejectedDay).toBeTruthy();
});
afterAll(() => harness?.close());

/** Starts a run of `period` at `url` (a dry run, or a real run awaiting approval) and follows its job to its end. */
async function settle(page: Page, url: string, period: string): Promise<SettlementResult> {
  return jobResult(page, await apiAs<JobStarted>(page, 'POST', url, { period }));
}

async function jobResult(page: Page, started: JobStarted): Promise<SettlementResult> {
  for (let i = 0; i < 600; i++) {
    const job = await apiAs<JobView>(page, 'GET', started.url);
    if (job.status === 'failed') throw new Error(`settlement job failed: ${job.error}`);
    if (job.status === 'done') return job.result as SettlementResult;
    await page.waitForTimeout(100);
  }
  throw new Error(`settlement job ${started.job_id} did not end`);
}

const runOf = async (page: Page, id: number) =>
  (await apiAs<Paged<SettlementRunDto>>(page, 'GET', '/api/bonus/settlements?pageSize=100')).list.find(
    (r) => r.id === id,
  )!;

/** The review page's sections that show whatever the run (cards by their test ids). */
const SECTIONS = ['review-by-type', 'review-by-level', 'review-largest', 'review-flags', 'review-comparison'];

describe('maker-checker settlement in the browser', () => {
  it('admin starts a real run: it awaits approval, its review shows the figures, and admin may not approve it', async () => {
    const page = admin;
    await page.goto('/config/index?tab=runs');
    await page.getByLabel('Period (day or month)').fill(approvedDay);
    await page.getByRole('button', { name: 'Start settlement' }).click();
    const confirm = openPopconfirm(page);
    await confirm
      .getByText('Nothing is paid until another administrator approves the run', { exact: false })
      .waitFor();
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/bonus/settlements') && r.request().method() === 'POST',
    );
    await confirm.getByRole('button', { name: 'OK' }).click();
    const { run } = await jobResult(page, ((await (await answer).json()) as { data: JobStarted }).data);
    expect(run).toMatchObject({ period: approvedDay, status: 'awaiting_approval', dry_run: false });
    const dialog = page.getByRole('dialog').filter({ hasText: `Settlement run: ${approvedDay}` });
    await dialog
      .getByText(`Finished: ${run.payout_count} / ${run.payout_count} payout`, { exact: false })
      .waitFor();
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    const result = page.locator('.ant-alert').filter({ hasText: 'nothing was paid yet' });
    await result.waitFor();
    const history = page.locator('.ant-table-tbody tr.ant-table-row').filter({
      has: page.getByRole('cell', { name: String(run.id), exact: true }),
    });
    await history.getByText('Awaiting approval', { exact: true }).waitFor();

    // The history filtered by state lists it under "Awaiting approval" only.
    await page.getByLabel('Status').click();
    await openSelectDropdown(page).getByTitle('Rejected', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'rejected');
    await expect.poll(() => history.count()).toBe(0);
    await page.goBack();
    await history.waitFor();

    // A second run of the same day is refused while this one awaits approval.
    harness.expectFailedLoads('/api/bonus/settlements', 409);
    await page.getByRole('button', { name: 'Start settlement' }).click();
    await openPopconfirm(page).getByRole('button', { name: 'OK' }).click();
    await page
      .locator('.ant-message')
      .getByText('This period already has a run awaiting approval or being paid', { exact: false })
      .waitFor();

    await result.getByRole('link', { name: 'Review' }).click();
    await page.waitForURL(`**/config/settlements/${run.id}`);
    const review = page.getByTestId('settlement-review');
    await review.getByText(`Settlement run #${run.id}`).waitFor();
    for (const id of SECTIONS) await page.getByTestId(id).waitFor();
    const summary = page.getByTestId('run-summary');
    await summary.getByText('Asia/Hong_Kong').or(summary.getByText('UTC')).first().waitFor();
    await summary.getByText(run.started_by!.name, { exact: true }).waitFor();
    // Compared with the dry run of beforeAll (the same figures: nothing changed in between).
    const comparison = page.getByTestId('review-comparison');
    await comparison.getByText(`of ${approvedDay}`, { exact: false }).waitFor();
    await comparison.getByText('Previous period').click();
    await comparison
      .getByText(`Against the previous period, ${dayjs(approvedDay).subtract(1, 'day').format('YYYY-MM-DD')}`)
      .waitFor();
    await page
      .getByTestId('review-flags')
      .getByRole('tab', { name: /^Disabled \(\d+\)$/ })
      .click();

    // The starter may not approve: the button is disabled and says why; rejecting stays open to them.
    await page
      .getByTestId('approve-own')
      .getByText('You started this run: another administrator must approve it.')
      .waitFor();
    expect(await review.getByRole('button', { name: 'Approve and pay' }).isDisabled()).toBe(true);
    expect(await review.getByRole('button', { name: 'Reject' }).isEnabled()).toBe(true);
    expect((await runOf(page, run.id)).status).toBe('awaiting_approval');
  });

  it('operator approves the run from the approvals page: it is paid and shows done, its payouts filter by member and type', async () => {
    const page = operator;
    const run = (
      await apiAs<Paged<SettlementRunDto>>(page, 'GET', '/api/bonus/settlements?status=awaiting_approval')
    ).list.find((r) => r.period === approvedDay)!;
    await page.goto('/config/approvals');
    const awaiting = page.getByTestId('runs-awaiting');
    const row = awaiting.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: approvedDay });
    await row.getByRole('link', { name: 'Review' }).click();
    await page.waitForURL(`**/config/settlements/${run.id}`);
    const review = page.getByTestId('settlement-review');
    await review.getByText(`Settlement run #${run.id}`).waitFor();
    expect(await page.getByTestId('approve-own').count()).toBe(0);

    // The payouts by member number and type: every row is that member's, of that type.
    const payouts = await apiAs<Paged<SettlementPayoutItem>>(
      page,
      'GET',
      `/api/bonus/settlements/${run.id}/payouts?pageSize=1`,
    );
    const first = payouts.list[0]!;
    const card = page.getByTestId('review-payouts');
    await card.getByLabel('Member number').fill(first.user.user_no);
    await card.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('member') === first.user.user_no);
    const rows = card.locator('.ant-table-tbody tr.ant-table-row');
    await expect
      .poll(async () => (await rows.allInnerTexts()).every((text) => text.includes(first.user.user_no)))
      .toBe(true);
    const filtered = await apiAs<Paged<SettlementPayoutItem>>(
      page,
      'GET',
      `/api/bonus/settlements/${run.id}/payouts?member=${first.user.user_no}&type_key=${first.type_key}`,
    );
    await page.goto(`/config/settlements/${run.id}?member=${first.user.user_no}&type_key=${first.type_key}`);
    await expect
      .poll(() => card.locator('.ant-pagination-total-text').innerText())
      .toMatch(new RegExp(`^Total ${filtered.meta.total} items?$`));

    await review.getByRole('button', { name: 'Approve and pay' }).click();
    const confirm = openPopconfirm(page);
    await confirm.getByText(`Approve run #${run.id} (${approvedDay})`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `${approvedDay}: approval` });
    await dialog
      .getByText(`Finished: ${run.payout_count} / ${run.payout_count} payout`, { exact: false })
      .waitFor();
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await review.locator('.ant-tag').getByText('Done', { exact: true }).waitFor();
    await page
      .getByTestId('run-summary')
      .getByText(/^Approved by /)
      .waitFor();
    expect(await review.getByRole('button', { name: 'Approve and pay' }).count()).toBe(0);
    expect(await runOf(page, run.id)).toMatchObject({
      status: 'done',
      approved_by: { id: expect.any(Number) },
    });
  });

  it('operator rejects another run with a reason: nothing is paid and the history says why', async () => {
    const { run } = await settle(admin, '/api/bonus/settlements', rejectedDay);
    expect(run.status).toBe('awaiting_approval');
    const page = operator;
    await page.goto(`/config/settlements/${run.id}`);
    const review = page.getByTestId('settlement-review');
    await review.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `Reject run #${run.id}` });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('This field is required').waitFor();
    await dialog.getByLabel('Reason').fill('The iBloomer tree move of member m0042 is not final yet');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.locator('.ant-message').getByText('Run rejected: nothing of it was paid').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await review.locator('.ant-tag').getByText('Rejected', { exact: true }).waitFor();
    await review.getByText('Reason: The iBloomer tree move of member m0042 is not final yet').waitFor();
    expect(await runOf(page, run.id)).toMatchObject({ status: 'rejected', approved_by: null });

    await page.goto('/config/approvals?status=rejected');
    const history = page.getByTestId('runs-history');
    await history
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: rejectedDay })
      .getByText('Reason: The iBloomer tree move', { exact: false })
      .waitFor();
  });

  const TEXTS: Record<
    Exclude<Locale, 'en-US'>,
    { title: string; flags: string; comparison: string; status: string }
  > = {
    'zh-HK': { title: '結算 #', flags: '標記', comparison: '差異', status: '已駁回' },
    'zh-CN': { title: '结算 #', flags: '标记', comparison: '差异', status: '已驳回' },
  };
  for (const [locale, texts] of Object.entries(TEXTS))
    it(`the review page reads in ${locale}, every text translated`, async () => {
      const page = await harness.newPage({ locale: locale as Locale });
      await harness.login(page, ...DEMO.operator);
      const run = (
        await apiAs<Paged<SettlementRunDto>>(page, 'GET', '/api/bonus/settlements?status=rejected')
      ).list[0]!;
      await page.goto(`/config/settlements/${run.id}`);
      const review = page.getByTestId('settlement-review');
      await review.getByText(`${texts.title}${run.id}`).waitFor();
      const title = (id: string) => page.getByTestId(id).locator('.ant-card-head-title');
      await title('review-flags').getByText(texts.flags, { exact: true }).waitFor();
      await title('review-comparison').getByText(texts.comparison, { exact: true }).waitFor();
      await review.locator('.ant-tag').getByText(texts.status, { exact: true }).waitFor();
      await settled(page);
      // No catalogue key shown as such (an untranslated text), nor English words of this page.
      const shown = await page.locator('.ant-layout-content').innerText();
      expect(shown).not.toMatch(/\b(settlement|bonus|menu|platform|validation)\.[a-zA-Z]/);
      expect(shown).not.toMatch(/\b(Payouts|Receivers|Flags|Differences|Previous period|Reject|Approve)\b/);
    });

  it('the review page fits a 390 px phone: its tables scroll inside their cards', async () => {
    const page = await harness.newPage({ viewport: PHONE });
    await harness.login(page, ...DEMO.operator);
    const run = (
      await apiAs<Paged<SettlementRunDto>>(page, 'GET', '/api/bonus/settlements?status=done')
    ).list.find((r) => r.period === approvedDay)!;
    await page.goto(`/config/settlements/${run.id}`);
    await page.getByTestId('review-payouts').waitFor();
    await settled(page);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(
      PHONE.width,
    );
    for (const id of [...SECTIONS, 'review-payouts']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
  });
});

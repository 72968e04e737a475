import type { JobStarted, JobView, PayoutExplanation, WalletRecordList } from '@app/contracts';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

async function apiCall<T>(page: Page, method: 'get' | 'post', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const res =
    method === 'get'
      ? await page.request.get(url, { params: data as Record<string, string>, headers })
      : await page.request.post(url, { data, headers });
  return ((await res.json()) as { data: T }).data;
}

/** The drawer's arithmetic ends on the payout's amount in cents, as the API's explanation does. */
async function expectDrawerShows(page: Page, explanation: PayoutExplanation, verdict: string) {
  const drawer = page.getByTestId('payout-explanation');
  await drawer.getByText(verdict).waitFor();
  const last = explanation.arithmetic.at(-1)!;
  expect(last.result).toBe(Math.round(Number(explanation.payout.amount) * 100));
  await drawer.getByTestId('explanation-arithmetic').getByText(last.formula, { exact: true }).waitFor();
  await drawer.getByText(explanation.payout.period, { exact: true }).first().waitFor();
  return drawer;
}

describe('explain a payout in the browser', () => {
  it('an admin explains a bonus line of the wallet records (zh-HK)', async () => {
    const page = await harness.newPage({ locale: 'zh-HK' });
    await harness.login(page, ...DEMO.admin);
    const records = await apiCall<WalletRecordList>(page, 'get', '/api/wallet/recordList', {
      kind: 'bonus',
      pageSize: '10',
    });
    const record = records.list.find((r) => r.reference_type === 'order')!;
    const explanation = await apiCall<PayoutExplanation>(
      page,
      'get',
      `/api/bonus/wallet-records/${record.id}/explanation`,
    );
    expect(explanation).toMatchObject({ matches: true, payout: { amount: record.amount } });

    await page.goto('/walletRecord?kind=bonus');
    const row = page.getByRole('row').filter({ hasText: record.wallet_record_no });
    await row.getByRole('button', { name: '解釋' }).click();
    const drawer = await expectDrawerShows(page, explanation, '結算引擎按已儲存的資料重新計算：金額相同。');
    await drawer.getByText('計算（以整數分計算，每次除法向下取整）').waitFor();
    expect(explanation.path.length).toBeGreaterThan(1);
    await expect
      .poll(() => drawer.getByTestId('explanation-path').locator('li').count())
      .toBe(explanation.path.length);
  });

  it("an admin explains a dry run's payout from the settlement run's payouts", async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const period = dayjs().subtract(1, 'month').format('YYYY-MM');
    const started = await apiCall<JobStarted>(page, 'post', '/api/bonus/settlements/preview', { period });
    let runId = 0;
    await expect
      .poll(
        async () => {
          const job = await apiCall<JobView>(page, 'get', started.url);
          runId = (job.result as { run?: { id: number } } | null)?.run?.id ?? 0;
          return job.status;
        },
        { timeout: 60_000 },
      )
      .toBe('done');
    const payouts = await apiCall<{ list: Array<{ id: number; amount: string }> }>(
      page,
      'get',
      `/api/bonus/settlements/${runId}/payouts`,
      { pageSize: '10' },
    );
    const explanation = await apiCall<PayoutExplanation>(
      page,
      'get',
      `/api/bonus/settlements/${runId}/payouts/${payouts.list[0]!.id}/explanation`,
    );
    expect(explanation).toMatchObject({
      matches: true,
      payout: { dry_run: true, amount: payouts.list[0]!.amount },
    });

    await page.goto('/config/index');
    await page.getByRole('tab', { name: 'Settlement runs' }).click();
    const history = page.locator('.ant-table-tbody tr.ant-table-row').filter({
      has: page.getByRole('cell', { name: String(runId), exact: true }),
    });
    await history.getByRole('button', { name: 'Payouts' }).click();
    const listed = page.getByRole('dialog').filter({ hasText: `Payouts of run #${runId}` });
    await listed.getByRole('button', { name: 'Explain' }).first().click();
    const drawer = await expectDrawerShows(
      page,
      explanation,
      'Recomputed from the stored data by the settlement engine: the same amount.',
    );
    await drawer.getByText(`#${runId} · ${period} · Dry run · Done`, { exact: false }).waitFor();
  });
});

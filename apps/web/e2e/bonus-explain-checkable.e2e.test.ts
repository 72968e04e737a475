import type { ExplanationOrder, LevelDto, Paged, PayoutExplanation, WalletRecordList } from '@app/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';

/** "Explain this payout" checkable by hand in the browser, and the bonus settings' history (docs/product/bonus.md). */
let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** The wallet records page showing the dividend's record, and the record's number (set by the first test). */
let dividend: { url: string; recordNo: string } | null = null;

async function apiCall<T>(page: Page, method: 'get' | 'put', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const res =
    method === 'get'
      ? await page.request.get(url, { params: data as Record<string, string>, headers })
      : await page.request.put(url, { data, headers });
  return ((await res.json()) as { data: T }).data;
}

describe('every payout checkable by hand', () => {
  it("the drawer shows the global dividend's pool and shares and pages every order it counted", async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    // The demo pays last month's global dividend: the payout whose base counts the most orders.
    const records = await apiCall<WalletRecordList>(page, 'get', '/api/wallet/recordList', {
      kind: 'bonus',
      bonus_type: '3',
      pageSize: '100',
    });
    let best: { record: WalletRecordList['list'][number]; e: PayoutExplanation } | null = null;
    for (const record of records.list) {
      const e = await apiCall<PayoutExplanation>(
        page,
        'get',
        `/api/bonus/wallet-records/${record.id}/explanation`,
      );
      if (!best || e.orders_total > best.e.orders_total) best = { record, e };
    }
    const { record, e } = best!;
    expect(e).toMatchObject({ matches: true, rule: { source: 'run' } });
    expect(e.orders_total).toBeGreaterThan(10);
    const pool = e.pool!;
    expect(pool.holders.reduce((s, h) => s + h.shares, 0) + pool.unpaid_shares).toBe(pool.total_shares);
    const second = await apiCall<Paged<ExplanationOrder>>(
      page,
      'get',
      `/api/bonus/wallet-records/${record.id}/explanation/orders`,
      { page: '2', pageSize: '10' },
    );

    dividend = {
      url: `/walletRecord?kind=bonus&bonus_type=3&keyword=${record.user.user_no}`,
      recordNo: record.wallet_record_no,
    };
    await page.goto(dividend.url);
    const row = page.getByRole('row').filter({ hasText: record.wallet_record_no });
    await row.getByRole('button', { name: 'Explain' }).click();
    const drawer = page.getByTestId('payout-explanation');
    await drawer.getByTestId('rules-source').getByText(`Rules kept with run #${e.run!.id}`).waitFor();
    const poolTable = drawer.getByTestId('explanation-pool');
    await poolTable.getByText(`floor(${pool.month_sp} × 100 × ${pool.pool_bp} / 10000)`).waitFor();
    await poolTable
      .getByText(`min(floor(${pool.base_sp} / ${pool.sp_per_share}), ${pool.share_cap}) = ${pool.shares}`)
      .waitFor();
    await poolTable.getByText(`${pool.own_sp} + ${pool.direct_sp} = ${pool.base_sp}`).waitFor();
    const holders = drawer.getByTestId('explanation-pool-holders');
    await expect
      .poll(() => holders.locator('.ant-table-summary').innerText())
      .toContain(String(pool.total_shares));

    const orders = drawer.getByTestId('explanation-orders');
    await drawer.getByText(`${e.orders_total.toLocaleString('en-US')} orders counted`).waitFor();
    await orders.getByText(e.orders[0]!.order_no, { exact: true }).waitFor();
    await drawer.getByTestId('explanation-orders-paged').locator('.ant-pagination-item-2').click();
    await orders.getByText(second.list[0]!.order_no, { exact: true }).waitFor();
    expect(await orders.getByText(e.orders[0]!.order_no, { exact: true }).count()).toBe(0);

    const downloaded = page.waitForEvent('download', { timeout: 60_000 });
    await drawer.getByTestId('export-explanation-orders').click();
    const exporting = page.getByRole('dialog', { name: /^Exporting payout-orders-/ });
    await exporting
      .getByText(`${e.orders_total.toLocaleString('en-US')} rows exported; the download has started.`)
      .waitFor();
    expect((await downloaded).suggestedFilename()).toMatch(/^payout-orders-wallet-record-\d+\.xlsx$/);
  });

  it('the dividend’s drawer with its breakdown and orders stays within a 390 px screen', async () => {
    const page = await harness.newPage({ viewport: { width: 390, height: 844 } });
    await harness.login(page, ...DEMO.admin);
    await page.goto(dividend!.url);
    await page
      .getByRole('row')
      .filter({ hasText: dividend!.recordNo })
      .getByRole('button', { name: 'Explain' })
      .click();
    const drawer = page.getByTestId('payout-explanation');
    await drawer.getByTestId('explanation-pool-holders').waitFor();
    await drawer.getByTestId('explanation-orders-paged').locator('.ant-pagination').waitFor();
    // Wide tables scroll inside themselves: neither the drawer's body nor the page scrolls sideways.
    const body = page.locator('.ant-drawer-body');
    await expect.poll(() => body.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('the bonus settings keep their history', () => {
  it('an admin changes a level and its history lists who, before and after', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const levels = await apiCall<LevelDto[]>(page, 'get', '/api/common/all-level');
    const level = levels.find((l) => l.id === 3)!;
    await page.goto('/level/level');
    const row = page.getByRole('row').filter({ hasText: level.name });
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit level: ${level.name}` });
    await dialog.getByLabel('Global dividend shares').fill(String(level.share_cap + 1));
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('settings-history-levels').click();
    const history = page.getByTestId('settings-history');
    const change = history.getByRole('row').filter({ hasText: level.name }).first();
    await change.getByText('admin', { exact: true }).waitFor();
    await change.getByText(`${level.share_cap} →`, { exact: false }).waitFor();
    await change.getByText(String(level.share_cap + 1), { exact: true }).waitFor();
    await apiCall(page, 'put', '/api/levels/3', {
      invitation_ratio: level.invitation_ratio,
      second_gen_ratio: level.second_gen_ratio,
      third_gen_ratio: level.third_gen_ratio,
      share_cap: level.share_cap,
    });
  });
});

import type { UserWalletBonus } from '@app/contracts';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';

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

describe('bonus settings and settlement', () => {
  it('an admin edits a level ratio after a validation error', async () => {
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
    await page.getByText(/\(nothing was paid\)/).waitFor();
    const history = page.getByRole('row').filter({ hasText: period }).filter({ hasText: 'Dry run' });
    await history.first().waitFor();
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
    await page.locator('.ant-popconfirm').getByRole('button').last().click();
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
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await page.goto('/rk/rk');
    await page.getByRole('button', { name: 'Add category' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Expression number');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('cell', { name: 'Expression number' }).waitFor();
  });
});

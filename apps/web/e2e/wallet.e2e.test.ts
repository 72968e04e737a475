import type { MeProfile, WalletSummary, WithdrawalItem } from '@app/contracts';
import { formatCents, parseCents } from '@app/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../src/platform/ui/MoneyText';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

async function apiAs<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

const balanceShown = (page: Page) =>
  page
    .locator('.ant-statistic')
    .filter({ hasText: 'Balance' })
    .locator('.ant-statistic-content')
    .textContent();

describe('wallet', () => {
  it('a member transfers to another member after confirming, and sees the balance drop', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    const me = await apiAs<MeProfile>(page, '/api/me');
    const before = await apiAs<WalletSummary>(page, `/api/wallet/${me.id}`);
    const recipient = me.parent_user!.user_no;
    await page.getByRole('menuitem', { name: 'Transfer' }).click();
    await expect.poll(() => balanceShown(page)).toBe(formatMoney(before.total));

    await page.getByLabel('Recipient member ID').fill(me.user_no);
    await page.getByLabel('Amount').fill('12.50');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByText('You cannot transfer to yourself').first().waitFor();

    await page.getByLabel('Recipient member ID').fill(recipient);
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByRole('dialog').getByText(`Transfer 12.50 to member ${recipient}?`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByText('Transfer successful').first().waitFor();
    const expected = formatMoney(formatCents(parseCents(before.total)! - 1_250));
    await expect.poll(() => balanceShown(page)).toBe(expected);
    await page.getByRole('cell', { name: '12.50' }).first().waitFor();
  });

  it('an administrator refuses a withdrawal, giving the required reason', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const pending = await apiAs<{ list: WithdrawalItem[] }>(page, '/api/wallet/admin/list?status=1');
    const target = pending.list[0]!;
    await page.getByRole('menuitem', { name: 'Withdrawals' }).click();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(target.id), exact: true }) });
    await row.getByRole('button', { name: 'Refuse' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Please enter the reason for refusal').waitFor();
    await dialog.getByLabel('Reason for refusal').fill('Account name does not match');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Operation successful').first().waitFor();
    await row.getByText('Rejected').waitFor();
    await row.getByText('Account name does not match').waitFor();
    const after = await apiAs<WithdrawalItem>(page, `/api/wallet/withdraw/${target.id}`);
    expect(after).toMatchObject({ status: 2, reason: 'Account name does not match' });
  });
});

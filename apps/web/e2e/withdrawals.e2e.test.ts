import { formatCents, parseCents, type WithdrawalItem } from '@app/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../src/platform/format';
import { DEMO, Harness } from './harness';
import {
  ApiAs,
  clickUntilShown,
  confirmPopup,
  credit,
  demoMember,
  MEMBER_PASSWORD,
  rowWithId,
  statisticText,
  walletOf,
} from './wallet-helpers';

let harness: Harness;
let admin: Page;
let adminApi: ApiAs;
beforeAll(async () => {
  harness = await Harness.start();
  admin = await harness.newPage();
  await harness.login(admin, ...DEMO.admin);
  adminApi = await ApiAs.admin(admin);
});
afterAll(() => harness?.close());

const BANK = { bank_card_number: '6222 0210 0000 9876', bank_code: 'BOCHK', bank_name: 'Bank of China (HK)' };
const apply = (member: ApiAs, amount: string) =>
  member.post<WithdrawalItem>('/api/wallet/create-withdraw-record', { amount, ...BANK });

/**
 * Opens /withdraw listing only this member's applications: a page of its own, so a retried test does not find
 * the dialog its first attempt left open.
 */
async function openWithdrawals(userNo: string) {
  await admin.goto(`/withdraw?keyword=${encodeURIComponent(userNo)}`);
  await expect.poll(() => admin.getByPlaceholder('Member ID or name').inputValue()).toBe(userNo);
}

/**
 * Submits the open dialog empty and waits for `error` under its field. A click that landed while the dialog was
 * still opening once submitted nothing in CI: it is tried again.
 */
async function submitEmpty(dialog: Locator, field: string, error: string) {
  await dialog.getByLabel(field).waitFor();
  await clickUntilShown(dialog.getByRole('button', { name: 'Submit' }), dialog.getByText(error));
}

describe('withdrawals (administrator)', () => {
  it('agrees to one application and marks it paid, marks another payment failed', async () => {
    const { api, me } = await demoMember(admin, 'm0240');
    await credit(adminApi, me.id, '300.00');
    const start = await walletOf(api, me.id);
    const paid = await apply(api, '100.00');
    const failed = await apply(api, '80.00');
    await openWithdrawals(me.user_no);

    const paidRow = rowWithId(admin, paid.id);
    await paidRow.getByText('In application').waitFor();
    await paidRow.getByRole('button', { name: 'Agree' }).click();
    await confirmPopup(admin, 'Agree to pay this withdrawal?');
    await paidRow.getByText('Payment in progress').waitFor();
    await paidRow.getByRole('button', { name: 'Mark paid' }).click();
    await confirmPopup(admin, 'Mark this withdrawal as paid?');
    await paidRow.getByText('Paid', { exact: true }).waitFor();
    expect(await paidRow.getByRole('button', { name: /Mark paid|Payment failed/ }).count()).toBe(0);

    const failedRow = rowWithId(admin, failed.id);
    await failedRow.getByRole('button', { name: 'Agree' }).click();
    await confirmPopup(admin, 'Agree to pay this withdrawal?');
    await failedRow.getByRole('button', { name: 'Payment failed' }).click();
    await confirmPopup(admin, 'Mark the payment as failed? The amount returns to the member.');
    // "Payment failed" is also the button's label: wait for the status tag, then for the buttons to go
    await failedRow.locator('.ant-tag').getByText('Payment failed').waitFor();
    await expect.poll(() => failedRow.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);

    // The member sees the paid amount gone, the failed one back, nothing left frozen.
    const member = await harness.newPage();
    await harness.login(member, 'm0240', MEMBER_PASSWORD);
    await member.goto('/wallet');
    const cents = (text: string) => parseCents(text)!;
    await expect
      .poll(() => statisticText(member, 'Balance'))
      .toBe(formatMoney(formatCents(cents(start.total) - 10_000)));
    await expect.poll(() => statisticText(member, 'Frozen')).toBe(formatMoney(start.freezeTotal));
    const mine = member.locator('.ant-card').filter({ hasText: 'My withdrawals' });
    await mine.locator('tr', { hasText: '100.00' }).getByText('Paid', { exact: true }).waitFor();
    await mine.locator('tr', { hasText: '80.00' }).getByText('Payment failed').waitFor();
  });

  it('refuses an application, giving the required reason', async () => {
    const { api, me } = await demoMember(admin, 'm0241');
    await credit(adminApi, me.id, '50.00');
    const start = await walletOf(api, me.id);
    const target = await apply(api, '20.00');
    await openWithdrawals(me.user_no);
    const row = rowWithId(admin, target.id);
    await row.getByRole('button', { name: 'Refuse' }).click();
    const dialog = admin.getByRole('dialog');
    await submitEmpty(dialog, 'Reason for refusal', 'Please enter the reason for refusal');
    await dialog.getByLabel('Reason for refusal').fill('Account name does not match');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await admin.getByText('Operation successful').first().waitFor();
    await row.getByText('Rejected').waitFor();
    await row.getByText('Account name does not match').waitFor();
    expect(await walletOf(api, me.id)).toEqual(start);
  });
});

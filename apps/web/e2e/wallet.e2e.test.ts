import { readFileSync } from 'node:fs';
import { formatCents, maskName, parseCents, type WalletRecordList } from '@app/contracts';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../src/platform/format';
import { DEMO, Harness } from './harness';
import {
  ApiAs,
  confirmPopup,
  credit,
  demoMember,
  fieldError,
  MEMBER_PASSWORD,
  paginationTotal,
  pickOption,
  statisticText,
  walletOf,
} from './wallet-helpers';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

const money = (cents: number) => formatMoney(formatCents(cents));

/** Waits until the page shows this available balance and frozen amount. */
async function showsBalance(page: Page, availableCents: number, frozenCents?: number) {
  await expect.poll(() => statisticText(page, 'Balance')).toBe(money(availableCents));
  if (frozenCents !== undefined)
    await expect.poll(() => statisticText(page, 'Frozen')).toBe(money(frozenCents));
}

describe('transfer', () => {
  it('a member picks the recipient by member id, sees who it is, confirms, and the balance drops', async () => {
    const page = await harness.newPage();
    const sender = await demoMember(page, 'm0210');
    const recipient = await demoMember(page, 'm0211');
    await credit(await ApiAs.admin(page), sender.me.id, '100.00');
    const senderCents = parseCents((await walletOf(sender.api, sender.me.id)).total)!;
    const recipientCents = parseCents((await walletOf(recipient.api, recipient.me.id)).total)!;
    await harness.login(page, 'm0210', MEMBER_PASSWORD);
    await page.getByRole('menuitem', { name: 'Transfer' }).click();
    await showsBalance(page, senderCents);

    const picker = page.getByLabel('Recipient member ID');
    const pickerError = fieldError(page, 'Recipient member ID');
    const submit = page.getByRole('button', { name: 'Transfer', exact: true });
    const refused = async (userNo: string, message: string) => {
      await picker.fill(userNo);
      await pickerError.getByText(message, { exact: true }).waitFor();
      await submit.click();
      await page.waitForTimeout(400);
      await pickerError.getByText(message, { exact: true }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    };
    await page.getByLabel('Amount').fill('12.50');
    harness.expectFailedLoads('/api/wallet/recipient', 422); // the two refusals below
    await refused(sender.me.user_no, 'You cannot transfer to yourself');
    await refused('M999999999', 'User does not exist');

    const masked = maskName(recipient.me.name);
    await picker.fill(` ${recipient.me.user_no.toLowerCase()}`);
    await page
      .getByTestId('transfer-recipient')
      .getByText(`Recipient: ${masked} (${recipient.me.user_no})`)
      .waitFor();
    expect(await pickerError.count()).toBe(0);
    // More than the balance is refused under the field, before any confirm dialog.
    const amount = page.getByLabel('Amount');
    await amount.fill(formatCents(senderCents + 1));
    await submit.click();
    await fieldError(page, 'Amount').getByText('Insufficient balance', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await amount.fill('12.50');
    await submit.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Transfer 12.50 to ${masked} (${recipient.me.user_no})?`).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Transfer successful').first().waitFor();
    await showsBalance(page, senderCents - 1_250);
    expect(await picker.inputValue()).toBe('');
    const sent = page.getByRole('row').filter({ hasText: `${masked} (${recipient.me.user_no})` });
    await sent.getByRole('cell', { name: '12.50', exact: true }).waitFor();
    const received = await walletOf(recipient.api, recipient.me.id);
    expect(parseCents(received.total)).toBe(recipientCents + 1_250);
  });
});

describe('member wallet', () => {
  it('shows balance, frozen and bank details; a withdrawal freezes the amount until it is cancelled', async () => {
    const page = await harness.newPage();
    const { api, me } = await demoMember(page, 'm0220');
    await api.post('/api/me', {
      bank_account_name: 'Chan Tai Man',
      bank_country: 'Hong Kong',
      bank_account_no: '012-345-678',
    });
    await credit(await ApiAs.admin(page), me.id, '200.00');
    const start = await walletOf(api, me.id);
    const available = parseCents(start.total)!;
    const frozen = parseCents(start.freezeTotal)!;
    await harness.login(page, 'm0220', MEMBER_PASSWORD);
    await page.goto('/wallet');
    await showsBalance(page, available, frozen);
    const bank = page.locator('.ant-card').filter({ hasText: 'Bank details' });
    for (const text of ['Chan Tai Man', 'Hong Kong', '012-345-678']) await bank.getByText(text).waitFor();

    await page.getByRole('button', { name: 'Apply for withdrawal' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Account number').inputValue()).toBe('012-345-678');
    await dialog.getByLabel('Amount').fill('0');
    await dialog.getByLabel('Bank code').fill('HSBC');
    await dialog.getByLabel('Bank name').fill('HSBC Hong Kong');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await fieldError(dialog, 'Amount').getByText('The withdrawal amount must be greater than 0').waitFor();
    await dialog.getByLabel('Amount').fill('50');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Application Successful').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = page
      .locator('.ant-card')
      .filter({ hasText: 'My withdrawals' })
      .locator('tr.ant-table-row')
      .filter({ hasText: 'HSBC Hong Kong' });
    await row.getByText('In application').waitFor();
    await showsBalance(page, available - 5_000, frozen + 5_000);

    await row.getByRole('button', { name: 'Cancel' }).click();
    await confirmPopup(page, 'Cancel this withdrawal application?');
    await page.getByText('Cancellation Successful').first().waitFor();
    await row.getByText('Cancelled').waitFor();
    await showsBalance(page, available, frozen);
  });
});

describe('wallet records', () => {
  it('an administrator filters by member and action, sees the matching totals, and exports them', async () => {
    const page = await harness.newPage();
    const admin = await ApiAs.admin(page);
    const { me } = await demoMember(page, 'm0230');
    await credit(admin, me.id, '30.00');
    await credit(admin, me.id, '20.50');
    const added = await admin.get<WalletRecordList>('/api/wallet/recordList', {
      keyword: me.user_no,
      action: 1,
    });
    expect(added.meta.total).toBeGreaterThanOrEqual(2);
    await harness.login(page, ...DEMO.admin);
    await page.getByRole('menuitem', { name: 'Wallet Record' }).click();
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    const allTotal = await paginationTotal(page);

    await page.getByLabel('Member', { exact: true }).fill(me.user_no);
    await pickOption(page, 'Action', 'Add');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    const footer = page.locator('.ant-table-summary');
    await expect.poll(() => paginationTotal(page)).toBe(added.meta.total);
    expect(added.meta.total).toBeLessThan(allTotal);
    expect(await footer.innerText()).toContain(`Total added: ${formatMoney(added.meta.totalAdd)}`);
    expect(await footer.innerText()).toContain('Total reduced: 0.00');
    const members = await page.locator('tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();
    expect(new Set(members)).toEqual(new Set([me.user_no]));

    // The export runs as a job: a dialog shows its progress, then the file downloads by itself.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^wallet-records-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const dialog = page.getByRole('dialog', { name: /^Exporting wallet-records/ });
    await dialog.getByText(`${added.meta.total} rows exported; the download has started.`).waitFor();
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount - 1).toBe(added.meta.total);

    await pickOption(page, 'Type', 'Recharge');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => paginationTotal(page)).toBe(2);
    await expect.poll(() => footer.innerText()).toContain('Total added: 50.50');
  });
});

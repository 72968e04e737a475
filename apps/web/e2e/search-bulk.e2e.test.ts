import { readFileSync } from 'node:fs';
import { type Locale, translate, type UserListResult, type WithdrawalItem } from '@app/contracts';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMessages } from '../src/platform/platform.messages';
import { searchUiMessages } from '../src/search/search.messages';
import { walletUiMessages } from '../src/wallet/wallet.messages';
import { DEMO, Harness } from './harness';
import { PHONE } from './phone';
import { ApiAs, credit, demoMember, MEMBER_PASSWORD, openPopconfirm } from './wallet-helpers';

let harness: Harness;
let adminApi: ApiAs;
beforeAll(async () => {
  harness = await Harness.start();
  const page = await harness.newPage();
  adminApi = await ApiAs.admin(page);
});
afterAll(() => harness?.close());

const LOCALES: Locale[] = ['en-US', 'zh-HK', 'zh-CN'];
/** A web string of a dictionary defined with defineMessages. */
const web = (dictionary: Record<Locale, Record<string, string>>, key: string, locale: Locale) =>
  dictionary[locale][key]!;
/** A button's name as antd renders it: a space between two Chinese characters. */
const named = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);
/** A list's row by its id (antd's row key), whatever the first cell holds (a selection box). */
const row = (page: Page, id: number) => page.locator(`tr.ant-table-row[data-row-key="${id}"]`);
const BANK = { bank_card_number: '6222 0210 0000 9876', bank_code: 'BOCHK', bank_name: 'Bank of China (HK)' };

async function signedIn(locale: Locale, opts: { phone?: boolean; account?: readonly [string, string] } = {}) {
  const page = await harness.newPage({ locale, viewport: opts.phone ? PHONE : undefined });
  await harness.login(page, ...(opts.account ?? DEMO.admin));
  return page;
}

describe('header search', () => {
  for (const locale of LOCALES)
    it(`opens with the keyboard and goes to a member's page with Enter (${locale})`, async () => {
      const page = await signedIn(locale);
      const { me } = await demoMember(page, 'm0240');
      await page.keyboard.press(locale === 'zh-HK' ? 'Control+k' : '/');
      const box = page.getByPlaceholder(web(searchUiMessages, 'search.ui.placeholder', locale));
      await box.waitFor();
      await box.fill(me.user_no);
      const dialog = page.locator('.ant-modal');
      await dialog.getByText(web(searchUiMessages, 'search.ui.members', locale), { exact: true }).waitFor();
      await dialog.getByText(me.user_no, { exact: true }).waitFor();
      await box.press('Enter');
      await page.waitForURL(`**/description/${me.id}`);
    });

  it('lets a member on a phone (390 px) find their downline, masked, from the search icon', async () => {
    const page = await signedIn('en-US', { phone: true, account: ['member', MEMBER_PASSWORD] });
    const { api } = await demoMember(page, 'member');
    const downline = await api.get<UserListResult>('/api/users/list', { pageSize: 1 });
    const someone = downline.list[0]!;
    await page.getByRole('button', { name: 'Search' }).click();
    const box = page.getByPlaceholder('Member ID, name, e-mail, phone, WordPress ID or order number');
    await box.fill(someone.user_no);
    const hit = page.getByTestId(`search-hit-member-${someone.id}`);
    await hit.waitFor();
    expect(await hit.innerText()).toContain(someone.name);
    expect(someone.name).toContain('***');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
  });
});

/** Opens /withdraw listing only this member's applications (the filter kept in the URL). */
async function openWithdrawals(page: Page, userNo: string) {
  await page.goto(`/withdraw?keyword=${encodeURIComponent(userNo)}`);
  await page.locator('tr.ant-table-row').filter({ hasText: userNo }).first().waitFor();
}

describe('withdrawals: bulk approve and export', () => {
  for (const locale of LOCALES)
    it(`approves the selected rows and reports the one refused, translated (${locale})`, async () => {
      const page = await signedIn(locale);
      const { api, me } = await demoMember(page, 'm0250');
      await credit(adminApi, me.id, '100.00');
      const ids: number[] = [];
      for (const amount of ['10.00', '11.00', '12.00'])
        ids.push(
          (await api.post<WithdrawalItem>('/api/wallet/create-withdraw-record', { amount, ...BANK })).id,
        );
      // One is agreed alone first: the bulk approval refuses it ("status error") and does the others.
      await adminApi.post(`/api/wallet/admin/next/${ids[1]}`, { action: 'agree' });
      await openWithdrawals(page, me.user_no);
      for (const id of ids) await row(page, id).locator('input[type=checkbox]').check();
      const bar = page.getByTestId('bulk-bar');
      await bar.getByRole('button', { name: named(web(walletUiMessages, 'walletUi.agree', locale)) }).click();
      await openPopconfirm(page)
        .getByRole('button', { name: /^(OK|確\s?定|确\s?定)$/ })
        .click();
      const summary = page.getByTestId('bulk-summary');
      await summary.waitFor();
      expect(await summary.innerText()).toBe(
        web(platformMessages, 'platform.bulk.summary', locale)
          .replace('{done}', '2')
          .replace('{refused}', '1'),
      );
      await page.locator('.ant-modal').getByText(translate('common.statusError', locale)).waitFor();
    });

  it('exports the filtered withdrawals as a translated .xlsx', async () => {
    const page = await signedIn('zh-CN');
    const { api, me } = await demoMember(page, 'm0251');
    await credit(adminApi, me.id, '50.00');
    await api.post('/api/wallet/create-withdraw-record', { amount: '20.00', ...BANK });
    await openWithdrawals(page, me.user_no);
    const downloaded = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: named('导出') }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('withdrawals.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(8).value).toBe(translate('walletUi.status', 'zh-CN'));
    const userNos = new Set<unknown>();
    sheet.eachRow((row, n) => n > 1 && userNos.add(row.getCell(3).value));
    expect([...userNos]).toEqual([me.user_no]);
  });
});

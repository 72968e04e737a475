import { type Locale, translate, type WithdrawalItem } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listColumns, savedViews } from '../../api/src/views/views.schema';
import { DEMO, Harness } from './harness';
import { PHONE } from './phone';
import {
  ApiAs,
  clickUntilShown,
  confirmPopup,
  credit,
  demoMember,
  openPopconfirm,
  pickFilter,
  openPopover as popover,
  rowWithId,
} from './wallet-helpers';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** The Views and Columns buttons over the list (their popups open outside this box). */
const bar = (page: Page) => page.getByTestId('list-views');
const header = (page: Page, title: string) =>
  page.locator('.ant-table-thead th').filter({ hasText: new RegExp(`^${title}$`) });

/**
 * Remembers, from the next page load on, whether the list's header ever showed a column titled `title`: a column
 * hidden for good must not flash in while the saved columns load.
 */
async function watchHeader(page: Page, title: string) {
  await page.addInitScript((hidden) => {
    const w = window as unknown as { headerSeen?: boolean };
    new MutationObserver(() => {
      if ([...document.querySelectorAll('.ant-table-thead th')].some((th) => th.textContent === hidden))
        w.headerSeen = true;
    }).observe(document, { childList: true, subtree: true });
  }, title);
  return () => page.evaluate(() => (window as unknown as { headerSeen?: boolean }).headerSeen === true);
}

/** Saves the list's current filters as a view named `name` through the Views button and its dialog. */
async function saveView(page: Page, views: string, saveLabel: string, name: string) {
  await bar(page).getByRole('button', { name: views }).click();
  await popover(page).getByRole('button', { name: saveLabel }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#saveView_name').fill(name);
  // antd spaces a button's two Chinese characters ("儲 存"): the dialog's primary button is its OK.
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('saved views and columns', () => {
  it('an administrator saves a filtered withdrawals list, reopens it, hides a column for good, deletes the view', async () => {
    // A retry starts without the views and columns a failed attempt saved: the list's empty state is checked at
    // the end, and every column at the start.
    await harness.database.db.delete(savedViews).where(eq(savedViews.listKey, 'withdrawals'));
    await harness.database.db.delete(listColumns).where(eq(listColumns.listKey, 'withdrawals'));
    const admin = await harness.newPage();
    await harness.login(admin, ...DEMO.admin);
    const adminApi = await ApiAs.admin(admin);
    const { api, me } = await demoMember(admin, 'm0241');
    await credit(adminApi, me.id, '50.00');
    const mine = await api.post<WithdrawalItem>('/api/wallet/create-withdraw-record', {
      amount: '20.00',
      bank_card_number: '6222 0210 0000 1234',
      bank_code: 'BOCHK',
      bank_name: 'Bank of China (HK)',
    });

    await admin.goto('/withdraw');
    const keyword = admin.getByPlaceholder('Member ID or name');
    await keyword.fill(me.user_no);
    await keyword.press('Enter');
    await expect.poll(() => new URL(admin.url()).searchParams.get('keyword')).toBe(me.user_no);
    await rowWithId(admin, mine.id).waitFor();

    // Named afresh, so a retry on the same database does not meet the view of the first attempt.
    const name = `Mine only ${Date.now() % 100_000}`;
    await saveView(admin, 'Views', 'Save current view…', name);
    await admin.getByText(`View "${name}" saved`).waitFor();

    // The same name again: refused under the name field, the dialog kept open with what was typed.
    harness.expectFailedLoads('/api/views', 409);
    await bar(admin).getByRole('button', { name: 'Views' }).click();
    await popover(admin).getByRole('button', { name: 'Save current view…' }).click();
    const again = admin.getByRole('dialog');
    await again.locator('#saveView_name').fill(name);
    await again.locator('.ant-modal-footer .ant-btn-primary').click();
    await again
      .locator('.ant-form-item-explain-error')
      .filter({ hasText: translate('views.duplicateName', 'en-US', { name }) })
      .waitFor();
    expect(await again.locator('#saveView_name').inputValue()).toBe(name);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'hidden' });

    // Cleared: the filter leaves the address and the field.
    await admin.getByRole('main').getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => new URL(admin.url()).search).toBe('');
    expect(await keyword.inputValue()).toBe('');

    // Reopened: the filter is back in the address, the field and the results.
    await bar(admin).getByRole('button', { name: 'Views' }).click();
    await popover(admin).getByRole('button', { name, exact: true }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('keyword')).toBe(me.user_no);
    await expect.poll(() => keyword.inputValue()).toBe(me.user_no);
    await rowWithId(admin, mine.id).waitFor();
    await expect
      .poll(async () => {
        const rows = await admin.locator('tr.ant-table-row').allInnerTexts();
        return rows.length > 0 && rows.every((row) => row.includes(me.user_no));
      })
      .toBe(true);

    // A column hidden stays hidden after a reload; the first column cannot be hidden.
    await header(admin, 'Bank name').waitFor();
    await bar(admin).getByRole('button', { name: 'Columns' }).click();
    expect(await popover(admin).getByRole('checkbox', { name: 'ID', exact: true }).isDisabled()).toBe(true);
    // The box follows the saved choice a moment after the click (the columns' query is updated).
    await popover(admin).getByRole('checkbox', { name: 'Bank name' }).click();
    await header(admin, 'Bank name').waitFor({ state: 'detached' });
    await admin.reload();
    await header(admin, 'Bank code').waitFor();
    // The list may show before the person's columns arrive; then the column goes.
    await expect.poll(() => header(admin, 'Bank name').count()).toBe(0);
    expect(await header(admin, 'ID').count()).toBe(1);
    await bar(admin).getByRole('button', { name: 'Columns' }).click();
    await popover(admin).getByRole('button', { name: 'Show all' }).click();
    await header(admin, 'Bank name').waitFor();
    await admin.keyboard.press('Escape');

    // Deleted after confirming.
    await bar(admin).getByRole('button', { name: 'Views' }).click();
    const question = `Delete the view "${name}"?`;
    await clickUntilShown(
      popover(admin).getByRole('button', { name: `Delete view ${name}` }),
      openPopconfirm(admin).filter({ hasText: question }),
    );
    await confirmPopup(admin, question);
    await admin.getByText('View deleted').waitFor();
    await popover(admin).getByText('No saved views yet').waitFor();
  });

  it('a member on a phone, in Chinese (Hong Kong): the orders list, its buttons wrap and nothing overflows', async () => {
    const page = await harness.newPage({ viewport: PHONE, locale: 'zh-HK' });
    await harness.login(page, ...DEMO.member);
    await page.goto('/orders/orders');
    await page.getByRole('main').getByRole('button', { name: '篩選' }).click();
    const orderNo = page.locator('#filters_order_no');
    await orderNo.fill('NO-SUCH-ORDER');
    await orderNo.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('order_no')).toBe('NO-SUCH-ORDER');

    const name = `找不到 ${Date.now() % 100_000}`;
    await saveView(page, '檢視', '儲存目前檢視…', name);
    await page.getByText(`已儲存檢視「${name}」`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.goto('/orders/orders');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await bar(page).getByRole('button', { name: '檢視' }).click();
    await popover(page).getByRole('button', { name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('order_no')).toBe('NO-SUCH-ORDER');
    await expect.poll(() => orderNo.inputValue()).toBe('NO-SUCH-ORDER');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await bar(page).getByRole('button', { name: '欄位' }).click();
    await popover(page).getByRole('button', { name: '顯示全部' }).click();
    await header(page, '狀態').waitFor();
    await popover(page).getByRole('checkbox', { name: '狀態' }).click();
    await header(page, '狀態').waitFor({ state: 'detached' });
    await page.reload();
    await header(page, '訂單編號').waitFor();
    await expect.poll(() => header(page, '狀態').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await bar(page).getByRole('button', { name: '檢視' }).click();
    await popover(page)
      .getByRole('button', { name: `刪除檢視 ${name}` })
      .click();
    await openPopconfirm(page)
      .filter({ hasText: `刪除檢視「${name}」？` })
      .locator('.ant-btn-primary') // "確 定": antd spaces a button's two Chinese characters
      .click();
    await page.getByText('檢視已刪除').waitFor();
  });

  it('an administrator saves a filtered wallet-records list, reopens it, and a hidden column never flashes back', async () => {
    const admin = await harness.newPage();
    await harness.login(admin, ...DEMO.admin);
    const adminApi = await ApiAs.admin(admin);
    const { me } = await demoMember(admin, 'm0242');
    await credit(adminApi, me.id, '7.00');

    await admin.goto('/walletRecord');
    const keyword = admin.getByPlaceholder('Member ID or name');
    await keyword.fill(me.user_no);
    await keyword.press('Enter');
    await expect.poll(() => new URL(admin.url()).searchParams.get('keyword')).toBe(me.user_no);
    const name = `Records of one ${Date.now() % 100_000}`;
    await saveView(admin, 'Views', 'Save current view…', name);
    await admin.getByText(`View "${name}" saved`).waitFor();

    await admin.reload();
    await admin.getByRole('main').getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => new URL(admin.url()).search).toBe('');
    await bar(admin).getByRole('button', { name: 'Views' }).click();
    await popover(admin).getByRole('button', { name, exact: true }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('keyword')).toBe(me.user_no);
    await expect.poll(() => keyword.inputValue()).toBe(me.user_no);
    await expect
      .poll(async () => {
        const rows = await admin.locator('tr.ant-table-row').allInnerTexts();
        return rows.length > 0 && rows.every((row) => row.includes(me.user_no));
      })
      .toBe(true);

    // Month hidden: gone at once, and after a reload it never shows, not even before the saved columns arrive.
    await header(admin, 'Month').waitFor();
    await bar(admin).getByRole('button', { name: 'Columns' }).click();
    expect(await popover(admin).getByRole('checkbox', { name: 'Member', exact: true }).isDisabled()).toBe(
      true,
    );
    await popover(admin).getByRole('checkbox', { name: 'Month' }).click();
    await header(admin, 'Month').waitFor({ state: 'detached' });
    await admin.keyboard.press('Escape');
    const monthSeen = await watchHeader(admin, 'Month');
    await admin.reload();
    await header(admin, 'Record No').waitFor();
    await admin.locator('tr.ant-table-row').first().waitFor();
    expect(await header(admin, 'Month').count()).toBe(0);
    expect(await monthSeen()).toBe(false);
    expect(await keyword.inputValue()).toBe(me.user_no);
    await bar(admin).getByRole('button', { name: 'Columns' }).click();
    await popover(admin).getByRole('button', { name: 'Show all' }).click();
    await header(admin, 'Month').waitFor();
  });

  const transfersOnPhone = (locale: Locale, views: string, save: string) =>
    it(`a member on a phone (${locale}): the transfers received, saved and reopened; a column hidden for good`, async () => {
      const page = await harness.newPage({ viewport: PHONE, locale });
      await harness.login(page, ...DEMO.member);
      const adminApi = await ApiAs.admin(page);
      const member = await ApiAs.login(page, ...DEMO.member);
      const { api: sender, me: senderMe } = await demoMember(page, 'm0243');
      await credit(adminApi, senderMe.id, '30.00');
      const memberNo = (await member.get<{ user_no: string }>('/api/me')).user_no;
      await sender.post('/api/wallet/sendTransfer', { user_no: memberNo, amount: '3.21' });
      const tr = (key: string) => translate(key as never, locale);
      const received = locale === 'en-US' ? 'Received' : '收到';

      await page.goto('/transfer');
      await pickFilter(page, 'direction', new RegExp(`^${received}$`));
      await expect.poll(() => new URL(page.url()).searchParams.get('direction')).toBe('in');
      const directions = () => page.locator('tr.ant-table-row .ant-tag').allInnerTexts();
      await expect
        .poll(async () => {
          const tags = await directions();
          return tags.length > 0 && tags.every((tag) => tag === received);
        })
        .toBe(true);
      const name = `${received} ${Date.now() % 100_000}`;
      await saveView(page, views, save, name);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      await page.goto('/transfer');
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await page.reload();
      await bar(page).getByRole('button', { name: views }).click();
      await popover(page).getByRole('button', { name, exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('direction')).toBe('in');
      await page
        .locator('.ant-select')
        .filter({ has: page.locator('#filters_direction') })
        .getByText(received)
        .waitFor();
      await expect
        .poll(async () => {
          const tags = await directions();
          return tags.length > 0 && tags.every((tag) => tag === received);
        })
        .toBe(true);
      await page.locator('tr.ant-table-row').filter({ hasText: '3.21' }).first().waitFor();

      const remark = tr('walletUi.remark');
      await header(page, remark).waitFor();
      await bar(page)
        .getByRole('button', { name: locale === 'en-US' ? 'Columns' : '欄位' })
        .click();
      await popover(page).getByRole('checkbox', { name: remark }).click();
      await header(page, remark).waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      const remarkSeen = await watchHeader(page, remark);
      await page.reload();
      await header(page, tr('walletUi.time')).waitFor();
      await page.locator('tr.ant-table-row').first().waitFor();
      expect(await header(page, remark).count()).toBe(0);
      expect(await remarkSeen()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await bar(page)
        .getByRole('button', { name: locale === 'en-US' ? 'Columns' : '欄位' })
        .click();
      await popover(page)
        .getByRole('button', { name: locale === 'en-US' ? 'Show all' : '顯示全部' })
        .click();
      await header(page, remark).waitFor();
    });
  transfersOnPhone('zh-HK', '檢視', '儲存目前檢視…');
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestFactory } from '../../api/src/test/factory';
import { TestMailbox } from '../../api/src/test/test-mailbox';
import { Harness } from './harness';

/** A forgotten password reset through the mail, and the own password change of the avatar menu (docs/product/access.md). */
let harness: Harness;
let mailbox: TestMailbox;
let factory: TestFactory;
beforeAll(async () => {
  mailbox = await TestMailbox.start();
  harness = await Harness.start({ mail: mailbox.settings });
  factory = new TestFactory(harness.database.db);
});
afterAll(async () => {
  await harness?.close();
  await mailbox?.close();
});

/** The reset link of the next mail to `email`, checked to open this app. */
async function linkMailedTo(email: string, seen = 0): Promise<string> {
  const mail = await mailbox.next(email, seen);
  const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
  expect(link.startsWith(`${harness.baseUrl}/reset-password?token=`)).toBe(true);
  return link;
}

const signInRefused = async (page: Page, account: string, password: string) => {
  await page.goto('/login');
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
};

describe('a forgotten password', () => {
  it('is reset through the link of the mail, and the new password signs in', async () => {
    harness.expectFailedLoads('/api/login', 400); // the old password, refused after the reset
    const member = await factory.member();
    const page = await harness.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Account or email').fill(member.email ?? '');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('If this account exists and has an e-mail address').waitFor();

    await page.goto(await linkMailedTo(member.email ?? ''));
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm new password').fill('abcd');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Must be at least 6 characters').waitFor();
    await page.getByText('Two passwords are inconsistent').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('brand-new1');
    await page.getByLabel('Confirm new password').fill('brand-new1');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your new password is set; please sign in with it').waitFor();
    await page.waitForURL(/\/login$/);

    await signInRefused(page, member.name, 'secret123');
    await page.getByText('Incorrect username or password').waitFor();
    await harness.login(page, member.name, 'brand-new1');
  });

  it('is reset in Chinese: the mail, the pages and the refusal of a used link', async () => {
    harness.expectFailedLoads('/api/password-reset/confirm', 400); // the link opened a second time
    const member = await factory.member();
    const page = await harness.newPage({ locale: 'zh-HK' });
    await page.goto('/forgot-password');
    await page.getByLabel('帳號或郵箱').fill(member.name);
    await page.getByRole('button', { name: '寄出連結' }).click();
    await page.getByText('如此帳戶存在並有電郵地址').waitFor();
    const mail = await mailbox.next(member.email ?? '');
    expect(mail.subject).toBe('為 會員管理後台 設定新密碼');
    const link = await linkMailedTo(member.email ?? '');

    await page.goto(link);
    await page.getByLabel('新密碼', { exact: true }).fill('zh-pass-1');
    await page.getByLabel('確認新密碼').fill('zh-pass-1');
    await page.getByRole('button', { name: '設定密碼' }).click();
    await page.waitForURL(/\/login$/);
    await harness.login(page, member.name, 'zh-pass-1');

    const again = await harness.newPage({ locale: 'zh-HK' });
    await again.goto(link);
    await again.getByLabel('新密碼', { exact: true }).fill('zh-pass-2');
    await again.getByLabel('確認新密碼').fill('zh-pass-2');
    await again.getByRole('button', { name: '設定密碼' }).click();
    await again.locator('.ant-alert').getByText('此連結已過期或已使用，請重新申請').waitFor();
    await again.getByRole('link', { name: '重新申請連結' }).waitFor();
  });
});

describe('the avatar menu’s change of password', () => {
  it('lets an administrator change their own, ending their other sessions and keeping this one', async () => {
    harness.expectFailedLoads('/api/', 401); // the other session's calls, once ended
    harness.expectFailedLoads('/api/me', 422); // the wrong current password
    harness.expectFailedLoads('/api/login', 400); // the old password, refused
    const admin = await factory.superAdmin();
    const elsewhere = await harness.newPage();
    await harness.login(elsewhere, admin.name, 'secret123');
    const page = await harness.newPage();
    await harness.login(page, admin.name, 'secret123');

    await page.getByRole('button', { name: 'user menu' }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill('not-my-password');
    // 17 characters: more than an administrator's password may have.
    await dialog.getByLabel('New password', { exact: true }).fill('seventeen-chars-x');
    await dialog.getByLabel('Confirm new password').fill('seventeen-chars-x');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Must be at most 16 characters').waitFor();
    await dialog.getByLabel('New password', { exact: true }).fill('admin-new-1');
    await dialog.getByLabel('Confirm new password').fill('admin-new-1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('wrong password').waitFor();
    await dialog.getByLabel('Current password').fill('secret123');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Edit Successful').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // This session goes on; the other one is over.
    await page.reload();
    await page.getByRole('button', { name: 'user menu' }).waitFor();
    await elsewhere.reload();
    await elsewhere.waitForURL(/\/login/);
    await signInRefused(elsewhere, admin.name, 'secret123');
    await elsewhere.getByText('Incorrect username or password').waitFor();
    await harness.login(elsewhere, admin.name, 'admin-new-1');
  });
});

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** The number the navbar bell shows (its accessible name carries the count in every language). */
async function unreadBadge(page: Page): Promise<number> {
  const label = await page.getByTestId('notification-bell').getAttribute('aria-label');
  return Number(/(\d+)/.exec(label ?? '')?.[1]);
}

describe('announcements', () => {
  it('an admin publishes an announcement with a zh-HK title; the member reads it in zh-HK and the unread count drops', async () => {
    const member = await harness.newPage();
    await harness.login(member, ...DEMO.member);
    await member.getByTestId('notification-bell').waitFor();
    await expect.poll(() => unreadBadge(member)).toBeGreaterThan(0);
    const before = await unreadBadge(member);

    const admin = await harness.newPage();
    await harness.login(admin, ...DEMO.admin);
    await admin.goto('/annoucement/list');
    await admin.getByRole('button', { name: 'New announcement' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Title (en-US)').fill('Year-end party');
    await dialog.getByRole('textbox', { name: 'Content (en-US)' }).fill('Join us on Friday.');
    await dialog.getByRole('tab', { name: '繁體中文' }).click();
    await dialog.getByLabel('Title (zh-HK)').fill('年終派對通知');
    await dialog.getByRole('textbox', { name: 'Content (zh-HK)' }).fill('星期五晚上見。');
    await dialog.getByRole('switch', { name: 'Published', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('added successfully').waitFor();
    const row = admin.getByRole('row').filter({ hasText: 'Year-end party' });
    await row.getByText('Published', { exact: true }).waitFor();

    // The member's bell refreshes on reload; then the member switches to Traditional Chinese.
    await member.reload();
    await expect.poll(() => unreadBadge(member)).toBe(before + 1);
    await member.getByRole('button', { name: 'Language' }).hover();
    await Promise.all([member.waitForEvent('load'), member.getByText('繁體中文').click()]);
    await member.getByRole('menuitem', { name: '公告' }).click();
    await member.waitForURL(/\/user-annoucement\/list$/);
    const item = member.getByRole('row').filter({ hasText: '年終派對通知' });
    await item.getByText('新', { exact: true }).waitFor();
    await item.click();
    const reader = member.getByRole('dialog');
    await reader.getByText('星期五晚上見。').waitFor();
    expect(await reader.getByText('年終派對通知').count()).toBeGreaterThan(0);
    await expect.poll(() => unreadBadge(member)).toBe(before);
    expect(await member.getByTestId('notification-bell').getAttribute('aria-label')).toBe(
      `通知：${before} 則新通知`,
    );
    await reader.getByRole('button', { name: '關閉' }).click();
    await item.getByText('新', { exact: true }).waitFor({ state: 'detached' });
  });

  it('a member never sees drafts; an admin deletes one after confirming', async () => {
    const member = await harness.newPage();
    await harness.login(member, ...DEMO.member);
    await member.goto('/user-annoucement/list');
    await member.getByText('Welcome to the new back-office').waitFor();
    expect(await member.getByText('Year-end gala (draft)').count()).toBe(0);

    const admin = await harness.newPage();
    await harness.login(admin, ...DEMO.admin);
    const draft = admin.getByRole('row').filter({ hasText: 'Year-end gala (draft)' });
    // "Members only, admin allowed": not in the admin menu, but the admin may open it and read.
    await admin.goto('/user-annoucement/list');
    await admin.getByRole('row').filter({ hasText: 'Welcome to the new back-office' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    expect(await admin.getByText('Year-end gala (draft)').count()).toBe(0);
    expect(await admin.getByRole('menuitem', { name: 'Announcements' }).count()).toBe(1);
    await admin.goto('/annoucement/list');
    await draft.getByText('Draft', { exact: true }).waitFor();
    await draft.getByRole('button', { name: 'Delete' }).click();
    await admin.getByRole('button', { name: 'OK' }).click();
    await admin.getByText('Deleted successfully').waitFor();
    await draft.waitFor({ state: 'detached' });
  });
});

describe('attachments', () => {
  it('an admin attaches a PDF, downloads it again from the edit form, and the member downloads it from the reader', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const admin = await harness.newPage();
    await harness.login(admin, ...DEMO.admin);
    await admin.goto('/annoucement/list');
    await admin.getByRole('button', { name: 'New announcement' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Title (en-US)').fill('Price list attached');
    await dialog.getByRole('textbox', { name: 'Content (en-US)' }).fill('See the attachment.');
    await dialog.getByRole('switch', { name: 'Published', exact: true }).click();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'prices.pdf', mimeType: 'application/pdf', buffer: pdf });
    await dialog.getByText('prices.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('added successfully').waitFor();

    await admin
      .getByRole('row')
      .filter({ hasText: 'Price list attached' })
      .getByRole('button', { name: 'Edit' })
      .click();
    const edit = admin.getByRole('dialog', { name: 'Edit announcement' });
    await edit.getByText('prices.pdf').waitFor();
    const [fromForm] = await Promise.all([
      admin.waitForEvent('download'),
      edit.getByRole('button', { name: 'Download file' }).click(),
    ]);
    expect(fromForm.suggestedFilename()).toBe('prices.pdf');
    expect(readFileSync((await fromForm.path())!)).toEqual(pdf);

    const member = await harness.newPage();
    await harness.login(member, ...DEMO.member);
    await member.goto('/user-annoucement/list');
    await member.getByRole('row').filter({ hasText: 'Price list attached' }).click();
    const [fromReader] = await Promise.all([
      member.waitForEvent('download'),
      member
        .getByRole('dialog')
        .getByRole('button', { name: /prices\.pdf/ })
        .click(),
    ]);
    expect(readFileSync((await fromReader.path())!)).toEqual(pdf);
  });
});

describe('information center', () => {
  it('an admin filters articles by title; a member opens one in zh-CN, falling back to English where untranslated', async () => {
    const admin = await harness.newPage();
    await harness.login(admin, ...DEMO.admin);
    await admin.getByRole('menuitem', { name: 'Information Center' }).click();
    await admin.getByPlaceholder('Search title').fill('bank');
    await admin.getByPlaceholder('Search title').press('Enter');
    await admin
      .getByRole('row')
      .filter({ hasText: 'How the referral bonus works' })
      .waitFor({ state: 'detached' });
    expect(await admin.getByRole('row').filter({ hasText: 'Withdrawing to your bank account' }).count()).toBe(
      1,
    );

    const member = await harness.newPage({ locale: 'zh-CN' });
    await harness.login(member, ...DEMO.member);
    await member.getByRole('menuitem', { name: '资讯中心' }).click();
    await member.getByRole('row').filter({ hasText: '推荐奖金如何计算' }).click();
    await member.getByRole('dialog').getByRole('heading', { name: '推荐奖金' }).waitFor();
    await member.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
    await member.getByRole('row').filter({ hasText: '提款到银行账户' }).click();
    await member.getByRole('dialog').getByText('Fill in your bank details', { exact: false }).waitFor();
  });
});

describe('Purchase Product', () => {
  it('opens the shop URL of GET /api/common/config in a new tab', async () => {
    const member = await harness.newPage();
    await member.context().route('https://shop.test/**', (route) => route.fulfill({ body: 'shop' }));
    await harness.login(member, ...DEMO.member);
    const [shop] = await Promise.all([
      member.waitForEvent('popup'),
      member.getByRole('menuitem', { name: 'Purchase Product' }).click(),
    ]);
    await shop.waitForLoadState();
    expect(shop.url()).toBe('https://shop.test/');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** The sign-in page of a fresh load: the form alone, without antd (docs/performance/web.md). */
describe('the sign-in page', () => {
  const TEXTS = {
    'en-US': {
      title: 'Membership Back-office',
      account: 'Account or email',
      required: 'This field is required',
    },
    'zh-HK': { title: '會員管理後台', account: '帳號或郵箱', required: '此欄位為必填' },
    'zh-CN': { title: '会员管理后台', account: '账号或邮箱', required: '此字段为必填' },
  } as const;

  for (const [locale, text] of Object.entries(TEXTS))
    it(`shows its texts and the contract's refusals in ${locale}, without antd`, async () => {
      const page = await harness.newPage({ locale: locale as keyof typeof TEXTS });
      await page.goto('/login');
      await page.getByRole('heading', { name: text.title }).waitFor();
      expect(await page.title()).toBe(text.title);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      // As the user types (the contract's rules arrive with the first keystroke), then on submit.
      await page.getByLabel(text.account).fill('   ');
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').allInnerTexts()).toEqual([text.required]);
      await page.locator('button[type=submit]').click();
      await page.getByRole('alert').nth(1).waitFor();
      expect(await page.getByRole('alert').allInnerTexts()).toEqual([text.required, text.required]);
      expect(await page.locator('[class^="ant-"]').count()).toBe(0);
    });

  it('toasts a refusal of the server and signs in to the remembered page', async () => {
    harness.expectFailedLoads('/api/login', 400);
    const page = await harness.newPage();
    await page.goto('/login?redirect=%2Forders%2Forders');
    await page.locator('#account').fill(DEMO.admin[0]);
    await page.locator('#password').fill('not-the-password');
    await page.locator('button[type=submit]').click();
    await page.locator('.login-toast', { hasText: 'Incorrect username or password' }).waitFor();
    await page.locator('#password').fill(DEMO.admin[1]);
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/orders\/orders$/);
    await page.getByRole('menuitem', { name: 'Orders' }).first().waitFor();
  });

  it('switches the language and reloads', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    await page.waitForURL(/\/login$/);
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN'),
    ]);
    await page.getByRole('heading', { name: '会员管理后台' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('zh-CN');
  });
});

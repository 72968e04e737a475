import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';
import { PHONE, settled } from './phone';

/** Two-factor sign-in and sessions (docs/product/access.md, "Two-factor sign-in", "Sessions"). */
let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** The code an authenticator app shows for `secret`, `steps` 30 s steps from now (the same library as the server). */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Nothing wider than the window: no sideways scrolling on a phone. */
const fitsWidth = async (page: Page) => {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
  );
  if (wide.length) console.log('wider than the window:', wide);
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
};

/** The password step of the sign-in page, up to the code step when the account asks one. */
async function password(page: Page, [account, secret]: readonly [string, string]) {
  await page.goto('/login');
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(secret);
  await page.locator('button[type=submit]').click();
}

/** An antd button's name: antd spaces out a two-character Chinese label ("開 啟"). */
const antdName = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`);

let secret = '';
let recoveryCodes: string[] = [];
/** Each recovery code signs in once: a retried test takes the next ones. */
const nextRecoveryCode = () => recoveryCodes.shift()!;

describe('two-factor sign-in of a member, on a phone', () => {
  it('sets it up from the personal center in Traditional Chinese: QR and key, a first code, ten recovery codes shown once', async () => {
    harness.expectFailedLoads('/api/me/two-factor/confirm', 422);
    const page = await harness.newPage({ locale: 'zh-HK', viewport: PHONE });
    await harness.login(page, ...DEMO.member);
    await page.goto('/me');
    const card = page.locator('.ant-card').filter({ hasText: '雙重驗證' });
    await card.getByText('已關閉：登入時只須輸入密碼。').waitFor();
    await card.getByRole('button', { name: antdName('設定') }).click();
    await card.getByRole('img', { name: '雙重驗證金鑰的二維碼' }).waitFor();
    secret = (await card.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await fitsWidth(page)).toBe(true);

    await card.getByLabel('驗證碼').fill('000000');
    await card.getByRole('button', { name: antdName('開啟') }).click();
    await card.getByText('驗證碼錯誤或已過期').first().waitFor();
    await card.getByLabel('驗證碼').fill(codeOf(secret));
    await card.getByLabel('驗證碼').press('Enter');
    const dialog = page.getByRole('dialog', { name: '您的備用碼' });
    recoveryCodes = (await dialog.getByTestId('recovery-codes').innerText()).trim().split('\n');
    expect(recoveryCodes).toHaveLength(10);
    expect(await fitsWidth(page)).toBe(true);
    await dialog.getByRole('button').click();
    await card.getByText('尚餘 10 個備用碼').waitFor();
  });

  it('signs in with the password, then a code computed from the key, in Simplified Chinese', async () => {
    harness.expectFailedLoads('/api/login/two-factor', 422);
    const page = await harness.newPage({ locale: 'zh-CN', viewport: PHONE });
    await password(page, DEMO.member);
    await page.getByText('请输入验证器应用的 6 位验证码，或一个备用码。').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.getByLabel('验证码').fill('123456');
    await page.getByRole('button', { name: '验证' }).click();
    await page.getByRole('alert').filter({ hasText: '验证码错误或已过期' }).first().waitFor();
    // The set-up took this step's code: the app's next one.
    await page.getByLabel('验证码').fill(codeOf(secret, 1));
    await page.getByRole('button', { name: '验证' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByTestId('menu-button').waitFor();
  });
});

describe('sessions', () => {
  it('lists an administrator’s sessions under Account security and ends another one, which is then signed out', async () => {
    const elsewhere = await harness.newPage();
    await harness.login(elsewhere, ...DEMO.operator);
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.operator);
    await page.getByRole('button', { name: 'user menu' }).click();
    await page.getByRole('menuitem', { name: 'Account security' }).click();
    await page.waitForURL('**/account/security');
    const card = page.locator('.ant-card').filter({ hasText: 'Signed-in sessions' });
    const sessions = card.locator('.session-item');
    await expect.poll(() => sessions.count()).toBe(2);
    const mine = sessions.filter({ hasText: 'This device' });
    expect(await mine.count()).toBe(1);
    await mine.getByText(/^Chrome \d+/).waitFor();
    await mine.getByText('Address: 127.0.0.1').waitFor();

    await sessions.filter({ hasNotText: 'This device' }).getByRole('button', { name: 'End' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Session ended').first().waitFor();
    await expect.poll(() => sessions.count()).toBe(1);

    harness.expectFailedLoads('/api/', 401);
    await elsewhere.reload();
    await elsewhere.waitForURL('**/login**');
  });

  it("ends all the member's other sessions from the personal center, on a phone", async () => {
    // The member signs in with a second factor since the set-up above: a recovery code each time.
    const signInWithRecoveryCode = async (page: Page, code: string) => {
      await password(page, DEMO.member);
      await page.locator('#code').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByTestId('menu-button').or(page.getByRole('menu')).first().waitFor();
    };
    const other = await harness.newPage();
    await signInWithRecoveryCode(other, nextRecoveryCode());
    const page = await harness.newPage({ viewport: PHONE });
    await signInWithRecoveryCode(page, nextRecoveryCode());
    await page.goto('/me');
    const card = page.locator('.ant-card').filter({ hasText: 'Signed-in sessions' });
    await expect.poll(() => card.locator('.session-item').count()).toBeGreaterThanOrEqual(2);
    await settled(page);
    expect(await fitsWidth(page)).toBe(true);
    await card.getByRole('button', { name: 'End all other sessions' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Every other session ended').first().waitFor();
    await expect.poll(() => card.locator('.session-item').count()).toBe(1);
    await card.getByText('This device').waitFor();

    harness.expectFailedLoads('/api/', 401);
    await other.reload();
    await other.waitForURL('**/login**');
  });
});

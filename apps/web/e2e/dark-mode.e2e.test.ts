import { LOCALES } from '@app/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellMessages } from '../src/shell/shell.messages';
import { DEMO, Harness } from './harness';
import { PHONE } from './phone';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** The background the page's layout and our own navbar are painted with. */
const backgrounds = (page: Page) =>
  page.evaluate(() => ({
    layout: getComputedStyle(document.querySelector('.app-layout') as Element).backgroundColor,
    navbar: getComputedStyle(document.querySelector('.app-navbar') as Element).backgroundColor,
    scheme: document.documentElement.dataset.theme,
  }));

/** Whether a CSS colour is dark (its lightness below the middle). */
const isDark = (colour: string) => {
  const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number) as [number, number, number];
  return (Math.max(r, g, b) + Math.min(r, g, b)) / 2 < 128;
};

/** Opens the settings drawer: its dark mode switch. */
async function darkSwitch(page: Page, locale: (typeof LOCALES)[number]) {
  const text = shellMessages[locale];
  // The floating settings button (the admin's dashboard has a button of that name too).
  await page.locator(`.ant-float-btn[aria-label="${text['shell.settings']}"]`).click();
  return page.getByRole('switch', { name: text['shell.settings.dark'] });
}

/** Turns the dark mode on or off in the settings drawer, once the server has saved the choice. */
async function switchDark(page: Page, locale: (typeof LOCALES)[number], on: boolean) {
  const toggle = await darkSwitch(page, locale);
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) {
    const saved = page.waitForResponse(
      (res) => res.request().method() === 'PUT' && new URL(res.url()).pathname === '/api/me/theme',
    );
    await toggle.click();
    expect((await saved).status()).toBe(200);
  }
  await page.keyboard.press('Escape');
}

describe('dark mode', () => {
  for (const locale of LOCALES)
    it(`is switched in the settings drawer and paints our own styles too (${locale})`, async () => {
      const page = await harness.newPage({ locale });
      await harness.login(page, ...DEMO.admin);
      expect(isDark((await backgrounds(page)).navbar)).toBe(false);
      await switchDark(page, locale, true);
      await expect.poll(async () => (await backgrounds(page)).scheme).toBe('dark');
      const dark = await backgrounds(page);
      expect(isDark(dark.layout)).toBe(true);
      expect(isDark(dark.navbar)).toBe(true);
      await switchDark(page, locale, false);
      await expect.poll(async () => isDark((await backgrounds(page)).navbar)).toBe(false);
    });

  it('is kept on the server per user: after a reload, in another browser, not for another user', async () => {
    const page = await harness.newPage({ viewport: PHONE });
    await harness.login(page, ...DEMO.member);
    await page.goto('/organization/index');
    await switchDark(page, 'en-US', true);
    await page.reload();
    await expect.poll(async () => (await backgrounds(page)).scheme).toBe('dark');
    // The org chart's own boxes follow the theme.
    const chart = await page
      .locator('.org-chart')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(isDark(chart)).toBe(true);

    // Another browser (its own, empty local storage): the sign-in page is light, the member's choice comes with them.
    const elsewhere = await harness.newPage();
    await elsewhere.goto('/login');
    expect((await elsewhere.evaluate(() => document.documentElement.dataset.theme)) ?? 'light').toBe('light');
    await harness.login(elsewhere, ...DEMO.member);
    await expect.poll(async () => (await backgrounds(elsewhere)).scheme).toBe('dark');
    await elsewhere.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('userInfo');
    });
    await harness.login(elsewhere, ...DEMO.admin);
    await expect.poll(async () => (await backgrounds(elsewhere)).scheme).toBe('light');
    expect(isDark((await backgrounds(elsewhere)).navbar)).toBe(false);
  });

  it('comes back as it was, with the refusal toasted, when the server does not save it', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.operator);
    const theme = (url: URL) => url.pathname === '/api/me/theme';
    harness.expectFailedLoads('/api/me/theme', 503);
    let refuse = () => {};
    const refused = new Promise<void>((resolve) => {
      refuse = resolve;
    });
    await page.route(theme, async (route) => {
      await refused;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 503, msg: 'Try again in a moment', data: null }),
      });
    });
    const toggle = await darkSwitch(page, 'en-US');
    await toggle.click();
    // Shown at once, before the server answers.
    await expect.poll(async () => (await backgrounds(page)).scheme).toBe('dark');
    refuse();
    await page.locator('.ant-message').getByText('Try again in a moment').waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect((await backgrounds(page)).scheme).toBe('light');
    // Nothing was saved: the server's answer after a reload is light too.
    await page.unroute(theme);
    const info = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/user/info');
    await page.reload();
    expect(((await (await info).json()) as { data: { theme: string } }).data.theme).toBe('light');
    await page.locator('.app-navbar').waitFor();
    expect((await backgrounds(page)).scheme).toBe('light');
  });
});

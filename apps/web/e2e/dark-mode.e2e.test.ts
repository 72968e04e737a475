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

async function switchDark(page: Page, locale: (typeof LOCALES)[number], on: boolean) {
  const text = shellMessages[locale];
  // The floating settings button (the admin's dashboard has a button of that name too).
  await page.locator(`.ant-float-btn[aria-label="${text['shell.settings']}"]`).click();
  const toggle = page.getByRole('switch', { name: text['shell.settings.dark'] });
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
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

  it('is remembered per user: after a reload and a new sign-in, not for another user', async () => {
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
    const stored = await page.evaluate(() => localStorage.getItem('app-theme'));
    await page.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('userInfo');
    });
    await harness.login(page, ...DEMO.admin);
    await expect.poll(async () => (await backgrounds(page)).scheme).toBe('light');
    expect(Object.values(JSON.parse(stored ?? '{}'))).toEqual(['dark']);
  });
});

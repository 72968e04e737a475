import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MENU } from '@app/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';
import { BANK, PHONE, saveBankDetails, settled } from './phone';

/** Screenshots of this run, outside the repository (`npm run screens` writes the committed ones). */
const SHOTS = mkdtempSync(join(tmpdir(), 'phone-screens-'));

/** Balances and other figures: each title and value. */
const FIGURES = '.ant-statistic-title, .ant-statistic-content';
/** Label–value lists such as the bank details: each label and value. */
const DETAILS = '.ant-descriptions-item-label, .ant-descriptions-item-content';

/** Every page of the member's menu (Purchase Product opens the shop), with the texts whose boxes must not overlap. */
const PAGES: { menu: string; path: string; apart?: string[] }[] = [
  { menu: 'Dashboard', path: '/dashboard/workplace', apart: [FIGURES] },
  { menu: 'Sponsor Tree', path: '/organization/index' },
  { menu: 'Orders', path: '/orders/orders' },
  { menu: 'Wallet', path: '/wallet', apart: [FIGURES, DETAILS] },
  { menu: 'Transfer', path: '/transfer', apart: [FIGURES] },
  { menu: 'Announcements', path: '/user-annoucement/list' },
  { menu: 'Information Center', path: '/user-information-center/list' },
  { menu: 'Personal Center', path: '/me', apart: [DETAILS] },
];

interface Box {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
  lineHeight: number;
}

/** The visible boxes matched by `selector` in `root`, with their text and line height. */
const boxesOf = (root: Page | Locator, selector: string): Promise<Box[]> =>
  root.locator(selector).evaluateAll((elements) =>
    elements
      .map((element) => {
        const rect = element.getBoundingClientRect();
        return {
          text: element.textContent ?? '',
          left: rect.left,
          top: rect.top,
          right: rect.right,
          bottom: rect.bottom,
          lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight) || 22,
        };
      })
      .filter((box) => box.right > box.left && box.bottom > box.top),
  );

const overlap = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;

/** Pairs of boxes that overlap, and boxes that leave the screen or wrap a short text over more than two lines. */
function layoutFaults(boxes: Box[]): string[] {
  const faults: string[] = [];
  for (const [i, a] of boxes.entries()) {
    if (a.left < 0 || a.right > PHONE.width)
      faults.push(`"${a.text}" leaves the screen (${a.left}–${a.right})`);
    if (a.text.length <= 40 && a.bottom - a.top > 2.5 * a.lineHeight)
      faults.push(`"${a.text}" wraps into ${Math.round((a.bottom - a.top) / a.lineHeight)} lines`);
    for (const b of boxes.slice(i + 1)) if (overlap(a, b)) faults.push(`"${a.text}" overlaps "${b.text}"`);
  }
  return faults;
}

const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

/** The element's box comes to lie within the screen's width (a drawer or dialog slides or zooms in first). */
async function fitsScreen(element: Locator): Promise<void> {
  const edges = async () => {
    const box = await element.boundingBox();
    return box && { left: Math.round(box.x), right: Math.round(box.x + box.width) };
  };
  const within = async () => {
    const box = await edges();
    return !!box && box.left >= 0 && box.right <= PHONE.width;
  };
  await expect.poll(within).toBe(true);
}

let harness: Harness;
let page: Page;
beforeAll(async () => {
  console.log(`phone screenshots: ${SHOTS}`);
  harness = await Harness.start();
  page = await harness.newPage({ viewport: PHONE });
  await harness.login(page, ...DEMO.member);
  await saveBankDetails(page);
});
afterAll(() => harness?.close());

describe('member pages on a 390 px phone', () => {
  it('the menu is a drawer behind the navbar menu button, and the navbar fits the screen', async () => {
    await page.goto('/dashboard/workplace');
    await settled(page);
    expect(await page.getByTestId('sider').count()).toBe(0);
    expect(await page.getByRole('menu').count()).toBe(0);
    await fitsScreen(page.getByTestId('navbar'));
    for (const control of await page.getByTestId('navbar').locator('a, button').all())
      await fitsScreen(control);

    await page.getByTestId('menu-button').click();
    await page.getByRole('menu').waitFor();
    await fitsScreen(page.getByRole('dialog'));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  });

  for (const { menu, path, apart = [] } of PAGES)
    it(`${menu} (${path}) fits the width, its key boxes apart`, async () => {
      await page.goto('/dashboard/workplace');
      await settled(page);
      expect(await page.getByRole('menu').count()).toBe(0);
      await page.getByTestId('menu-button').click();
      await page.getByRole('menuitem', { name: menu }).click();
      await page.waitForURL((url) => url.pathname === path);
      await expect.poll(() => page.getByRole('menu').count()).toBe(0);
      await settled(page);

      const file = join(SHOTS, `${path.slice(1).replaceAll('/', '-')}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`screenshot of ${path}: ${file}`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      for (const selector of apart) {
        const boxes = await boxesOf(page, selector);
        expect(boxes.length, selector).toBeGreaterThan(0);
        expect(layoutFaults(boxes), selector).toEqual([]);
      }
    });

  it("the wallet's bank details read label above value, and the withdrawal dialog fits", async () => {
    await page.goto('/wallet');
    await settled(page);
    const bank = page.locator('.ant-card').filter({ hasText: 'Bank details' });
    const labels = await boxesOf(bank, '.ant-descriptions-item-label');
    const values = await boxesOf(bank, '.ant-descriptions-item-content');
    // One set of bank details everywhere: the holder, country and number set here among the card's five fields.
    expect(values).toHaveLength(5);
    expect(values.map((v) => v.text)).toEqual(expect.arrayContaining(Object.values(BANK)));
    for (const [i, value] of values.entries()) {
      expect(labels[i]!.bottom, value.text).toBeLessThanOrEqual(value.top);
      expect(value.right - value.left, value.text).toBeGreaterThan(PHONE.width / 2);
    }
    await page.getByRole('button', { name: 'Apply for withdrawal' }).click();
    await fitsScreen(page.getByRole('dialog'));
    await page.screenshot({ path: join(SHOTS, 'wallet-withdrawal-dialog.png') });
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');
  });

  it("a bonus record's explanation opens in a drawer within the screen", async () => {
    await page.goto('/wallet');
    await settled(page);
    await page.getByTestId('explain-payout').first().click();
    const drawer = page.getByTestId('payout-explanation');
    await drawer
      .getByText('Recomputed from the stored data by the settlement engine: the same amount.')
      .waitFor();
    await fitsScreen(page.getByRole('dialog'));
    await page.screenshot({ path: join(SHOTS, 'payout-explanation-drawer.png') });
    // Its wide tables scroll inside themselves: the drawer's body does not scroll sideways.
    const body = page.locator('.ant-drawer-body');
    expect(await body.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');
  });

  it('an announcement opens in a dialog within the screen', async () => {
    await page.goto('/user-annoucement/list');
    await settled(page);
    await page.getByRole('row').nth(1).click();
    await page.getByTestId('content-body').waitFor();
    await fitsScreen(page.getByRole('dialog'));
    await page.screenshot({ path: join(SHOTS, 'announcement-dialog.png') });
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');
  });
});

/** Every administrator page of the menu (the permission pages' links included). */
const ADMIN_PATHS = MENU.filter((entry) => entry.member !== 'user').map((entry) => entry.path);

describe('administrator pages on a 390 px phone', () => {
  it('no page is wider than the screen: wide tables scroll inside their card, headers wrap', async () => {
    const admin = await harness.newPage({ viewport: PHONE });
    await harness.login(admin, ...DEMO.admin);
    const wide: string[] = [];
    for (const path of ADMIN_PATHS) {
      await admin.goto(path);
      await settled(admin);
      const width = await pageWidth(admin);
      if (width > PHONE.width) wide.push(`${path}: ${width} px`);
    }
    expect(ADMIN_PATHS.length).toBeGreaterThan(20);
    expect(wide).toEqual([]);
    // The permission pages' links all stay on screen, wrapped under each other.
    await admin.goto('/permission/admins');
    for (const link of ['Roles', 'Permissions', 'Operation log'])
      await fitsScreen(admin.getByRole('navigation').getByRole('link', { name: link }));
  });
});

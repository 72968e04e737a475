import { LOCALES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuMessages } from '../src/shell/menu.messages';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

const menuItems = async (page: import('playwright-core').Page) =>
  page
    .getByRole('menuitem')
    .allInnerTexts()
    .then((texts) => texts.map((t) => t.trim()));

describe('signed-in menus', () => {
  it('an admin gets the admin menu, without member-only entries', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    expect(page.url()).toContain('/dashboard/workplace');
    const items = await menuItems(page);
    expect(items).toEqual(
      expect.arrayContaining(['Dashboard', 'Genealogy', 'Member List', 'Orders', 'Administrators']),
    );
    expect(items).not.toContain('Personal Center');
    expect(items).not.toContain('Transfer');
    expect(items).not.toContain('Roles');
  });

  it('a member gets the member menu with the Sponsor Tree title and no admin entries', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    const items = await menuItems(page);
    expect(items).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'Sponsor Tree',
        'Wallet',
        'Transfer',
        'Purchase Product',
        'Personal Center',
      ]),
    );
    expect(items).not.toContain('Member List');
    expect(items).not.toContain('Genealogy');
    expect(items).not.toContain('WEP');
  });

  it('switching the language to zh-HK reloads with a translated menu', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.getByRole('button', { name: 'Language' }).hover();
    await Promise.all([page.waitForEvent('load'), page.getByText('繁體中文').click()]);
    await page.getByRole('menuitem', { name: '會員列表' }).waitFor();
    expect(await menuItems(page)).toEqual(expect.arrayContaining(['儀表板', '族譜', '訂單']));
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('zh-HK');
  });

  for (const locale of LOCALES)
    for (const who of ['admin', 'member'] as const)
      it(`the ${who} menu is wholly in ${locale}`, async () => {
        const page = await harness.newPage({ locale });
        const [account, password] = DEMO[who];
        await harness.login(page, account, password);
        const titles = new Set(Object.values(menuMessages[locale]));
        const items = await menuItems(page);
        expect(items.length).toBeGreaterThan(4);
        expect(items.filter((item) => !titles.has(item))).toEqual([]);
      });

  it("a member's Purchase Product opens the shop in a new tab", async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    // The shop is an outside site: answer it locally so the new tab settles on its address.
    await page.context().route('https://shop.test/**', (route) => route.fulfill({ body: 'shop' }));
    const [shop] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Purchase Product' }).click(),
    ]);
    await expect.poll(() => shop.url()).toMatch(/^https:\/\/shop\.test/);
    expect(new URL(page.url()).pathname).toBe('/dashboard/workplace');
  });

  it('the staging host shows the banner and staging-only entries', async () => {
    const page = await harness.newPage({ staging: true });
    await harness.login(page, ...DEMO.member);
    await expect(page.getByText('Staging environment').isVisible()).resolves.toBe(true);
    expect(await menuItems(page)).toContain('WEP');
  });
});

describe('route guards', () => {
  it('a member opening an admin route sees the 403 page', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    await page.goto('/user');
    await page.getByText('you are not allowed to open this page').waitFor();
    expect(await page.getByText('403', { exact: true }).isVisible()).toBe(true);
  });

  it('an unknown path shows the 404 page', async () => {
    const page = await harness.newPage();
    await page.goto('/no/such/page');
    await page.getByText('the page you visited does not exist').waitFor();
  });

  it('an unauthenticated visit goes to login carrying the target, and back there after sign-in', async () => {
    const page = await harness.newPage();
    await page.goto('/orders/orders');
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/orders/orders');
    await harness.login(page, ...DEMO.admin);
    expect(new URL(page.url()).pathname).toBe('/orders/orders');
  });

  it('/ goes to login and /app is a public landing page linking to it', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    await page.waitForURL(/\/login$/);
    await page.goto('/app');
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL(/\/login$/);
  });
});

describe('layout', () => {
  it('the settings drawer hides the footer, and the choice survives a reload', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    const footer = page.getByTestId('footer');
    await footer.waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('switch', { name: 'Footer' }).click();
    await footer.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('menu').first().waitFor();
    expect(await page.getByTestId('footer').count()).toBe(0);
  });

  it('the settings drawer moves the menu to the top, turns on colour-weak mode and copies the settings', async () => {
    const page = await harness.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await harness.login(page, ...DEMO.admin);
    await page.getByTestId('sider').waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('switch', { name: 'Top menu' }).click();
    await page.getByTestId('sider').waitFor({ state: 'detached' });
    expect(await page.getByTestId('navbar').getByRole('menu').count()).toBe(1);
    await page.getByRole('switch', { name: 'Colour-weak mode' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('color-weak'))).toBe(true);
    await page.getByRole('button', { name: 'Copy settings' }).click();
    await page.getByText('text copied successfully').waitFor();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toMatchObject({ topMenu: true, colorWeak: true, menuWidth: 220, navbar: true });
  });

  it('opened pages collect in the tab bar and a tab can be closed', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.getByRole('menuitem', { name: 'Orders' }).click();
    await page.waitForURL(/\/orders\/orders$/);
    const tabs = page.locator('.app-tab-bar [role=tab]');
    await tabs.nth(1).waitFor();
    expect(await tabs.allInnerTexts()).toEqual(['Dashboard', 'Orders']);
    await page
      .locator('.app-tab-bar')
      .getByRole('button', { name: /remove/i })
      .last()
      .click();
    await page.waitForURL(/\/dashboard\/workplace$/);
    await tabs.nth(1).waitFor({ state: 'detached' });
    expect(await tabs.allInnerTexts()).toEqual(['Dashboard']);
  });

  it('logging out ends the session with a toast', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    await page.getByRole('button', { name: 'user menu' }).click();
    await page.getByText('Log out', { exact: true }).click();
    await page.getByText('Log out successfully').waitFor();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

describe('the API reference page', () => {
  it('renders under its own Content-Security-Policy', async () => {
    const page = await harness.newPage();
    await page.goto('/api/docs/');
    await page.getByText('Membership back-office API').first().waitFor();
    await page.getByText('/api/user/info').first().waitFor();
    // Scalar's bundled zod probes `new Function` once and, refused, parses without it; nothing else is blocked.
    const seen: string[] = [];
    await expect
      .poll(() => {
        seen.push(...harness.takeCspViolations());
        return seen;
      })
      .toEqual([expect.stringMatching(/script-src blocked eval \(.*\/api\/docs\/js\/scalar\.js:/)]);
  });
});

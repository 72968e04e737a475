import { type CurrentUser, canOpen, hasPermission, MENU } from '@app/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAIL_ROUTES } from '../src/shell/detail-routes';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** Buttons opening a page's create dialogs ("New recharge", "Add", "Create"…) and its first row's edit dialog. */
const CREATE = /^(new|add|create)\b|^apply for/i;
const EDIT = /^\s*edit\s*$/i;

/** The demo's first settlement run (last month's dividend), whose review an administrator opens. */
const FIRST_RUN = 1;

/**
 * Every routed path the user may open (the menu's pages and the detail pages: those naming permissions
 * `anyOf` for administrators holding one), `:id` standing for `memberId` (a settlement run's for its review).
 */
function pathsFor(user: CurrentUser, memberId: number): string[] {
  const viewer = { isAdmin: user.is_admin, roleIds: user.role_ids };
  const menu = MENU.filter((entry) => !entry.external && canOpen(entry, viewer)).map((entry) => entry.path);
  const details = DETAIL_ROUTES.filter(
    (route) =>
      !('anyOf' in route) || (user.is_admin && route.anyOf.some((p) => hasPermission(user.role_ids, p))),
  ).map((route) =>
    route.path.replace(':id', String(route.path.startsWith('/config/settlements/') ? FIRST_RUN : memberId)),
  );
  return [...menu, ...details];
}

async function signedIn([account, password]: readonly [string, string]) {
  // Under the staging host name, so the staging-only pages are routed too.
  const page = await harness.newPage({ staging: true });
  await harness.login(page, account, password);
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
  return { page, user: user as CurrentUser };
}

/** Waits until the page has drawn and no spinner or skeleton is left. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('menu').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count()).toBe(0);
}

/** The dialog (or drawer) a click opened. */
const openDialog = (page: Page): Locator => page.locator('.ant-modal-wrap:visible, .ant-drawer-open').last();

/** Submits the open dialog as it is and expects field errors under its form, then closes it. */
async function submitEmpty(page: Page, name: string): Promise<void> {
  const dialog = openDialog(page);
  await dialog.waitFor();
  const submit = dialog.locator('.ant-modal-footer .ant-btn-primary, .ant-drawer-footer .ant-btn-primary');
  await ((await submit.count()) > 0 ? submit.first() : dialog.locator('button[type=submit]').first()).click();
  await expect
    .poll(() => dialog.locator('.ant-form-item-explain-error').count(), {
      message: `field errors of "${name}"`,
    })
    .toBeGreaterThan(0);
  await closeDialog(page);
}

async function closeDialog(page: Page): Promise<void> {
  const dialog = openDialog(page);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens every create dialog of the page (submitting it empty) and its first edit dialog. */
async function openDialogs(page: Page, path: string): Promise<string[]> {
  const content = page.locator('.ant-layout-content');
  const opened: string[] = [];
  // Enabled ones only: "Add Qualified CP" waits for a member picked beside it, it opens no dialog.
  const buttons = await content.locator('button:not([disabled])').all();
  const names = await Promise.all(buttons.map((b) => b.innerText().then((t) => t.trim())));
  for (const name of new Set(names.filter((n) => CREATE.test(n)))) {
    // By its text: an icon adds its own name to the button's accessible name.
    await content.locator('button:not([disabled])').filter({ hasText: name }).first().click();
    await submitEmpty(page, `${path} ${name}`);
    opened.push(name);
  }
  const edit = content.locator('button').filter({ hasText: EDIT });
  if ((await edit.count()) > 0) {
    await edit.first().click();
    await openDialog(page).waitFor();
    await closeDialog(page);
    opened.push('Edit');
  }
  return opened;
}

describe('every page and its dialogs', () => {
  for (const [who, account] of [
    ['admin', DEMO.admin],
    ['member', DEMO.member],
  ] as const)
    it(`the ${who} opens every page allowed, and submitting each create dialog empty shows field errors`, async () => {
      const { page, user } = await signedIn(account);
      const member = who === 'member' ? user : (await signedIn(DEMO.member)).user;
      const paths = pathsFor(user, member.id);
      expect(paths.length).toBeGreaterThan(who === 'admin' ? 20 : 5);
      const dialogs: Record<string, string[]> = {};
      for (const path of paths) {
        await page.goto(path);
        await settled(page);
        // A status page (403, 404) is antd's Result with that status; figures on a page may read 403 or 404.
        expect(await page.locator('.ant-result-403, .ant-result-404').count(), path).toBe(0);
        const shown = await page.locator('.ant-layout-content').innerText();
        expect(shown, path).not.toMatch(/coming soon/i);
        dialogs[path] = await openDialogs(page, path);
        try {
          harness.assertCleanPages();
        } catch (error) {
          throw new Error(`${path}: ${(error as Error).message}`);
        }
      }
      // The create dialogs found (Add member, New recharge, Apply for withdrawal…) were all submitted.
      expect(Object.values(dialogs).flat().length, JSON.stringify(dialogs)).toBeGreaterThan(
        who === 'admin' ? 5 : 0,
      );
    });
});

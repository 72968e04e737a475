import type { Workplace } from '@app/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './api-as';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

const statistic = (page: Page, title: string) =>
  page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');

describe('workplace', () => {
  it('shows an admin the network totals and members per level', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const expected = await apiAs<Workplace>(page, 'GET', '/api/dashboard/workplace');
    const total = expected.figures.find((f) => f.key === 'totalMembers')!.value;
    expect(Number(total)).toBeGreaterThan(0);
    await expect(statistic(page, 'Total members').textContent()).resolves.toBe(String(total));
    await page.getByText('Members per level').waitFor();
    expect(await page.getByRole('cell', { name: 'Life-time Scholar' }).count()).toBe(1);
  });

  it('shows a member their own network in their language', async () => {
    const page = await harness.newPage({ locale: 'zh-CN' });
    await harness.login(page, ...DEMO.member);
    const expected = await apiAs<Workplace>(page, 'GET', '/api/dashboard/workplace');
    const downline = expected.figures.find((f) => f.key === 'downline')!.value;
    await expect(statistic(page, '下线会员').textContent()).resolves.toBe(String(downline));
    expect(await page.getByText('会员总数').count()).toBe(0);
  });
});

describe('personal center', () => {
  it('saves the profile and bank details, and shows the server refusing a wrong old password', async () => {
    harness.expectFailedLoads('/api/me', 422); // the refusals this test provokes
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    await page.getByRole('menuitem', { name: 'Personal Center' }).click();
    const profile = page.locator('.ant-card').filter({ hasText: 'Profile' });
    await profile.getByLabel('Display name').fill('Demo Renamed');
    await profile.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Edit Successful').first().waitFor();
    await page.getByRole('button', { name: 'user menu' }).getByText('Demo Renamed').waitFor();

    const bank = page.locator('.ant-card').filter({ hasText: 'Bank details' });
    await bank.getByLabel('Account number').fill('12-AB');
    await bank.getByRole('button', { name: 'Save' }).click();
    await bank.getByText('Invalid value').waitFor();
    await bank.getByLabel('Account holder name').fill('Demo Holder');
    await bank.getByLabel('Account number').fill('123-456-789');
    await bank.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Edit Successful').first().waitFor();
    await page.reload();
    await expect(page.getByLabel('Account holder name').inputValue()).resolves.toBe('Demo Holder');

    const password = page.locator('.ant-card').filter({ hasText: 'Change password' });
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password', { exact: true }).fill('abc');
    await password.getByLabel('Confirm new password').fill('abcd');
    await password.getByRole('button', { name: 'Save' }).click();
    await password.getByText('Must be at least 6 characters').waitFor();
    await password.getByText('Two passwords are inconsistent').waitFor();
    await password.getByLabel('New password', { exact: true }).fill('newpass1');
    await password.getByLabel('Confirm new password').fill('newpass1');
    await password.getByRole('button', { name: 'Save' }).click();
    await password.getByText('wrong password').waitFor();
  });
});

describe('session handling of the HTTP client', () => {
  const openProfile = async (page: Page) => {
    await page.getByRole('menuitem', { name: 'Personal Center' }).click();
    const profile = page.locator('.ant-card').filter({ hasText: 'Profile' });
    await profile.waitFor();
    return profile;
  };

  it('a session ended elsewhere offers the confirm-logout dialog, whose Re-Login goes to login', async () => {
    harness.expectFailedLoads('/api/', 401); // calls after the logout elsewhere
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    const profile = await openProfile(page);
    await apiAs(page, 'POST', '/api/logout');
    await profile.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm logout' });
    await dialog
      .getByText('You have been logged out, you can cancel to stay on this page, or log in again')
      .waitFor();
    await dialog.getByRole('button', { name: 'Re-Login' }).click();
    await page.waitForURL(/\/login\?redirect=%2Fme$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('an invalid stored token goes straight to login with one toast and no confirm-logout dialog', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.evaluate(() => localStorage.setItem('token', 'forged.token.value'));
    // Every call the page starts with is refused so; the current-user answer comes last, after the page's own.
    harness.expectFailedLoads('/api/', 401);
    await page.route('**/api/user/info', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // Every toast shown, however briefly.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { toasts: seen });
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('.ant-message-notice:not([data-seen])')) {
          toast.setAttribute('data-seen', '');
          seen.push(toast.textContent ?? '');
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/orders/orders');
    await page.waitForURL(/\/login\?redirect=%2Forders%2Forders$/);
    await page.waitForTimeout(2500);
    expect(await page.evaluate(() => (window as unknown as { toasts: string[] }).toasts)).toEqual([
      'Your sign-in is not valid, please log in again',
    ]);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('a call without a session goes to login with the target and says so', async () => {
    harness.expectFailedLoads('/api/me', 401);
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    const profile = await openProfile(page);
    await page.evaluate(() => localStorage.removeItem('token'));
    await profile.getByRole('button', { name: 'Save' }).click();
    await page.getByText('please log in again').waitFor();
    await page.waitForURL(/\/login\?redirect=%2Fme$/);
  });
});

// Last in the file: it changes the demo member's password (and puts it back).
describe('own password change', () => {
  it('a new password keeps this session, ends the others, and signs in afterwards', async () => {
    harness.expectFailedLoads('/api/', 401); // the other session's calls once it ended
    const elsewhere = await harness.newPage();
    await harness.login(elsewhere, ...DEMO.member);
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    const changePassword = async (from: string, to: string) => {
      await page.goto('/me');
      const card = page.locator('.ant-card').filter({ hasText: 'Change password' });
      await card.getByLabel('Current password').fill(from);
      await card.getByLabel('New password', { exact: true }).fill(to);
      await card.getByLabel('Confirm new password').fill(to);
      await card.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Edit Successful').first().waitFor();
    };
    await changePassword(DEMO.member[1], 'changed-pw1');
    await page.reload();
    await page.getByRole('menuitem', { name: 'Personal Center' }).waitFor();
    expect(page.url()).toMatch(/\/me$/);

    await elsewhere.reload();
    await elsewhere.waitForURL(/\/login/);
    await harness.login(await harness.newPage(), DEMO.member[0], 'changed-pw1');
    await changePassword('changed-pw1', DEMO.member[1]);
  });
});

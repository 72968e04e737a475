import type { Locale, UserListResult, WithheldPayouts } from '@app/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payBonuses } from '../../api/src/bonus/payouts';
import { apiAs } from './api-as';
import { DEMO, Harness } from './harness';
import { PHONE, settled } from './phone';
import { openSelectDropdown } from './wallet-helpers';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** The texts the control shows, per language (apps/web/src/bonus/commission.messages.ts, the server's catalogue). */
const TEXT: Record<
  Locale,
  { card: string; hold: string; change: string; required: string; confirm: string; ok: string; saved: string }
> = {
  'en-US': {
    card: 'Commission status',
    hold: 'Hold',
    change: 'Change',
    required: 'Give a reason to hold or forfeit commissions',
    confirm: 'Change the commission status of',
    ok: 'Change status',
    saved: 'Commission status saved',
  },
  'zh-HK': {
    card: '佣金狀態',
    hold: '暫停',
    change: '更改',
    required: '暫停或沒收佣金須填寫原因',
    confirm: '的佣金狀態？',
    ok: '更改狀態',
    saved: '佣金狀態已儲存',
  },
  'zh-CN': {
    card: '佣金状态',
    hold: '暂停',
    change: '更改',
    required: '暂停或没收佣金须填写原因',
    confirm: '的佣金状态？',
    ok: '更改状态',
    saved: '佣金状态已保存',
  },
};

async function memberNo(page: Page, keyword: string) {
  const found = await apiAs<UserListResult>(page, 'GET', `/api/users/list?keyword=${keyword}`);
  return found.list[0]!;
}

/** Picks `option` in the (only) antd select inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['locator']>, option: string) {
  await scope.locator('.ant-select').click();
  await openSelectDropdown(page).locator('.ant-select-item-option', { hasText: option }).click();
}

describe('commission status on the user detail', () => {
  const members: Record<Locale, string> = { 'en-US': 'm0061', 'zh-HK': 'm0062', 'zh-CN': 'm0063' };
  for (const locale of ['en-US', 'zh-HK', 'zh-CN'] as const)
    it(`an administrator holds a member's commissions, with a reason and a confirmation (${locale})`, async () => {
      const text = TEXT[locale];
      const page = await harness.newPage({ locale });
      await harness.login(page, ...DEMO.admin);
      const member = await memberNo(page, members[locale]);
      await page.goto(`/description/${member.id}`);
      const card = page.getByTestId('commission-status');
      await card.locator('.ant-card-head-title', { hasText: text.card }).waitFor();
      await card.getByTestId('commission-status-pay').waitFor();

      await choose(page, card, text.hold);
      await card.getByTestId('commission-status-change').click();
      await card.getByText(text.required).waitFor();
      expect(await page.getByTestId('commission-confirm').count()).toBe(0);

      await card.getByRole('textbox').fill('  KYC documents missing  ');
      await card.getByTestId('commission-status-change').click();
      const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('commission-confirm') });
      await dialog.getByText(text.confirm, { exact: false }).waitFor();
      expect(await dialog.innerText()).toContain(member.name);
      await dialog.getByRole('button', { name: text.ok }).click();
      await page.getByText(text.saved).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      await card.getByTestId('commission-status-hold').waitFor();
      expect(await card.getByTestId('commission-reason').innerText()).toBe('KYC documents missing');

      const after = await apiAs<UserListResult>(
        page,
        'GET',
        '/api/users/list?commission_status=hold&pageSize=100',
      );
      expect(after.list.map((u) => u.id)).toContain(member.id);
    });

  it('the member list filters by commission status', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const held = await memberNo(page, 'm0061');
    await page.goto('/user?commission_status=hold');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.filter({ hasText: held.user_no }).waitFor();
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(1);
    for (const row of await rows.all()) await row.getByTestId('commission-status-hold').waitFor();
  });
});

describe('a held payout on the member’s bonus page', () => {
  it('is listed as held, not credited, on a 390 px phone', async () => {
    const admin = await harness.newPage();
    await harness.login(admin, ...DEMO.admin);
    const member = (
      await apiAs<UserListResult>(admin, 'GET', `/api/users/list?keyword=${DEMO.member[0]}`)
    ).list.find((u) => u.name === DEMO.member[0])!;
    const token = await admin.evaluate(() => localStorage.getItem('token'));
    const put = await admin.request.fetch(`/api/users/${member.id}/commission-status`, {
      method: 'PUT',
      data: { status: 'hold', reason: 'Address proof pending' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(put.status()).toBe(200);
    // A team bonus of a long-past month, paid through the settlement's pay path while the member is on hold.
    await payBonuses(
      harness.database.db,
      [
        {
          userId: member.id,
          typeKey: 9,
          period: '2020-01',
          orderId: null,
          baseSp: 12_345,
          ratioBp: 50,
          cents: 6_172,
        },
      ],
      { runId: null, holds: new Map([[member.id, 'hold']]) },
    );

    const page = await harness.newPage({ viewport: PHONE });
    await harness.login(page, ...DEMO.member);
    const withheld = await apiAs<WithheldPayouts>(page, 'GET', `/api/users/${member.id}/withheld-payouts`);
    expect(withheld).toMatchObject({ commission_status: 'hold', held: { count: 1, amount: '61.72' } });
    await page.goto('/wallet');
    await settled(page);
    const section = page.getByTestId('withheld-payouts');
    await section.scrollIntoViewIfNeeded();
    await section.getByText('Your commissions are on hold', { exact: false }).waitFor();
    await section.getByText('Address proof pending').waitFor();
    await section.getByTestId('withheld-held-sum').getByText('Held: 1 payout,', { exact: false }).waitFor();
    const row = section.locator('tr.ant-table-row').filter({ hasText: '2020-01' });
    await row.getByTestId('payout-status-held').waitFor();
    await row.getByText('61.72').waitFor();
    // Nothing wider than the phone: the table scrolls inside its card.
    const box = await section.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });

  it('an administrator releases it from the user detail: the confirmation says what is credited', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const member = (
      await apiAs<UserListResult>(page, 'GET', '/api/users/list?commission_status=hold&pageSize=100')
    ).list.find((u) => u.name === DEMO.member[0])!;
    const before = await apiAs<{ total: string }>(page, 'GET', `/api/wallet/${member.id}`);
    await page.goto(`/description/${member.id}`);
    const card = page.getByTestId('commission-status');
    await card.getByTestId('commission-status-hold').waitFor();
    await choose(page, card, 'Pay');
    await card.getByTestId('commission-status-change').click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('commission-confirm') });
    await dialog.getByText('1 held payout of', { exact: false }).waitFor();
    expect(await dialog.innerText()).toContain('61.72');
    await dialog.getByRole('button', { name: 'Change status' }).click();
    await card.getByTestId('commission-status-pay').waitFor();
    const withheld = await apiAs<WithheldPayouts>(page, 'GET', `/api/users/${member.id}/withheld-payouts`);
    expect(withheld.held).toEqual({ count: 0, amount: '0.00' });
    const after = await apiAs<{ total: string }>(page, 'GET', `/api/wallet/${member.id}`);
    expect(Math.round(Number(after.total) * 100) - Math.round(Number(before.total) * 100)).toBe(6_172);
  });
});

import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../api/src/members/members.schema';
import { createRecharge } from '../../api/src/recharge/recharge.service';
import { TestFactory } from '../../api/src/test/factory';
import { postEntry } from '../../api/src/wallet/ledger';
import { sendTransfer } from '../../api/src/wallet/transfers.service';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** The number on the bell (its accessible name carries it in every language). */
async function bellCount(page: Page): Promise<number> {
  const label = await page.getByTestId('notification-bell').getAttribute('aria-label');
  return Number(/(\d+)/.exec(label ?? '')?.[1]);
}

const idOf = async (name: string) => {
  const [row] = await harness.database.db
    .select({ id: users.id, userNo: users.userNo })
    .from(users)
    .where(eq(users.name, name));
  return row!;
};

/** Another member sends the demo member `amounts` (in cents), one transfer each, as the API would. */
async function transfersToDemoMember(amounts: number[]) {
  const db = harness.database.db;
  const sender = await new TestFactory(db).member();
  await postEntry(db, { userId: sender.id, amountCents: 1_000_000, move: 'credit', kind: 'adjustment' });
  const member = await idOf(DEMO.member[0]);
  for (const amountCents of amounts)
    await db.transaction((tx) =>
      sendTransfer(tx, { fromUserId: sender.id, toUserNo: member.userNo, amountCents }),
    );
}

async function openPanel(page: Page) {
  await page.getByTestId('notification-bell').click();
  const panel = page.getByTestId('notification-panel');
  await panel.waitFor();
  return panel;
}

/** The figures the panel shows: its unread items (all of them when at most 8) and its waiting counts. */
async function panelFigures(page: Page): Promise<number> {
  const panel = page.getByTestId('notification-panel');
  const unread = await panel.locator('[data-testid="notification-item"][data-read="false"]').count();
  const waiting = await panel.getByTestId('notification-waiting').allTextContents();
  return unread + waiting.reduce((sum, text) => sum + Number(/(\d+)\s*$/.exec(text)?.[1] ?? 0), 0);
}

describe('the notification bell', () => {
  it('a member: the count is what the panel shows; opening one marks it read; mark all read', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.member);
    let panel = await openPanel(page);
    await panel.getByTestId('notification-mark-all').click();
    await expect.poll(() => bellCount(page)).toBe(0);
    await page.keyboard.press('Escape');

    await transfersToDemoMember([1250, 300]);
    await page.reload();
    await expect.poll(() => bellCount(page)).toBe(2);
    panel = await openPanel(page);
    expect(await panelFigures(page)).toBe(2);
    await panel.getByText(/^You received 12\.50 from /).waitFor();
    await panel.getByText(/^You received 3\.00 from /).click();
    await page.waitForURL(/\/transfer$/);
    await expect.poll(() => bellCount(page)).toBe(1);

    await page.goto('/notifications');
    const list = page.getByTestId('notification-list');
    await list.getByText(/^You received 12\.50 from /).waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bellCount(page)).toBe(0);
    await page.getByTestId('unread-only').click();
    await list.getByText('No notifications yet').waitFor();
  });

  it('a member at 390 px in Traditional Chinese: the bell, the panel within the screen, the e-mail preferences', async () => {
    await transfersToDemoMember([500]);
    const page = await harness.newPage({ locale: 'zh-HK', viewport: { width: 390, height: 844 } });
    await harness.login(page, ...DEMO.member);
    await expect.poll(() => bellCount(page)).toBeGreaterThan(0);
    expect(await page.getByTestId('notification-bell').getAttribute('aria-label')).toMatch(
      /^通知：\d+ 則新通知$/,
    );
    const panel = await openPanel(page);
    await panel
      .getByText(/^您收到 .* 轉來的 5\.00$/)
      .first()
      .waitFor();
    // The drawer slides in from the right: its place is read once it has come to rest.
    const rightEdge = async () => {
      const box = (await panel.boundingBox())!;
      return box.x >= 0 ? box.x + box.width : -1;
    };
    await expect.poll(rightEdge).toBeGreaterThan(0);
    await expect.poll(rightEdge).toBeLessThanOrEqual(390);
    await panel.getByRole('button', { name: '全部標為已讀' }).click();
    await expect.poll(() => bellCount(page)).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto('/me');
    const prefs = page.getByTestId('mail-preferences');
    await prefs.getByText('此伺服器不發送電郵：通知只在系統內顯示。').waitFor();
    await prefs.getByText('收到轉帳').waitFor();
    expect(await prefs.getByTestId('mail-kind-transfer_received').isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('an administrator in Simplified Chinese: waiting recharges are counted on the bell and open their page', async () => {
    const page = await harness.newPage({ locale: 'zh-CN' });
    await harness.login(page, ...DEMO.admin);
    await page.getByTestId('notification-bell').waitFor();
    const member = await idOf(DEMO.member[0]);
    const admin = await idOf(DEMO.admin[0]);
    await createRecharge(
      harness.database.db,
      { user_id: member.id, amount: 4200, points: 0 },
      null,
      admin.id,
    );
    await page.reload();
    const panel = await openPanel(page);
    const waiting = panel.getByTestId('notification-waiting').filter({ hasText: '待处理的充值' });
    await waiting.waitFor();
    expect(await bellCount(page)).toBe(await panelFigures(page));
    await waiting.getByRole('link').click();
    await page.waitForURL(/\/recharge$/);

    await page.goto('/notifications?tab=preferences');
    const prefs = page.getByTestId('mail-preferences');
    await prefs.getByText('待批准的奖金结算').waitFor();
    await prefs.getByText('失败的任务').waitFor();
    expect(await prefs.getByText('收到转账').count()).toBe(0);
  });
});

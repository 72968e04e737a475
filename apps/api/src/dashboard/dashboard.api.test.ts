import {
  createWithdrawalBody,
  DEFAULT_BUSINESS_TIME_ZONE,
  dayIn,
  parseCents,
  type Workplace,
} from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusPayouts, bonusTypes } from '../bonus/bonus.schema';
import { SalesFixtures } from '../orders/orders.fixtures';
import { orders } from '../orders/orders.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { postEntry } from '../wallet/ledger';
import { walletRecords } from '../wallet/wallet.schema';
import { applyForWithdrawal, stepWithdrawal } from '../withdrawals/withdrawals.service';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.close());

const figuresOf = (workplace: Workplace) =>
  Object.fromEntries(workplace.figures.map((figure) => [figure.key, figure.value]));

/** A money figure in cents (figures carry decimal strings). */
const centsOf = (figures: Record<string, unknown>, key: string) => parseCents(String(figures[key]))!;

const withdraw = (userId: number, amount: string) =>
  applyForWithdrawal(
    api.db,
    userId,
    createWithdrawalBody.parse({
      amount,
      bank_card_number: '6222 0000',
      bank_code: 'HSBC',
      bank_name: 'HSBC',
    }),
  );

/** Some day of the previous calendar month (UTC). */
const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
};

describe('GET /api/dashboard/workplace', () => {
  it('refuses callers without a session or without the dashboard permission', async () => {
    expect((await api.get('/api/dashboard/workplace')).status).toBe(401);
    const admin = await api.factory.admin();
    const token = await api.login(admin.name, TEST_PASSWORD);
    const res = await api.get('/api/dashboard/workplace', { token });
    expect(res.status).toBe(403);
  });

  it('gives an admin the network totals and the members per level', async () => {
    const admin = await api.factory.superAdmin();
    const token = await api.login(admin.name, TEST_PASSWORD);
    const before = (await api.get<Workplace>('/api/dashboard/workplace', { token })).body.data;
    await api.factory.member({ levelId: 3 });
    await api.factory.member({ levelId: 3 });
    await api.factory.admin();
    const res = await api.get<Workplace>('/api/dashboard/workplace', { token, locale: 'zh-HK' });
    expect(res.status).toBe(200);
    const [was, now] = [figuresOf(before), figuresOf(res.body.data)];
    expect(now.totalMembers).toBe(Number(was.totalMembers) + 2);
    expect(now.newMembersThisMonth).toBe(Number(was.newMembersThisMonth) + 2);
    expect(now.admins).toBe(Number(was.admins) + 1);
    const levels = res.body.data.members_per_level!;
    expect(levels.map((l) => l.level_id)).toEqual([1, 2, 3, 4]);
    const special = (data: Workplace) => data.members_per_level!.find((l) => l.level_id === 3)!.count;
    expect(special(res.body.data)).toBe(special(before) + 2);
    expect(levels.reduce((sum, l) => sum + l.count, 0)).toBe(now.totalMembers);
    expect(levels[0]?.name).not.toBe('Pathfinder');
  });

  it('gives a member their own downline, direct referrals and level only', async () => {
    const [top, child] = await api.factory.chain(2);
    await api.factory.member({ parentUserId: top!.id });
    await api.factory.member();
    const token = await api.login(top!.name, TEST_PASSWORD);
    const res = await api.get<Workplace>('/api/dashboard/workplace', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.members_per_level).toBeNull();
    expect(figuresOf(res.body.data)).toEqual({
      downline: 3,
      directReferrals: 2,
      level: 'Pathfinder',
      availableBalance: '0.00',
      frozenBalance: '0.00',
      bonusesThisMonth: '0.00',
    });
    expect(res.body.data.recent_bonuses).toEqual([]);
    const childToken = await api.login(child!.name, TEST_PASSWORD);
    const own = await api.get<Workplace>('/api/dashboard/workplace', { token: childToken });
    expect(figuresOf(own.body.data)).toMatchObject({ downline: 1, directReferrals: 1 });
  });
});

describe('GET /api/dashboard/workplace: sales and wallets', () => {
  it('gives an admin the counting sales of this month, the wallet totals and the pending withdrawals', async () => {
    const admin = await api.factory.superAdmin();
    const token = await api.login(admin.name, TEST_PASSWORD);
    const read = async () =>
      figuresOf((await api.get<Workplace>('/api/dashboard/workplace', { token })).body.data);
    const was = await read();

    const buyer = await api.factory.member();
    const sales = new SalesFixtures(api.db);
    const counted = [
      { amount: '123.45', sales_point: 70 },
      { amount: '10.00', sales_point: 5 },
    ];
    const [first] = await Promise.all(counted.map((o) => sales.order({ user_no: buyer.userNo, ...o })));
    await sales.order({ user_no: buyer.userNo, amount: '50', sales_point: 9, status: 0 });
    await sales.order({
      user_no: buyer.userNo,
      amount: '60',
      sales_point: 9,
      completed_at: lastMonth().toISOString(),
    });
    await sales.order({
      user_no: buyer.userNo,
      amount: '20',
      sales_point: 9,
      platform_order_no_origin: first!.platformOrderNo,
      refund_no: 'R-1',
    });
    const refunded = await sales.order({ user_no: buyer.userNo, amount: '30', sales_point: 9 });
    await api.db.update(orders).set({ refundedAt: new Date() }).where(eq(orders.id, refunded.id));

    const funded = [5000, 2500];
    const members = await Promise.all(funded.map(() => api.factory.member()));
    for (const [i, member] of members.entries())
      await postEntry(api.db, {
        userId: member.id,
        amountCents: funded[i]!,
        move: 'credit',
        kind: 'adjustment',
      });
    await withdraw(members[0]!.id, '12.34');
    const agreed = await withdraw(members[1]!.id, '5.00');
    await stepWithdrawal(api.db, { id: agreed.id, step: 'agree', actorId: admin.id });
    const cancelled = await withdraw(members[1]!.id, '1.00');
    await stepWithdrawal(api.db, { id: cancelled.id, step: 'cancel', actorId: members[1]!.id });

    const now = await read();
    const countedCents = counted.reduce((sum, o) => sum + parseCents(o.amount)!, 0);
    const countedPoints = counted.reduce((sum, o) => sum + o.sales_point, 0);
    expect(now.salesOrdersThisMonth).toBe(Number(was.salesOrdersThisMonth) + counted.length);
    expect(centsOf(now, 'salesAmountThisMonth')).toBe(centsOf(was, 'salesAmountThisMonth') + countedCents);
    expect(now.salesPointsThisMonth).toBe(Number(was.salesPointsThisMonth) + countedPoints);
    const fundedCents = funded.reduce((a, b) => a + b, 0);
    const frozenCents = 1234 + 500;
    expect(centsOf(now, 'walletAvailableTotal')).toBe(
      centsOf(was, 'walletAvailableTotal') + fundedCents - frozenCents,
    );
    expect(centsOf(now, 'walletFrozenTotal')).toBe(centsOf(was, 'walletFrozenTotal') + frozenCents);
    expect(now.pendingWithdrawals).toBe(Number(was.pendingWithdrawals) + 2);
  });

  it('gives a member their balances, the bonuses of this month’s periods and their latest bonuses', async () => {
    const member = await api.factory.member();
    const post = (amountCents: number, extra: Partial<Parameters<typeof postEntry>[1]>) =>
      postEntry(api.db, { userId: member.id, amountCents, move: 'credit', kind: 'adjustment', ...extra });
    await post(5000, {});
    const bonuses = [
      { cents: 300, bonusType: 1 },
      { cents: 200, bonusType: 2 },
    ];
    for (const [i, b] of bonuses.entries())
      await post(b.cents, {
        kind: 'bonus',
        bonusType: b.bonusType,
        reference: { type: 'order', id: `d${i}` },
      });
    // Last month's team bonus, paid this month: it belongs to last month, as in the bonus-by-month report.
    await post(900, { kind: 'bonus', bonusType: 9, reference: { type: 'period', id: 'last-month' } });
    const old = await post(700, { kind: 'bonus', bonusType: 1, reference: { type: 'order', id: 'old' } });
    // Bonus days are days of the business time zone (a new database's: Hong Kong).
    const today = dayIn(new Date(), DEFAULT_BUSINESS_TIME_ZONE);
    const lastMonthDay = `${lastMonth().toISOString().slice(0, 7)}-01`;
    await api.db.insert(bonusPayouts).values([
      ...bonuses.map((b, i) => ({
        userId: member.id,
        typeKey: b.bonusType,
        period: today,
        day: today,
        orderId: i + 1,
        cents: b.cents,
      })),
      { userId: member.id, typeKey: 9, period: lastMonthDay.slice(0, 7), day: lastMonthDay, cents: 900 },
      { userId: member.id, typeKey: 1, period: lastMonthDay, day: lastMonthDay, orderId: 9, cents: 700 },
    ]);
    await api.db
      .update(walletRecords)
      .set({ createdAt: sql`${lastMonth().toISOString()}::timestamptz` })
      .where(eq(walletRecords.id, old.id));
    await post(100, {
      move: 'debit',
      kind: 'bonus_reversal',
      bonusType: 1,
      reference: { type: 'order', id: 'd0' },
    });
    await withdraw(member.id, '10.00');

    const token = await api.login(member.name, TEST_PASSWORD);
    const res = await api.get<Workplace>('/api/dashboard/workplace', { token, locale: 'zh-HK' });
    const figures = figuresOf(res.body.data);
    const bonusCents = bonuses.reduce((sum, b) => sum + b.cents, 0);
    expect(centsOf(figures, 'bonusesThisMonth')).toBe(bonusCents);
    expect(centsOf(figures, 'availableBalance')).toBe(5000 + bonusCents + 900 + 700 - 100 - 1000);
    expect(centsOf(figures, 'frozenBalance')).toBe(1000);
    expect(res.body.data.members_per_level).toBeNull();

    const [type1] = await api.db.select().from(bonusTypes).where(eq(bonusTypes.key, 1));
    const recent = res.body.data.recent_bonuses!;
    expect(recent.map((b) => [b.amount, b.bonus_type])).toEqual([
      ['7.00', 1],
      ['9.00', 9],
      ['2.00', 2],
      ['3.00', 1],
    ]);
    expect(recent[0]!.bonus_name).toBe(type1!.nameZhHk);
    expect(recent[0]!.wallet_record_no).toBe(old.walletRecordNo);
  });
});

import {
  type DashboardMemberCharts,
  type DashboardMoneyCharts,
  dayIn,
  startOfDayIn,
  WithdrawalStatus,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusSettlementRuns, bonusTypes } from '../bonus/bonus.schema';
import { businessTimeZone } from '../platform/business-time/business-time';
import { queryRows } from '../platform/db/client';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { postEntry } from '../wallet/ledger';
import { withdrawals } from '../withdrawals/withdrawals.schema';
import { monthsBefore } from './dashboard.charts';
import { downlineGrowth } from './downline-growth';

let api: TestApi;
let adminToken: string;
let zone: string;
/** This business month, the one before and the one 12 months back (outside a 12-month chart). */
let thisMonth: string;
let lastMonth: string;
let tooOld: string;

beforeAll(async () => {
  api = await TestApi.start();
  const admin = await api.factory.superAdmin();
  adminToken = await api.login(admin.name, TEST_PASSWORD);
  zone = await businessTimeZone(api.db);
  thisMonth = dayIn(new Date(), zone).slice(0, 7);
  lastMonth = monthsBefore(thisMonth, 1);
  tooOld = monthsBefore(thisMonth, 12);
});
afterAll(() => api?.close());

const run = (period: string, totals: Array<[number, number]>, extra: Record<string, unknown> = {}) =>
  api.db.insert(bonusSettlementRuns).values({
    period,
    status: 'done',
    timeZone: zone,
    totals: totals.map(([typeKey, cents]) => ({ typeKey, count: 1, cents })),
    totalCents: totals.reduce((s, [, c]) => s + c, 0),
    ...extra,
  });

const monthOf = <T extends { months: Array<{ period: string; amounts: string[] }> }>(
  chart: T,
  period: string,
) => chart.months.find((m) => m.period === period)!.amounts;

describe('the admin money charts', () => {
  it('sum the done real runs’ totals per type and month of their period, and the withdrawals per status', async () => {
    await run(`${thisMonth}-01`, [
      [1, 1000],
      [2, 250],
    ]);
    await run(`${thisMonth}-02`, [[1, 500]]);
    await run(lastMonth, [[9, 7700]]);
    await run(`${lastMonth}-28`, [[1, 300]]);
    // Not counted: a dry run, one awaiting approval, a failed one, a period older than the range.
    await run(`${thisMonth}-03`, [[1, 99_900]], { dryRun: true });
    await run(`${thisMonth}-04`, [[1, 88_800]], { status: 'awaiting_approval' });
    await run(`${thisMonth}-05`, [[2, 77_700]], { status: 'failed' });
    await run(tooOld, [[3, 66_600]]);

    const member = await api.factory.member();
    const withdrawal = (status: number, amountCents: number) =>
      api.db.insert(withdrawals).values({
        userId: member.id,
        amountCents,
        status,
        bankCardNumber: '6222000011112222',
        bankCode: 'HSBC',
        bankName: 'HSBC',
      });
    await withdrawal(WithdrawalStatus.inApplication, 1000);
    await withdrawal(WithdrawalStatus.inApplication, 2550);
    await withdrawal(WithdrawalStatus.paymentInProgress, 4000);
    await withdrawal(WithdrawalStatus.paid, 12_345);

    const res = await api.get<DashboardMoneyCharts>('/api/dashboard/money-charts', {
      token: adminToken,
      locale: 'zh-CN',
    });
    expect(res.status).toBe(200);
    const { payouts, withdrawals: queue } = res.body.data;
    const names = new Map((await api.db.select().from(bonusTypes)).map((t) => [t.key, t.nameZhCn]));
    expect(payouts.types).toEqual([1, 2, 9].map((key) => ({ key, name: names.get(key) })));
    expect(payouts.months).toHaveLength(12);
    expect(payouts.months[0]!.period).toBe(monthsBefore(thisMonth, 11));
    expect(monthOf(payouts, thisMonth)).toEqual(['15.00', '2.50', '0.00']);
    expect(monthOf(payouts, lastMonth)).toEqual(['3.00', '0.00', '77.00']);
    expect(payouts.months[0]!.amounts).toEqual(['0.00', '0.00', '0.00']);
    expect(queue).toEqual([
      { status: WithdrawalStatus.inApplication, count: 2, amount: '35.50' },
      { status: WithdrawalStatus.rejected, count: 0, amount: '0.00' },
      { status: WithdrawalStatus.cancelled, count: 0, amount: '0.00' },
      { status: WithdrawalStatus.paymentInProgress, count: 1, amount: '40.00' },
      { status: WithdrawalStatus.paymentFailed, count: 0, amount: '0.00' },
      { status: WithdrawalStatus.paid, count: 1, amount: '123.45' },
    ]);
  });
});

describe('the member charts', () => {
  it('give a member their own bonus credits per period month and type, and their downline’s sign-ups', async () => {
    const [me, child, grandchild] = await api.factory.chain(2);
    const stranger = await api.factory.member();
    const bonus = (userId: number, cents: number, bonusType: number, month: string, id: string) =>
      postEntry(api.db, {
        userId,
        amountCents: cents,
        move: 'credit',
        kind: 'bonus',
        bonusType,
        month,
        reference: { type: 'order', id },
      });
    await bonus(me!.id, 300, 1, thisMonth, 'a');
    await bonus(me!.id, 200, 1, thisMonth, 'b');
    await bonus(me!.id, 900, 9, lastMonth, 'c');
    await bonus(me!.id, 555, 2, tooOld, 'd');
    // Not theirs, and not a bonus.
    await bonus(stranger.id, 4400, 3, thisMonth, 'e');
    await postEntry(api.db, { userId: me!.id, amountCents: 5000, move: 'credit', kind: 'adjustment' });

    // Sign-ups either side of this month's first instant in the business time zone.
    const start = startOfDayIn(`${thisMonth}-01`, zone).getTime();
    const at = (ms: number) => new Date(start + ms).toISOString();
    await api.db.execute(sql`update users set created_at = ${at(-1000)} where id = ${grandchild!.id}`);
    await api.db.execute(sql`update users set created_at = ${at(0)} where id = ${child!.id}`);
    await api.db.execute(sql`update users set created_at = ${at(-1000)} where id = ${stranger.id}`);
    await api.db.execute(sql`update users set created_at = ${at(-1000)} where id = ${me!.id}`);

    const token = await api.login(me!.name, TEST_PASSWORD);
    const res = await api.get<DashboardMemberCharts>('/api/dashboard/member-charts', {
      token,
      locale: 'en-US',
    });
    expect(res.status).toBe(200);
    const { earnings, downline } = res.body.data;
    const names = new Map((await api.db.select().from(bonusTypes)).map((t) => [t.key, t.nameEn]));
    expect(earnings.types).toEqual([1, 9].map((key) => ({ key, name: names.get(key) })));
    expect(monthOf(earnings, thisMonth)).toEqual(['5.00', '0.00']);
    expect(monthOf(earnings, lastMonth)).toEqual(['0.00', '9.00']);
    expect(downline).toHaveLength(12);
    expect(downline.at(-1)).toEqual({ period: thisMonth, new_members: 1 });
    expect(downline.at(-2)).toEqual({ period: lastMonth, new_members: 1 });
    expect(downline.slice(0, -2).every((d) => d.new_members === 0)).toBe(true);

    // The stranger sees only their own credits, and no downline.
    const theirs = await api.get<DashboardMemberCharts>('/api/dashboard/member-charts', {
      token: await api.login(stranger.name, TEST_PASSWORD),
    });
    expect(theirs.body.data.earnings.types.map((t) => t.key)).toEqual([3]);
    expect(monthOf(theirs.body.data.earnings, thisMonth)).toEqual(['44.00']);
    expect(theirs.body.data.downline.every((d) => d.new_members === 0)).toBe(true);
  });

  it('count the downline’s sign-ups per business month as a count of the members would, in any time zone', async () => {
    const top = await api.factory.member();
    const below = await Promise.all(
      Array.from({ length: 8 }, () => api.factory.member({ parentUserId: top.id })),
    );
    await api.factory.member({ parentUserId: below[0]!.id });
    const outside = await api.factory.member();
    // Sign-ups around the edges of three months in zones ahead of UTC, behind it and at it, and one 20 months back.
    const month = monthsBefore(thisMonth, 2);
    const times = ['-10:00', '-04:30', '+00:00', '+05:45', '+08:00', '+14:00'].map(
      (offset) => new Date(`${month}-01T00:00:00${offset}`),
    );
    const spread = [
      ...times,
      new Date(times[0]!.getTime() - 1),
      new Date(`${monthsBefore(thisMonth, 20)}-15T12:00:00Z`),
    ];
    const downline = await queryRows<{ id: number }>(
      api.db,
      sql`select id from users where tree_path like (select tree_path from users where id = ${top.id}) || '_%'`,
    );
    expect(downline).toHaveLength(9);
    for (const [i, member] of downline.entries())
      await api.db.execute(
        sql`update users set created_at = ${spread[i % spread.length]!} where id = ${member.id}`,
      );
    await api.db.execute(sql`update users set created_at = ${times[2]!} where id = ${outside.id}`);
    for (const tz of [
      'Asia/Hong_Kong',
      'America/New_York',
      'Pacific/Kiritimati',
      'Pacific/Honolulu',
      'UTC',
    ]) {
      const monthList = Array.from({ length: 24 }, (_, i) => monthsBefore(thisMonth, 23 - i));
      const counted = await queryRows<{ period: string; n: number }>(
        api.db,
        sql`select to_char(u.created_at at time zone ${tz}, 'YYYY-MM') as period, count(*)::int as n
            from users me join users u on u.tree_path like me.tree_path || '_%'
            where me.id = ${top.id} group by 1`,
      );
      const exact = new Map(counted.map((c) => [c.period, c.n]));
      const growth = await downlineGrowth(api.db, tz, top.id, monthList);
      expect(growth, tz).toEqual(
        monthList.map((period) => ({ period, new_members: exact.get(period) ?? 0 })),
      );
      expect(
        growth.reduce((sum, g) => sum + g.new_members, 0),
        tz,
      ).toBe(9);
    }
  });

  it('keep each dashboard to its role: a member gets no admin figures, an administrator no member charts', async () => {
    const member = await api.factory.member();
    const token = await api.login(member.name, TEST_PASSWORD);
    expect((await api.get('/api/dashboard/money-charts', { token })).status).toBe(403);
    expect((await api.get('/api/dashboard/member-charts', { token: adminToken })).status).toBe(403);
    expect((await api.get('/api/dashboard/member-charts', { token, query: { months: 0 } })).status).toBe(422);
    const own = await api.get<DashboardMemberCharts>('/api/dashboard/member-charts', { token });
    expect(own.status).toBe(200);
    expect(own.body.data.earnings.types).toEqual([]);
  });
});

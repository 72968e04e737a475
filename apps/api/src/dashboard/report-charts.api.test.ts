import { type DashboardMemberCharts, dayIn, startOfDayIn, type UserReport } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCaller } from '../access/caller';
import type { UserRow } from '../members/members.schema';
import { SalesFixtures, surfaced } from '../orders/orders.fixtures';
import { scopesAdded } from '../orders/totals';
import { businessTimeZone } from '../platform/business-time/business-time';
import { queryRows } from '../platform/db/client';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { monthsBefore } from './dashboard.charts';
import { teamSalesPerMonth } from './dashboard.team';

/**
 * The member report's activity (the activity rollup over the report's business days) and a member's team sales per
 * business month (the orders totals of their downline), both in the business time zone, Hong Kong.
 */

let api: TestApi;
let sales: SalesFixtures;
let adminToken: string;
const zone = 'Asia/Hong_Kong';

beforeAll(async () => {
  api = await TestApi.start();
  sales = new SalesFixtures(api.db);
  const admin = await api.factory.superAdmin();
  adminToken = await api.login(admin.name, TEST_PASSWORD);
  expect(await businessTimeZone(api.db)).toBe(zone);
});
afterAll(() => api?.close());

/** A done order of `buyer` completed at `at` (ISO), of `sp` SP and `amount` (decimal string). */
const order = (buyer: UserRow, at: string, sp: number, amount: string, extra: { status?: number } = {}) =>
  sales.order({ user_no: buyer.userNo, completed_at: at, sales_point: sp, amount, ...extra });

const refund = (id: number) => api.db.execute(sql`update orders set refunded_at = now() where id = ${id}`);

describe('the member report’s activity', () => {
  it('sums the done sales completed within the range’s business days, per business month and day', async () => {
    const buyer = await api.factory.member();
    // 2025-10-14 23:59:59 and 2025-10-15 00:00 in Hong Kong: the first is before the range, the second its first instant.
    await order(buyer, '2025-10-14T15:59:59Z', 1, '1.00');
    await order(buyer, '2025-10-14T16:00:00Z', 10, '10.50');
    // 31 October 23:59:59 and 1 November 00:00 in Hong Kong (15:59:59 and 16:00 UTC of the same UTC day).
    await order(buyer, '2025-10-31T15:59:59Z', 200, '200.00');
    await order(buyer, '2025-10-31T16:00:00Z', 3000, '3000.25');
    // Not counted: not done, refunded, after the range.
    await order(buyer, '2025-11-02T04:00:00Z', 40_000, '1.00', { status: 0 });
    const refunded = await order(buyer, '2025-11-02T04:00:00Z', 500_000, '1.00');
    await refund(refunded.id);
    await order(buyer, '2025-11-30T16:00:00Z', 6_000_000, '1.00');
    // A member who joined on 1 November in Hong Kong.
    const joined = await api.factory.member();
    await api.db.execute(sql`update users set created_at = '2025-10-31T16:30:00Z' where id = ${joined.id}`);

    const monthly = await api.get<UserReport>('/api/users/report', {
      token: adminToken,
      query: { start: '2025-10-15', end: '2025-11-30', period: 'month' },
    });
    expect(monthly.status).toBe(200);
    expect(monthly.body.data.activity).toEqual([
      { period: '2025-10', sales_count: 2, sales: '210.50', sp: 210, new_members: 0 },
      { period: '2025-11', sales_count: 1, sales: '3000.25', sp: 3000, new_members: 1 },
    ]);
    expect(monthly.body.data.rows.map((r) => r.total)).toEqual([0, 1]);

    const daily = await api.get<UserReport>('/api/users/report', {
      token: adminToken,
      query: { start: '2025-10-31', end: '2025-11-01', period: 'day' },
    });
    expect(daily.body.data.activity).toEqual([
      { period: '2025-10-31', sales_count: 1, sales: '200.00', sp: 200, new_members: 0 },
      { period: '2025-11-01', sales_count: 1, sales: '3000.25', sp: 3000, new_members: 1 },
    ]);
  });

  it('is the report’s, so for administrators holding the member report only', async () => {
    const member = await api.factory.member();
    const token = await api.login(member.name, TEST_PASSWORD);
    const query = { start: '2025-10-01', end: '2025-10-31' };
    expect((await api.get('/api/users/report', { token, query })).status).toBe(403);
  });
});

describe('a member’s team sales per business month', () => {
  it('count the done SP of orders their downline completed in each month of Hong Kong, not theirs or others’', async () => {
    const [me, child, grandchild] = await api.factory.chain(2);
    const stranger = await api.factory.member();
    const thisMonth = dayIn(new Date(), zone).slice(0, 7);
    const lastMonth = monthsBefore(thisMonth, 1);
    const start = startOfDayIn(`${thisMonth}-01`, zone).getTime();
    const at = (ms: number) => new Date(start + ms).toISOString();
    // One second before this month's first instant in Hong Kong (last month's), and that instant (this month's).
    await order(child!, at(-1000), 100, '100.00');
    await order(grandchild!, at(0), 40, '25.00');
    await order(grandchild!, at(60_000), 2, '2.20');
    // Not counted: not done, refunded, the member's own, a stranger's, older than the chart.
    await order(child!, at(0), 7, '7.00', { status: 0 });
    const refunded = await order(grandchild!, at(0), 300, '300.00');
    await refund(refunded.id);
    await order(me!, at(0), 1000, '1000.00');
    await order(stranger, at(0), 500, '500.00');
    await order(child!, startOfDayIn(`${monthsBefore(thisMonth, 12)}-15`, zone).toISOString(), 9, '9.00');

    const token = await api.login(me!.name, TEST_PASSWORD);
    const res = await api.get<DashboardMemberCharts>('/api/dashboard/member-charts', { token });
    expect(res.status).toBe(200);
    const { team } = res.body.data;
    expect(team).toHaveLength(12);
    expect(team[0]!.period).toBe(monthsBefore(thisMonth, 11));
    expect(team.at(-1)).toEqual({ period: thisMonth, sales_count: 2, sales: '27.20', sp: 42 });
    expect(team.at(-2)).toEqual({ period: lastMonth, sales_count: 1, sales: '100.00', sp: 100 });
    expect(team.slice(0, -2).every((m) => m.sp === 0 && m.sales_count === 0)).toBe(true);

    // The child's team is the grandchild alone.
    const childView = await api.get<DashboardMemberCharts>('/api/dashboard/member-charts', {
      token: await api.login(child!.name, TEST_PASSWORD),
      query: { months: 2 },
    });
    expect(childView.body.data.team).toEqual([
      { period: lastMonth, sales_count: 0, sales: '0.00', sp: 0 },
      { period: thisMonth, sales_count: 2, sales: '27.20', sp: 42 },
    ]);

    // The request above took the company's activity less the orders of the few members outside the downline (a test
    // database is small). Served otherwise the figures are the same: from the orders totals, month by month (the
    // first call below, which adds the member's own scope), then from that scope's hours less the member's own
    // orders, from the whole rollup less the few members outside the downline, or exactly.
    const caller = (await loadCaller(api.db, me!.id))!;
    const months = [lastMonth, thisMonth];
    const ofScope = { directUpTo: 0, complementUpTo: 0, onScopeError: surfaced };
    await teamSalesPerMonth(api.db, caller, zone, months, ofScope);
    await scopesAdded(api.db);
    const scopes = await queryRows(
      api.db,
      sql`select 1 from order_totals_scopes where tree = 'sponsor' and ancestor_id = ${me!.id}`,
    );
    expect(scopes).toHaveLength(1);
    expect(await teamSalesPerMonth(api.db, caller, zone, months, ofScope)).toEqual(team.slice(-2));
    const ofWholeRollup = { directUpTo: 0, complementUpTo: 1_000_000, onScopeError: surfaced };
    expect(await teamSalesPerMonth(api.db, caller, zone, months, ofWholeRollup)).toEqual(team.slice(-2));
    const exact = { exact: true, onScopeError: surfaced };
    expect(await teamSalesPerMonth(api.db, caller, zone, months, exact)).toEqual(team.slice(-2));
  });

  it('come from the hours of the member’s own scope when they have one, as counted exactly', async () => {
    const [me, child, grandchild] = await api.factory.chain(2);
    const caller = (await loadCaller(api.db, me!.id))!;
    const months = ['2025-10', '2025-11', '2025-12'];
    // The first request counts exactly and adds the member's scope; the orders then arrive and the triggers keep its
    // hours (the totals oracle checks those against the orders after every kind of write).
    const ofScope = { directUpTo: 0, complementUpTo: 0, onScopeError: surfaced };
    const exact = { exact: true, onScopeError: surfaced };
    await teamSalesPerMonth(api.db, caller, zone, months, ofScope);
    await scopesAdded(api.db);
    const [scope] = await queryRows<{ id: number }>(
      api.db,
      sql`select id from order_totals_scopes where tree = 'sponsor' and ancestor_id = ${me!.id}`,
    );
    expect(scope).toBeDefined();
    // Half an hour before and after the first instants of November and December in Hong Kong (16:00 UTC on the last
    // day of October and of November): each pair falls in two months, within one UTC day.
    await order(child!, '2025-10-31T15:30:00Z', 1, '1.10');
    await order(grandchild!, '2025-10-31T16:30:00Z', 20, '20.20');
    await order(child!, '2025-11-30T15:30:00Z', 300, '300.30');
    await order(grandchild!, '2025-11-30T16:30:00Z', 4000, '4000.40');
    // Not counted: the member's own (in the scope's hours, taken out), not done, refunded.
    await order(me!, '2025-10-31T15:30:00Z', 50_000, '500.00');
    await order(me!, '2025-11-30T16:30:00Z', 600_000, '6000.00');
    await order(child!, '2025-11-30T16:30:00Z', 7, '7.00', { status: 0 });
    await refund((await order(grandchild!, '2025-10-31T16:30:00Z', 80, '80.00')).id);
    const expected = [
      { period: '2025-10', sales_count: 1, sales: '1.10', sp: 1 },
      { period: '2025-11', sales_count: 2, sales: '320.50', sp: 320 },
      { period: '2025-12', sales_count: 1, sales: '4000.40', sp: 4000 },
    ];
    expect(await teamSalesPerMonth(api.db, caller, zone, months, exact)).toEqual(expected);
    expect(await teamSalesPerMonth(api.db, caller, zone, months, ofScope)).toEqual(expected);

    // Read from the scope's hours: a change made there (by hand, never by the application) shows in the month.
    const tamper = (n: number) =>
      api.db.execute(sql`update scope_sales_hours set sales_count = sales_count + ${n}
                         where scope_id = ${scope!.id} and hour = '2025-11-30T16:00:00Z'`);
    await tamper(5);
    expect((await teamSalesPerMonth(api.db, caller, zone, months, ofScope))[2]!.sales_count).toBe(6);
    await tamper(-5);
    // A zone whose months start on a half hour (India: 18:30 UTC, after both orders of each pair) is not a sum of
    // whole hours: the orders totals.
    const india = await teamSalesPerMonth(api.db, caller, 'Asia/Kolkata', months, ofScope);
    expect(india).toEqual(await teamSalesPerMonth(api.db, caller, 'Asia/Kolkata', months, exact));
    expect(india.map((m) => m.sales_count)).toEqual([2, 2, 0]);
  });

  it('are a member’s: an administrator gets 403', async () => {
    expect((await api.get('/api/dashboard/member-charts', { token: adminToken })).status).toBe(403);
  });
});

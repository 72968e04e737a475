import { type DashboardCharts, dayIn, formatCents, startOfDayIn } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SalesFixtures } from '../orders/orders.fixtures';
import { businessTimeZone } from '../platform/business-time/business-time';
import { queryRows } from '../platform/db/client';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';

let api: TestApi;
let adminToken: string;
let zone: string;
/** A business day three days ago, and the instant it began. */
let day: string;
let midnight: Date;

const at = (ms: number) => new Date(midnight.getTime() + ms).toISOString();

beforeAll(async () => {
  api = await TestApi.start();
  const admin = await api.factory.superAdmin();
  adminToken = await api.login(admin.name, TEST_PASSWORD);
  zone = await businessTimeZone(api.db);
  const today = dayIn(new Date(), zone);
  day = new Date(Date.parse(`${today}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
  midnight = startOfDayIn(day, zone);

  const sales = new SalesFixtures(api.db);
  const buyer = await api.factory.member();
  const order = (no: string, completed_at: string, extra: Record<string, unknown> = {}) =>
    sales.order({ platform_order_no: no, user_no: buyer.userNo, completed_at, ...extra });
  // Either side of the business day's midnight: the day before, and the day itself.
  await order('CH-before', at(-1000), { amount: '10.50', sales_point: 10 });
  await order('CH-at', at(0), { amount: '20', sales_point: 20 });
  await order('CH-late', at(23 * 3_600_000), { amount: '5', sales_point: 5 });
  // Not counted: not done, refunded afterwards, a refund row.
  await order('CH-open', at(60_000), { status: 0, amount: '99', sales_point: 99 });
  await order('CH-refunded', at(120_000), { amount: '40', sales_point: 40 });
  await api.db.execute(sql`update orders set refunded_at = now() where platform_order_no = 'CH-refunded'`);
  await order('CH-refund-row', at(180_000), {
    platform_order_no_origin: 'CH-at',
    amount: '20',
    sales_point: 20,
  });
  // Moved to another day after it was written: it counts on its new day only.
  await order('CH-moved', at(3_600_000), { amount: '7', sales_point: 7 });
  await api.db.execute(
    sql`update orders set completed_at = ${at(-5 * 3_600_000)} where platform_order_no = 'CH-moved'`,
  );
  // Members signing up either side of midnight; an administrator never counts.
  const early = await api.factory.member();
  const late = await api.factory.member();
  await api.db.execute(sql`update users set created_at = ${at(-1)} where id = ${early.id}`);
  await api.db.execute(sql`update users set created_at = ${at(0)} where id = ${late.id}`);
  await api.factory.admin();
});
afterAll(() => api?.close());

/** The same figures computed straight from the orders and the members, in the business time zone. */
async function direct(format: 'YYYY-MM-DD' | 'YYYY-MM') {
  const sales = await queryRows<{ period: string; n: string; cents: string; sp: string }>(
    api.db,
    sql`select to_char(completed_at at time zone ${zone}, ${format}) as period, count(*) as n,
          sum(amount_cents) as cents, sum(sales_point) as sp
        from orders where status = 1 and platform_order_no_origin is null and refunded_at is null
          and completed_at is not null group by 1`,
  );
  const members = await queryRows<{ period: string; n: string }>(
    api.db,
    sql`select to_char(created_at at time zone ${zone}, ${format}) as period, count(*) as n
        from users where not is_admin group by 1`,
  );
  return (period: string) => {
    const s = sales.find((r) => r.period === period);
    return {
      period,
      sales_count: Number(s?.n ?? 0),
      sales: formatCents(Number(s?.cents ?? 0)),
      sp: Number(s?.sp ?? 0),
      new_members: Number(members.find((r) => r.period === period)?.n ?? 0),
    };
  };
}

async function charts(token = adminToken, query = { days: 10, months: 3 }) {
  return api.get<DashboardCharts>('/api/dashboard/charts', { token, query });
}

describe('the admin dashboard charts', () => {
  it('equal a direct count of the orders and members, per business day and month', async () => {
    const res = await charts();
    expect(res.status).toBe(200);
    const { days, months } = res.body.data;
    expect(days).toHaveLength(10);
    expect(months).toHaveLength(3);
    const perDay = await direct('YYYY-MM-DD');
    expect(days).toEqual(days.map((d) => perDay(d.period)));
    const perMonth = await direct('YYYY-MM');
    expect(months).toEqual(months.map((m) => perMonth(m.period)));
  });

  it('puts what happens either side of the business day midnight on its own day', async () => {
    const { days } = (await charts()).body.data;
    const before = days.find((d) => d.period === dayIn(at(-1000), zone))!;
    const onDay = days.find((d) => d.period === day)!;
    // the day before: CH-before and CH-moved; the day: CH-at and CH-late
    expect(before).toMatchObject({ sales_count: 2, sales: '17.50', sp: 17, new_members: 1 });
    expect(onDay).toMatchObject({ sales_count: 2, sales: '25.00', sp: 25, new_members: 1 });
  });

  it('are for administrators holding the dashboard permission only', async () => {
    const member = await api.factory.member();
    const token = await api.login(member.name, TEST_PASSWORD);
    expect((await charts(token)).status).toBe(403);
    expect((await charts(adminToken, { days: 0, months: 3 })).status).toBe(422);
  });
});

import { type DashboardMemberCharts, formatCents, orderListBody, periodInstants } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { countingOrder } from '../bonus/settlement';
import { type OrderQuerySettings, orderTotalsOf, TOTALS_CONFIG } from '../orders/totals';
import type { AccountCaller } from '../platform/caller';
import { type Db, queryRows, withoutJit } from '../platform/db/client';
import { col } from '../tree/tree-columns';
import { pathRangeEnd } from '../tree/tree-path';
import { activitySums } from './dashboard.charts';

type Team = DashboardMemberCharts['team'];

/**
 * A member's team sales per business month of `zone` (docs/product/dashboard.md, "Charts (members)"): for each month
 * of `monthList`, the done sales net of refunds (what the bonuses count) of every order bought by the member's whole
 * sponsor downline (themselves left out) and completed from the month's first instant to the next one's in the zone:
 * the *Group sales* switch of the orders screen, its `meta.done`.
 *
 * When at most `complementUpTo` members are outside the downline (the top of the tree: a million below), that is the
 * company's done sales from the activity rollup less the orders of those few (one probe each): a few milliseconds
 * for twelve months. Else, when the member has a sponsor scope of their own (orders/totals/README.md) and every month
 * of the zone starts on a whole UTC hour, it is the scope's done sales per hour summed over each month less the
 * member's own orders (one query for every month). Otherwise each month is the orders totals of the switch (a small
 * downline counted exactly, a large one from its scope's daily rollup and its partial edge days; no page read).
 * `settings.exact` (ORDERS_TOTALS_EXACT) counts every month over the orders.
 */
export async function teamSalesPerMonth(
  db: Db,
  viewer: AccountCaller,
  zone: string,
  monthList: string[],
  settings: OrderQuerySettings,
): Promise<Team> {
  const complementUpTo = settings.complementUpTo ?? TOTALS_CONFIG.complementUpTo;
  const bounds = monthBounds(monthList, zone);
  if (!settings.exact) {
    const outside = await outsideOf(db, viewer.id);
    if (outside.accounts <= complementUpTo)
      return companyLessOutside(db, viewer.id, outside.path, zone, bounds);
    if (outside.scopeId !== null && bounds.every(onWholeHours))
      return scopeHoursLessOwn(db, viewer.id, outside.scopeId, bounds);
  }
  const team: Team = [];
  for (const { period, from_at, to_at } of bounds) {
    const filter = orderListBody.parse({ group_sales: true, date_from: from_at, date_to: to_at });
    const { done } = await orderTotalsOf(db, viewer, filter, settings);
    team.push({ period, sales_count: done.count, sales: formatCents(done.amountCents), sp: done.salesPoint });
  }
  return team;
}

const PATH = col('sponsor', 'path', '');

/** Each month's first instant and the next month's, as ISO strings (JSON for the queries, the filter's dates). */
type MonthBounds = { period: string; from_at: string; to_at: string };

const monthBounds = (monthList: string[], zone: string): MonthBounds[] =>
  monthList.map((period) => {
    const { from, to } = periodInstants(period, zone)!;
    return { period, from_at: from.toISOString(), to_at: to.toISOString() };
  });

/** The months as the relation `p(period, from_at, to_at)` of a query. */
const months = (bounds: MonthBounds[]) =>
  sql`json_to_recordset(${JSON.stringify(bounds)}::json) as p(period text, from_at timestamptz, to_at timestamptz)`;

/** The done sales `(n, cents, sp)` bought by `buyer` in month `p`, probed along orders_user_completed_idx. */
const doneSalesInMonth = (buyer: SQL) =>
  sql`select count(*) as n, coalesce(sum(o.amount_cents), 0) as cents, coalesce(sum(o.sales_point), 0) as sp
      from orders o where o.user_id = ${buyer} and o.completed_at >= p.from_at and o.completed_at < p.to_at
        and ${countingOrder}`;

const HOUR_MS = 3_600_000;

/** Whether a month starts and ends on whole UTC hours, so it is a sum of whole rows of scope_sales_hours. */
const onWholeHours = ({ from_at, to_at }: MonthBounds) =>
  Date.parse(from_at) % HOUR_MS === 0 && Date.parse(to_at) % HOUR_MS === 0;

/**
 * The accounts outside the member's downline (themselves and administrators included), from the kept counters, the
 * member's sponsor path, and the id of the member's own sponsor scope (null: none).
 */
async function outsideOf(
  db: Db,
  memberId: number,
): Promise<{ accounts: number; path: string; scopeId: number | null }> {
  const [row] = await queryRows<{ n: number; path: string; scope_id: number | null }>(
    db,
    sql`select ((select coalesce(sum(accounts), 0) from member_tallies)
          - coalesce((select sponsor_count from downline_counts where user_id = ${memberId}), 0))::int as n,
          (select ${PATH} from users where id = ${memberId}) as path,
          (select id from order_totals_scopes where tree = 'sponsor' and ancestor_id = ${memberId}) as scope_id`,
  );
  return { accounts: Number(row?.n ?? 0), path: row!.path, scopeId: row?.scope_id ?? null };
}

/**
 * Each month's done sales of the member's sponsor scope, from its rows per UTC hour (scope_sales_hours, kept exact by
 * the orders rollup's triggers: the scope holds the member's own orders too), less the member's own done orders of
 * the month (probed along orders_user_completed_idx). One statement for every month: a range of the table's primary
 * key (scope, hour) per month, ~720 rows, whatever the downline's size.
 */
async function scopeHoursLessOwn(
  db: Db,
  memberId: number,
  scopeId: number,
  bounds: MonthBounds[],
): Promise<Team> {
  const rows = await withoutJit(db, (tx) =>
    queryRows<{ period: string; n: number; cents: string; sp: string }>(
      tx,
      sql`select p.period, (h.n - own.n)::int as n, (h.cents - own.cents)::text as cents, (h.sp - own.sp)::text as sp
          from ${months(bounds)}
          cross join lateral (
            select coalesce(sum(s.sales_count), 0) as n, coalesce(sum(s.sales_cents), 0) as cents,
                   coalesce(sum(s.sales_sp), 0) as sp
            from scope_sales_hours s where s.scope_id = ${scopeId} and s.hour >= p.from_at and s.hour < p.to_at) h
          cross join lateral (${doneSalesInMonth(sql`${memberId}`)}) own`,
    ),
  );
  const byPeriod = new Map(rows.map((r) => [r.period, r]));
  return bounds.map(({ period }) => {
    const r = byPeriod.get(period)!;
    return { period, sales_count: r.n, sales: formatCents(Number(r.cents)), sp: Number(r.sp) };
  });
}

/**
 * Each month's company done sales (activity rollup) less those bought outside the member's downline: the members
 * before and after its path range (two index ranges, constant bounds) and the member, each probed per month along
 * orders_user_completed_idx (the aggregate keeps the probes apart: joined, the planner hashed every order).
 */
async function companyLessOutside(
  db: Db,
  memberId: number,
  memberPath: string,
  zone: string,
  bounds: MonthBounds[],
): Promise<Team> {
  const monthList = bounds.map((b) => b.period);
  const [company, outside] = await Promise.all([
    activitySums(db, zone, monthList),
    withoutJit(db, (tx) =>
      queryRows<{ period: string; n: number; cents: string; sp: string }>(
        tx,
        sql`with outside as materialized (
            select id from users where ${PATH} ~<~ ${memberPath}
            union all select id from users where ${PATH} ~>=~ ${pathRangeEnd(memberPath)}
            union all select ${memberId}::int)
          select p.period, sum(s.n)::int as n, sum(s.cents)::text as cents, sum(s.sp)::text as sp
          from outside u
          cross join ${months(bounds)}
          cross join lateral (${doneSalesInMonth(sql`u.id`)}) s
          group by p.period`,
      ),
    ),
  ]);
  const less = new Map(outside.map((r) => [r.period, r]));
  return monthList.map((period) => {
    const [all, o] = [company.get(period)!, less.get(period)];
    return {
      period,
      sales_count: all.salesCount - Number(o?.n ?? 0),
      sales: formatCents(all.salesCents - Number(o?.cents ?? 0)),
      sp: all.salesSp - Number(o?.sp ?? 0),
    };
  });
}

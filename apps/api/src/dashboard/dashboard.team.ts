import { type DashboardMemberCharts, formatCents, orderListBody, periodInstants } from '@app/contracts';
import { sql } from 'drizzle-orm';
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
 * for twelve months. Otherwise each month is the orders totals of the switch (orders/totals/README.md: a small
 * downline counted exactly, a large one from its scope's daily rollup and its partial edge days; no page read).
 */
export async function teamSalesPerMonth(
  db: Db,
  viewer: AccountCaller,
  zone: string,
  monthList: string[],
  settings: OrderQuerySettings,
): Promise<Team> {
  const complementUpTo = settings.complementUpTo ?? TOTALS_CONFIG.complementUpTo;
  if (!settings.exact) {
    const outside = await outsideOf(db, viewer.id);
    if (outside.accounts <= complementUpTo)
      return companyLessOutside(db, viewer.id, outside.path, zone, monthList);
  }
  const team: Team = [];
  for (const period of monthList) {
    const { from, to } = periodInstants(period, zone)!;
    const filter = orderListBody.parse({
      group_sales: true,
      date_from: from.toISOString(),
      date_to: to.toISOString(),
    });
    const { done } = await orderTotalsOf(db, viewer, filter, settings);
    team.push({ period, sales_count: done.count, sales: formatCents(done.amountCents), sp: done.salesPoint });
  }
  return team;
}

const PATH = col('sponsor', 'path', '');

/**
 * The accounts outside the member's downline (themselves and administrators included), from the kept counters, and
 * the member's sponsor path.
 */
async function outsideOf(db: Db, memberId: number): Promise<{ accounts: number; path: string }> {
  const [row] = await queryRows<{ n: number; path: string }>(
    db,
    sql`select ((select coalesce(sum(accounts), 0) from member_tallies)
          - coalesce((select sponsor_count from downline_counts where user_id = ${memberId}), 0))::int as n,
          (select ${PATH} from users where id = ${memberId}) as path`,
  );
  return { accounts: Number(row?.n ?? 0), path: row!.path };
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
  monthList: string[],
): Promise<Team> {
  const bounds = monthList.map((period) => {
    const { from, to } = periodInstants(period, zone)!;
    return { period, from_at: from.toISOString(), to_at: to.toISOString() };
  });
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
          cross join json_to_recordset(${JSON.stringify(bounds)}::json) as p(period text, from_at timestamptz, to_at timestamptz)
          cross join lateral (
            select count(*) as n, coalesce(sum(o.amount_cents), 0) as cents, coalesce(sum(o.sales_point), 0) as sp
            from orders o where o.user_id = u.id and o.completed_at >= p.from_at and o.completed_at < p.to_at
              and ${countingOrder}) s
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

import { nearestUtcMonthStart, periodInstants } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { col } from '../tree/tree-columns';
import { pathRange } from '../tree/tree-path';

const isoDay = (t: Date) => t.toISOString().slice(0, 10);

/**
 * How many joined member `userId`'s sponsor downline (themselves left out) in each business month of `monthList`
 * ('YYYY-MM', consecutive, oldest first) in `zone`, without counting the downline (up to a million members): the
 * rollup `downline_joins` (tree.schema.ts) gives its UTC months, and each edge of a business month is moved to the
 * nearest UTC month start by counting exactly the sign-ups between the two (at most 14 hours of them, along
 * users_created_at_idx, kept to the downline's path range) — added where the business month starts earlier, taken
 * off where it starts later.
 */
export async function downlineGrowth(
  db: DbOrTx,
  zone: string,
  userId: number,
  monthList: string[],
): Promise<Array<{ period: string; new_members: number }>> {
  const edges = [
    ...monthList.map((month) => periodInstants(month, zone)!.from),
    periodInstants(monthList.at(-1)!, zone)!.to,
  ];
  const near = edges.map(nearestUtcMonthStart);
  const gaps = edges
    .map((edge, i) => {
      const [a, b] = [edge.getTime(), near[i]!.getTime()];
      return { i, lo: new Date(Math.min(a, b)), hi: new Date(Math.max(a, b)) };
    })
    .filter((gap) => gap.lo < gap.hi);
  const months = await queryRows<{ month: string; joined: number }>(
    db,
    sql`select month::text as month, joined from downline_joins
        where user_id = ${userId} and month >= ${isoDay(near[0]!)} and month < ${isoDay(near.at(-1)!)}`,
  );
  // Each gap's sign-ups first (`offset 0` keeps the planner from reading the downline's path range instead,
  // which it cannot estimate: a million members for the top of the tree, 2.9 s against 3 ms).
  const gapCounts = gaps.length
    ? await queryRows<{ i: number; n: number }>(
        db,
        sql`select g.i, (select count(*)::int from (
              select u.id, u.tree_path from users u where u.created_at >= g.lo and u.created_at < g.hi offset 0) u
              where ${pathRange(col('sponsor', 'path'), col('sponsor', 'path', 'me'))} and u.id <> me.id) as n
            from json_to_recordset(${JSON.stringify(gaps)}::json) as g(i int, lo timestamptz, hi timestamptz)
            join users me on me.id = ${userId}`,
      )
    : [];
  const inGap = new Map(gapCounts.map((g) => [Number(g.i), Number(g.n)]));
  // The sign-ups from edge i to its nearest UTC month start, negative when the edge comes after it.
  const toNearMonth = (i: number) => (edges[i]! < near[i]! ? 1 : -1) * (inGap.get(i) ?? 0);
  return monthList.map((period, k) => {
    const [first, end] = [isoDay(near[k]!), isoDay(near[k + 1]!)];
    const whole = months
      .filter((m) => m.month >= first && m.month < end)
      .reduce((sum, m) => sum + Number(m.joined), 0);
    return { period, new_members: whole + toNearMonth(k) - toNearMonth(k + 1) };
  });
}

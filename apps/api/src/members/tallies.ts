import { monthStartIn, nearestUtcMonthStart } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';

/**
 * Where the current month of `zone` starts, and the UTC month start nearest to it (member_tallies hold UTC months
 * of created_at, migration 0007; a zone's month starts at most 14 hours away from one).
 */
export function monthEdges(zone: string, now = new Date()): { start: Date; utcStart: Date } {
  const start = monthStartIn(now, zone);
  return { start, utcStart: nearestUtcMonthStart(start) };
}

/**
 * Accounts counted by `member_tallies` (kept exact by the users triggers, migration 0007), instead of
 * counting `users`: members (or administrators with `admins`), of a level and a status when given, created
 * in the current month of the business time zone `thisMonthIn` or later. The tallies count by UTC month: the
 * accounts made between the nearest UTC month start and the zone's are counted from `users` (users_created_at_idx)
 * and added or taken off, so the month is the zone's, exactly.
 */
export async function talliedAccounts(
  db: DbOrTx,
  opts: { admins?: boolean; levelId?: number; status?: number; thisMonthIn?: string } = {},
): Promise<number> {
  const kind = sql`is_admin = ${opts.admins ?? false}
          ${opts.levelId === undefined ? sql`` : sql`and level_id = ${opts.levelId}`}
          ${opts.status === undefined ? sql`` : sql`and status = ${opts.status}`}`;
  const edges = opts.thisMonthIn ? monthEdges(opts.thisMonthIn) : null;
  const made = (from: Date, to: Date) =>
    sql`(select count(*) from users where ${kind} and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()})`;
  const [row] = await queryRows<{ n: number | string | null }>(
    db,
    sql`select (coalesce((select sum(accounts) from member_tallies
          where ${kind} ${edges ? sql`and month >= ${edges.utcStart.toISOString().slice(0, 10)}::date` : sql``}), 0)
          ${
            !edges || edges.start.getTime() === edges.utcStart.getTime()
              ? sql``
              : edges.start < edges.utcStart
                ? sql`+ ${made(edges.start, edges.utcStart)}`
                : sql`- ${made(edges.utcStart, edges.start)}`
          })::int as n`,
  );
  return Number(row?.n ?? 0);
}

/** Members per level id (levels without members are absent). */
export async function talliedMembersPerLevel(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await queryRows<{ level_id: number; n: number }>(
    db,
    sql`select level_id, sum(accounts)::int as n from member_tallies where not is_admin group by 1`,
  );
  return new Map(rows.map((r) => [Number(r.level_id), Number(r.n)]));
}

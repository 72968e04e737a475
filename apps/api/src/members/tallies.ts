import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';

/** The first day of the current UTC month, as `member_tallies.month` holds months. */
const thisMonth = sql`date_trunc('month', now() at time zone 'UTC')::date`;

/**
 * Accounts counted by `member_tallies` (kept exact by the users triggers, migration 0007), instead of
 * counting `users`: members (or administrators with `admins`), of a level and a status when given, created
 * in the current UTC month or later with `thisMonthOnly`.
 */
export async function talliedAccounts(
  db: DbOrTx,
  opts: { admins?: boolean; levelId?: number; status?: number; thisMonthOnly?: boolean } = {},
): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(
    db,
    sql`select coalesce(sum(accounts), 0)::int as n from member_tallies
        where is_admin = ${opts.admins ?? false}
          ${opts.levelId === undefined ? sql`` : sql`and level_id = ${opts.levelId}`}
          ${opts.status === undefined ? sql`` : sql`and status = ${opts.status}`}
          ${opts.thisMonthOnly ? sql`and month >= ${thisMonth}` : sql``}`,
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

import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../platform/db/client';

/** A member's commission status other than pay: their payouts are kept held, or recorded forfeited. */
export type CommissionHold = 'hold' | 'forfeit';

/** Members whose payouts do not reach the wallet now, by id (every other member's status is pay). */
export type CommissionHolds = ReadonlyMap<number, CommissionHold>;

/** The members on hold or forfeit (few: one indexed-free scan of users' status, read once per run). */
export async function loadCommissionHolds(db: DbOrTx): Promise<CommissionHolds> {
  const rows = await queryRows<{ id: number; status: CommissionHold }>(
    db,
    sql`select id, commission_status as status from users where commission_status <> 'pay'`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.status]));
}

/** The status a payout of `userId` is recorded with. */
export const payoutStatusOf = (holds: CommissionHolds | undefined, userId: number) => {
  const hold = holds?.get(userId);
  return hold === 'hold' ? 'held' : hold === 'forfeit' ? 'forfeited' : 'paid';
};

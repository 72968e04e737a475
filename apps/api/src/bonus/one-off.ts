import { eq } from 'drizzle-orm';
import { users } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { bonusTypes } from './bonus.schema';
import type { CommissionHold } from './commission/holds';
import { payBonus } from './payouts';

/**
 * Pays a one-off bonus type (e.g. 10, the WEC assessment reward) to a member, at most once ever
 * (period 'once' in the payout key), as the member's commission status has it: a member on hold gets it
 * recorded held (credited when released), a forfeiting member recorded forfeited. The status is read under a
 * share lock of the member's row, so a release that runs at the same time waits for this transaction and then
 * finds the held payout. Returns the cents credited now; 0 when disabled, not one-off, paid before, or held or
 * forfeited.
 */
export async function payOneOff(
  tx: DbOrTx,
  typeKey: number,
  userId: number,
  remark: string,
): Promise<number> {
  const [type] = await tx.select().from(bonusTypes).where(eq(bonusTypes.key, typeKey));
  if (!type?.enabled || type.params.kind !== 'oneOff' || type.params.amountCents <= 0) return 0;
  const [member] = await tx
    .select({ status: users.commissionStatus })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  const holds =
    member && member.status !== 'pay' ? new Map([[userId, member.status as CommissionHold]]) : undefined;
  const cents = type.params.amountCents;
  const paid = await payBonus(
    tx,
    { userId, typeKey, period: 'once', orderId: null, baseSp: 0, ratioBp: null, cents },
    { runId: null, remark, holds },
  );
  return paid ? cents : 0;
}

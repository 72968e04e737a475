import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { bonusTypes } from './bonus.schema';
import { payBonus } from './payouts';

/**
 * Pays a one-off bonus type (e.g. 10, the WEC assessment reward) to a member, at most once ever
 * (period 'once' in the payout key). Returns the cents paid; 0 when disabled, not one-off or paid before.
 */
export async function payOneOff(
  tx: DbOrTx,
  typeKey: number,
  userId: number,
  remark: string,
): Promise<number> {
  const [type] = await tx.select().from(bonusTypes).where(eq(bonusTypes.key, typeKey));
  if (!type?.enabled || type.params.kind !== 'oneOff' || type.params.amountCents <= 0) return 0;
  const cents = type.params.amountCents;
  const paid = await payBonus(
    tx,
    { userId, typeKey, period: 'once', orderId: null, baseSp: 0, ratioBp: null, cents },
    { runId: null, remark },
  );
  return paid ? cents : 0;
}

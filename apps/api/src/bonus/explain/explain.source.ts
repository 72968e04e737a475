import { explainsPayout, type PayoutStatus } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { users } from '../../members/members.schema';
import { orders } from '../../orders/orders.schema';
import type { DbOrTx } from '../../platform/db/client';
import { walletRecords } from '../../wallet/wallet.schema';
import { bonusDryRunPayouts, bonusPayouts } from '../bonus.schema';
import { type CommissionHold, payoutStatusOf } from '../commission/holds';
import { assertListKept, listsComputed, runOf } from '../settlement';

/** Which payout to explain: a paid one, one of a run's (a dry run's from its own table), or a bonus wallet record's. */
export type PayoutRef =
  | { source: 'payout'; id: number }
  | { source: 'run'; runId: number; id: number }
  | { source: 'walletRecord'; id: number };

export interface StoredPayout {
  id: number;
  dryRun: boolean;
  runId: number | null;
  userId: number;
  typeKey: number;
  period: string;
  orderId: number | null;
  cents: number;
  reversed: boolean;
  /** How it was recorded (a dry run's: how it would be with the member's commission status now). */
  status: PayoutStatus;
  createdAt: Date | null;
}

const paidColumns = {
  id: bonusPayouts.id,
  runId: bonusPayouts.runId,
  userId: bonusPayouts.userId,
  typeKey: bonusPayouts.typeKey,
  period: bonusPayouts.period,
  orderId: bonusPayouts.orderId,
  cents: bonusPayouts.cents,
  reversedAt: bonusPayouts.reversedAt,
  status: bonusPayouts.status,
  createdAt: bonusPayouts.createdAt,
};

async function paidPayout(db: DbOrTx, where: ReturnType<typeof and>): Promise<StoredPayout | undefined> {
  const [row] = await db.select(paidColumns).from(bonusPayouts).where(where);
  if (!row) return undefined;
  const { reversedAt, status, ...rest } = row;
  return { ...rest, dryRun: false, reversed: reversedAt !== null, status: status as PayoutStatus };
}

/**
 * A bonus wallet record's payout: by the `period#id` it references, or by its order's period and type (a
 * reversal references the refunded order as its bonus did, so it finds the payout it reversed).
 */
async function walletRecordPayout(db: DbOrTx, id: number) {
  const [record] = await db.select().from(walletRecords).where(eq(walletRecords.id, id));
  if (!record || !explainsPayout(record.kind) || record.bonusType === null || !record.referenceId)
    return undefined;
  if (record.referenceType === 'bonus_period') {
    const payoutId = Number(record.referenceId.split('#').pop());
    return Number.isSafeInteger(payoutId) ? paidPayout(db, eq(bonusPayouts.id, payoutId)) : undefined;
  }
  const [order] = await db
    .select({ id: orders.id, completedAt: orders.completedAt })
    .from(orders)
    .where(eq(orders.orderNo, record.referenceId));
  if (!order?.completedAt) return undefined;
  return paidPayout(
    db,
    and(
      eq(bonusPayouts.userId, record.userId),
      eq(bonusPayouts.typeKey, record.bonusType),
      eq(bonusPayouts.orderId, order.id),
    ),
  );
}

export async function storedPayout(db: DbOrTx, ref: PayoutRef): Promise<StoredPayout | undefined> {
  if (ref.source === 'payout') return paidPayout(db, eq(bonusPayouts.id, ref.id));
  if (ref.source === 'walletRecord') return walletRecordPayout(db, ref.id);
  const run = await runOf(db, ref.runId);
  if (!listsComputed(run))
    return paidPayout(db, and(eq(bonusPayouts.id, ref.id), eq(bonusPayouts.runId, run.id)));
  assertListKept(run);
  const [row] = await db
    .select()
    .from(bonusDryRunPayouts)
    .where(and(eq(bonusDryRunPayouts.id, ref.id), eq(bonusDryRunPayouts.runId, run.id)));
  if (!row) return undefined;
  return { ...row, dryRun: true, reversed: false, status: await statusNow(db, row.userId), createdAt: null };
}

/** How a payout of the member would be recorded now, by their commission status. */
async function statusNow(db: DbOrTx, userId: number): Promise<PayoutStatus> {
  const [member] = await db
    .select({ status: users.commissionStatus })
    .from(users)
    .where(eq(users.id, userId));
  const status = member?.status ?? 'pay';
  return payoutStatusOf(status === 'pay' ? undefined : new Map([[userId, status as CommissionHold]]), userId);
}

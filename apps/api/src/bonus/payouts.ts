import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { orders } from '../orders/orders.schema';
import type { DbOrTx } from '../platform/db/client';
import { postEntry } from '../wallet/ledger';
import { bonusPayouts } from './bonus.schema';
import type { Payout } from './engine/types';

const CHUNK = 1000;

/** The date a payout counts for: the order's day, or the 1st of the month for monthly payouts. */
export const payoutDay = (period: string, fallback: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(period) ? period : /^\d{4}-\d{2}$/.test(period) ? `${period}-01` : fallback;

/**
 * Pays payouts: records them under their unique (user, type, period, source order) key in bulk and,
 * for each one not paid before, credits the wallet through the ledger with a reference to the source
 * order (or the period) and the run. Returns how many were paid now.
 */
export async function payBonuses(
  tx: DbOrTx,
  payouts: Payout[],
  opts: { runId: number | null; orderNos?: ReadonlyMap<number, string>; remark?: string },
): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  let paid = 0;
  for (let i = 0; i < payouts.length; i += CHUNK) {
    const rows = await tx
      .insert(bonusPayouts)
      .values(
        payouts.slice(i, i + CHUNK).map((p) => ({
          runId: opts.runId,
          userId: p.userId,
          typeKey: p.typeKey,
          period: p.period,
          day: payoutDay(p.period, today),
          orderId: p.orderId,
          baseSp: p.baseSp,
          ratioBp: p.ratioBp,
          cents: p.cents,
          shares: p.shares?.shares ?? null,
          totalShares: p.shares?.totalShares ?? null,
          poolCents: p.shares?.poolCents ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning();
    const links: SQL[] = [];
    for (const row of rows) {
      const orderNo = row.orderId === null ? undefined : opts.orderNos?.get(row.orderId);
      const record = await postEntry(tx, {
        userId: row.userId,
        amountCents: row.cents,
        move: 'credit',
        kind: 'bonus',
        bonusType: row.typeKey,
        reference: orderNo
          ? { type: 'order', id: orderNo }
          : { type: 'bonus_period', id: `${row.period}#${row.id}` },
        month: row.day.slice(0, 7),
        day: row.day,
        remark: opts.remark ?? (opts.runId ? `bonus run #${opts.runId}` : null),
      });
      links.push(sql`(${row.id}::bigint, ${record.id}::bigint)`);
    }
    if (links.length > 0)
      await tx.execute(
        sql`update bonus_payouts p set wallet_record_id = v.rid from (values ${sql.join(links, sql`, `)}) as v(pid, rid) where p.id = v.pid`,
      );
    paid += rows.length;
  }
  return paid;
}

/** Pays one payout (see payBonuses); false when it had been paid before. */
export async function payBonus(
  tx: DbOrTx,
  payout: Payout,
  opts: { runId: number | null; orderNo?: string | null; remark?: string },
): Promise<boolean> {
  const orderNos =
    payout.orderId !== null && opts.orderNo ? new Map([[payout.orderId, opts.orderNo]]) : undefined;
  return (await payBonuses(tx, [payout], { runId: opts.runId, orderNos, remark: opts.remark })) > 0;
}

/**
 * Reverses every not yet reversed bonus paid on an order (the orders domain's refund-wallet calls
 * this inside its transaction): one debit wallet record per payout, referencing the order.
 * Monthly types (pool, group, team) were computed from the month's orders at settlement and are not
 * reversed. Throws 'bonus.reversalInsufficient' (aborting the refund) when a member cannot afford it.
 */
export async function reverseOrderBonuses(
  tx: DbOrTx,
  orderId: number,
): Promise<{ count: number; cents: number }> {
  const [order] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, orderId));
  if (!order) return { count: 0, cents: 0 };
  const paid = await tx
    .select()
    .from(bonusPayouts)
    .where(and(eq(bonusPayouts.orderId, orderId), isNull(bonusPayouts.reversedAt)))
    .for('update');
  let cents = 0;
  for (const payout of paid) {
    const record = await postEntry(tx, {
      userId: payout.userId,
      amountCents: payout.cents,
      move: 'debit',
      kind: 'bonus_reversal',
      bonusType: payout.typeKey,
      reference: { type: 'order', id: order.orderNo },
      remark: `refund of ${order.orderNo}`,
      insufficientKey: 'bonus.reversalInsufficient',
    });
    await tx
      .update(bonusPayouts)
      .set({ reversedAt: new Date(), reversalRecordId: record.id })
      .where(eq(bonusPayouts.id, payout.id));
    cents += payout.cents;
  }
  return { count: paid.length, cents };
}

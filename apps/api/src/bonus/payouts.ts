import { and, eq, isNull, sql } from 'drizzle-orm';
import { orders } from '../orders/orders.schema';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { nextRecordId, postCredits, postEntry } from '../wallet/ledger';
import { bonusPayouts } from './bonus.schema';
import type { Payout } from './engine/types';

/** Payouts per round trip: their insert and one set-based ledger posting. */
const CHUNK = 5_000;

/** The date a payout counts for: the order's day, or the 1st of the month for monthly payouts. */
export const payoutDay = (period: string, fallback: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(period) ? period : /^\d{4}-\d{2}$/.test(period) ? `${period}-01` : fallback;

/**
 * Pays payouts: records them under their unique (user, type, period, source order) key in bulk, each
 * linked to the id of its wallet record, and credits those not paid before with one set-based ledger
 * posting (`postCredits`), each record referencing the source order (or the period) and the run.
 * Two statements per 5,000 payouts; callers pass them grouped by user (see settlement.passes.ts).
 * Returns how many were paid now.
 */
export async function payBonuses(tx: DbOrTx, payouts: readonly Payout[], opts: PayOptions): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const remark = opts.remark ?? (opts.runId ? `bonus run #${opts.runId}` : null);
  let paid = 0;
  for (let i = 0; i < payouts.length; i += CHUNK) {
    const rows = await insertPayouts(tx, payouts.slice(i, i + CHUNK), opts, today);
    if (rows.length === 0) continue;
    await postCredits(
      tx,
      rows.map((row) => {
        const orderNo = row.order_id === null ? undefined : opts.orderNoOf?.(Number(row.order_id));
        return {
          recordId: Number(row.wallet_record_id),
          userId: Number(row.user_id),
          amountCents: Number(row.cents),
          kind: 'bonus' as const,
          bonusType: Number(row.type_key),
          reference: orderNo
            ? { type: 'order', id: orderNo }
            : { type: 'bonus_period', id: `${row.period}#${row.id}` },
          month: row.day.slice(0, 7),
          day: row.day,
          remark,
        };
      }),
    );
    paid += rows.length;
  }
  return paid;
}

interface PayOptions {
  runId: number | null;
  /** The source order's number, for the wallet record's reference. */
  orderNoOf?: (orderId: number) => string | undefined;
  remark?: string;
  /**
   * Nothing of the payouts' periods was recorded when the caller took the settlement lock: insert without
   * the conflict check (~15 % of the insert). The unique key still refuses a duplicate, failing the run.
   */
  firstRun?: boolean;
}

interface InsertedPayout extends Record<string, unknown> {
  id: string | number;
  user_id: number;
  type_key: number;
  period: string;
  day: string;
  order_id: number | null;
  cents: string | number;
  wallet_record_id: string | number;
}

/**
 * Inserts a chunk of payouts in one statement, each with the id of the wallet record that will pay it
 * (drawn from the ledger), and returns those not recorded before.
 */
function insertPayouts(tx: DbOrTx, chunk: readonly Payout[], opts: PayOptions, today: string) {
  const json = JSON.stringify(
    chunk.map((p) => ({
      user_id: p.userId,
      type_key: p.typeKey,
      period: p.period,
      day: payoutDay(p.period, today),
      order_id: p.orderId,
      base_sp: p.baseSp,
      ratio_bp: p.ratioBp,
      cents: p.cents,
      shares: p.shares?.shares ?? null,
      total_shares: p.shares?.totalShares ?? null,
      pool_cents: p.shares?.poolCents ?? null,
    })),
  );
  return queryRows<InsertedPayout>(
    tx,
    sql`insert into bonus_payouts (run_id, user_id, type_key, period, day, order_id, base_sp, ratio_bp, cents,
          shares, total_shares, pool_cents, wallet_record_id)
        select ${opts.runId}::int, user_id, type_key, period, day, order_id, base_sp, ratio_bp, cents, shares,
          total_shares, pool_cents, ${nextRecordId}
        from json_to_recordset(${json}::json) as p(user_id int, type_key smallint, period text, day date,
          order_id int, base_sp bigint, ratio_bp int, cents bigint, shares int, total_shares int, pool_cents bigint)
        ${opts.firstRun ? sql`` : sql`on conflict do nothing`}
        returning id, user_id, type_key, period, to_char(day, 'YYYY-MM-DD') as day, order_id, cents,
          wallet_record_id`,
  );
}

/** Pays one payout (see payBonuses); false when it had been paid before. */
export async function payBonus(
  tx: DbOrTx,
  payout: Payout,
  opts: { runId: number | null; orderNo?: string | null; remark?: string },
): Promise<boolean> {
  const orderNoOf = () => opts.orderNo ?? undefined;
  return (await payBonuses(tx, [payout], { runId: opts.runId, orderNoOf, remark: opts.remark })) > 0;
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

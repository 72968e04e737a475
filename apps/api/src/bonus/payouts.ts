import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { orders } from '../orders/orders.schema';
import type { DbOrTx } from '../platform/db/client';
import { copyNumber, copyRows, copyText, drawIds, serverConnection } from '../platform/db/copy';
import { type CopyCredits, creditByCopy } from '../wallet/credit-copy';
import { CREDIT_CTES, nextRecordId, postEntry, postingRows, refusingDuplicates } from '../wallet/ledger';
import { bonusPayouts } from './bonus.schema';
import type { CommissionHolds } from './commission/holds';
import type { Payout } from './engine/types';
import { orderPeriods } from './settlement/settlement.loader';

/** Payouts per round trip: their insert and one set-based ledger posting. */
const CHUNK = 5_000;

/** The date a payout counts for: the order's day, or the 1st of the month for monthly payouts. */
export const payoutDay = (period: string, fallback: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(period) ? period : /^\d{4}-\d{2}$/.test(period) ? `${period}-01` : fallback;

/**
 * Pays payouts: records them under their unique (user, type, period, source order) key in bulk, each
 * linked to the id of its wallet record, and credits those not paid before through the ledger's bulk
 * credit (`CREDIT_CTES`), each record referencing the source order (or the period) and the run.
 * One statement per 5,000 payouts: they travel to the server once and nothing comes back but a count. A first
 * run on PostgreSQL copies them in instead (payByCopy). Callers pass them grouped by user (see
 * settlement.passes.ts). Returns how many were paid now.
 */
export async function payBonuses(tx: DbOrTx, payouts: readonly Payout[], opts: PayOptions): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const remark = opts.remark ?? (opts.runId ? `bonus run #${opts.runId}` : null);
  const server = opts.firstRun ? serverConnection(tx) : null;
  if (server) return payByCopy(server, payouts, opts, remark, today);
  let paid = 0;
  for (let i = 0; i < payouts.length; i += CHUNK) {
    const json = payoutsJson(payouts.slice(i, i + CHUNK), opts, today);
    const [row] = await postingRows(tx, payStatement(json, opts, remark));
    paid += Number(row?.paid ?? 0);
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
   * the conflict check (~15 % of the insert), on PostgreSQL by COPY (payByCopy). The unique keys still refuse a
   * duplicate, failing the run.
   */
  firstRun?: boolean;
  /** Members whose payouts are recorded held or forfeited, not credited (commission/holds.ts). */
  holds?: CommissionHolds;
}

const payoutsJson = (chunk: readonly Payout[], opts: PayOptions, today: string) =>
  JSON.stringify(
    chunk.map((p, ord) => ({
      ord,
      user_id: p.userId,
      type_key: p.typeKey,
      period: p.period,
      day: payoutDay(p.period, today),
      order_id: p.orderId,
      order_no: p.orderId === null ? null : (opts.orderNoOf?.(p.orderId) ?? null),
      base_sp: p.baseSp,
      ratio_bp: p.ratioBp,
      cents: p.cents,
      shares: p.shares?.shares ?? null,
      total_shares: p.shares?.totalShares ?? null,
      pool_cents: p.shares?.poolCents ?? null,
    })),
  );

/**
 * One chunk paid in one statement: `p` draws each payout's wallet record id, `paid` records the payouts
 * (those recorded before are skipped, unless a first run), and the entries `e` of the payouts just
 * recorded are credited. A record references the source order's number, or else `period#payout id`.
 */
function payStatement(json: string, opts: PayOptions, remark: string | null) {
  return sql`with p as materialized (
      select *, ${nextRecordId} as record_id
      from json_to_recordset(${json}::json) as p(ord int, user_id int, type_key smallint, period text, day date,
        order_id int, order_no text, base_sp bigint, ratio_bp int, cents bigint, shares int, total_shares int,
        pool_cents bigint)
    ), paid as (
      insert into bonus_payouts (run_id, user_id, type_key, period, day, order_id, base_sp, ratio_bp, cents,
        shares, total_shares, pool_cents, wallet_record_id)
      select ${opts.runId}::int, user_id, type_key, period, day, order_id, base_sp, ratio_bp, cents, shares,
        total_shares, pool_cents, record_id
      from p order by ord
      ${opts.firstRun ? sql`` : sql`on conflict do nothing`}
      returning id, wallet_record_id
    ), e as (
      select p.record_id as id, p.user_id, p.cents as amount_cents, 'bonus'::text as kind,
        p.type_key as bonus_type,
        case when p.order_no is null then 'bonus_period' else 'order' end as reference_type,
        coalesce(p.order_no, p.period || '#' || paid.id) as reference_id,
        to_char(p.day, 'YYYY-MM') as month, p.day, ${remark}::text as remark
      from p join paid on paid.wallet_record_id = p.record_id
    ), ${CREDIT_CTES}
    select count(*)::int as paid from e`;
}

const PAYOUT_COLUMNS = [
  'id',
  'run_id',
  'user_id',
  'type_key',
  'period',
  'day',
  'order_id',
  'base_sp',
  'ratio_bp',
  'cents',
  'shares',
  'total_shares',
  'pool_cents',
  'wallet_record_id',
] as const;

/**
 * payBonuses of a first run on a server connection: payout and wallet record ids drawn from their sequences,
 * the ledger's credits by creditByCopy, then the payouts by COPY, all in the caller's transaction. COPY has
 * no conflict clause: a payout recorded before fails the run (409 'wallet.duplicateEntry'), as a first run's
 * statement would. Four round trips for up to 50,000 payouts.
 */
async function payByCopy(
  client: pg.ClientBase,
  payouts: readonly Payout[],
  opts: PayOptions,
  remark: string | null,
  today: string,
): Promise<number> {
  const days = new Map<string, string>();
  const dayOf = (period: string) => {
    const day = days.get(period) ?? payoutDay(period, today);
    days.set(period, day);
    return day;
  };
  for (let start = 0; start < payouts.length; start += COPY_CHUNK) {
    const chunk = payouts.slice(start, start + COPY_CHUNK);
    const payoutIds = await drawIds(client, 'bonus_payouts_id_seq', chunk.length);
    const recordIds = await drawIds(client, 'wallet_records_id_seq', chunk.length);
    const credits: CopyCredits = {
      count: chunk.length,
      userId: (i) => chunk[i]!.userId,
      amountCents: (i) => chunk[i]!.cents,
      at: (i) => {
        const p = chunk[i]!;
        const orderNo = p.orderId === null ? undefined : opts.orderNoOf?.(p.orderId);
        const day = dayOf(p.period);
        return {
          id: recordIds[i]!,
          userId: p.userId,
          amountCents: p.cents,
          kind: 'bonus',
          bonusType: p.typeKey,
          referenceType: orderNo === undefined ? 'bonus_period' : 'order',
          referenceId: orderNo ?? `${p.period}#${payoutIds[i]}`,
          month: day.slice(0, 7),
          day,
          remark,
        };
      },
    };
    await creditByCopy(client, credits);
    await refusingDuplicates(() =>
      copyRows(client, 'bonus_payouts', PAYOUT_COLUMNS, chunk.length, (i) => {
        const p = chunk[i]!;
        const key = `${payoutIds[i]}\t${copyNumber(opts.runId)}\t${p.userId}\t${p.typeKey}\t${copyText(p.period)}`;
        const base = `${dayOf(p.period)}\t${copyNumber(p.orderId)}\t${p.baseSp}\t${copyNumber(p.ratioBp)}\t${p.cents}`;
        const s = p.shares;
        const shares = s ? `${s.shares}\t${s.totalShares}\t${s.poolCents}` : '\\N\t\\N\t\\N';
        return `${key}\t${base}\t${shares}\t${recordIds[i]}`;
      }),
    );
  }
  return payouts.length;
}

/** Payouts per COPY (settlement.passes.ts hands over 50,000 at a time). */
const COPY_CHUNK = 50_000;

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
  const [order] = await tx
    .select({ orderNo: orders.orderNo, completedAt: orders.completedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order?.completedAt) return { count: 0, cents: 0 };
  // The order's payouts by bonus_payouts_period_idx alone (its day's entries, filtered by order_id), then
  // by id: there is no index on order_id (see the table). Its day in every zone a run settled in.
  const periods = await orderPeriods(tx, order.completedAt);
  const ofOrder = tx
    .select({ id: bonusPayouts.id })
    .from(bonusPayouts)
    .where(and(inArray(bonusPayouts.period, periods), eq(bonusPayouts.orderId, orderId)));
  const paid = await tx
    .select()
    .from(bonusPayouts)
    .where(and(inArray(bonusPayouts.id, ofOrder), isNull(bonusPayouts.reversedAt)))
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

import { dayIn, systemText } from '@app/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { orders } from '../orders/orders.schema';
import { businessTimeZone } from '../platform/business-time/business-time';
import { type DbOrTx, queryRows, serverConnection } from '../platform/db/client';
import { copyNumber, copyRows, copyText, drawIds } from '../platform/db/copy';
import { type CopyCredit, type CopyCredits, creditByCopy } from '../wallet/credit-copy';
import { CREDIT_CTES, nextRecordId, postEntry, postingRows, refusingDuplicates } from '../wallet/ledger';
import { bonusPayouts } from './bonus.schema';
import { type CommissionHolds, payoutStatusOf } from './commission/holds';
import type { Payout } from './engine/types';

/** Payouts per round trip: their insert and one set-based ledger posting. */
const CHUNK = 5_000;

/** The date a payout counts for: the order's day, or the 1st of the month for monthly payouts. */
export const payoutDay = (period: string, fallback: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(period) ? period : /^\d{4}-\d{2}$/.test(period) ? `${period}-01` : fallback;

/**
 * Pays payouts: records them in bulk under their unique keys ((user, type, source order), or (user, type, month)
 * for a monthly one), each linked to the id of its wallet record, and credits those not paid before through the
 * ledger's bulk credit (`CREDIT_CTES`), each record referencing the source order (or the period) and the run.
 * One statement per 5,000 payouts: they travel to the server once and nothing comes back but a count. A first
 * run on PostgreSQL copies them in instead (payByCopy). Callers pass them grouped by user (see
 * settlement.passes.ts). Payouts of members in `opts.holds` (commission status hold or forfeit) are recorded
 * 'held' or 'forfeited' without a wallet record and credited nothing; a chunk without such a member is paid
 * exactly as when there are none (same statement, same rows). Returns how many were credited now.
 */
export async function payBonuses(tx: DbOrTx, payouts: readonly Payout[], opts: PayOptions): Promise<number> {
  // The day a one-off payout (period 'once') counts for: today's, in the business time zone (looked up only then:
  // a settlement's payouts all have their period's day).
  const oneOff = payouts.some((p) => payoutDay(p.period, '') === '');
  const today = oneOff ? dayIn(new Date(), await businessTimeZone(tx)) : '';
  const remark = opts.remark ?? (opts.runId ? systemText('remark.bonusRun', { runId: opts.runId }) : null);
  const server = opts.firstRun ? serverConnection(tx) : null;
  if (server) return payByCopy(server, payouts, opts, remark, today);
  let paid = 0;
  for (let i = 0; i < payouts.length; i += CHUNK) {
    const chunk = payouts.slice(i, i + CHUNK);
    const statuses = withheldStatuses(chunk, opts.holds);
    const json = payoutsJson(chunk, opts, today, statuses);
    const [row] = await postingRows(tx, payStatement(json, opts, remark, statuses !== null));
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

/**
 * The status each payout of `chunk` is recorded with, or null when every one is 'paid' (no holds, or none of the
 * chunk's members held or forfeited): then nothing is added per payout.
 */
function withheldStatuses(chunk: readonly Payout[], holds: CommissionHolds | undefined) {
  if (!holds?.size || !chunk.some((p) => holds.has(p.userId))) return null;
  return chunk.map((p) => payoutStatusOf(holds, p.userId));
}

const payoutsJson = (
  chunk: readonly Payout[],
  opts: PayOptions,
  today: string,
  statuses: readonly string[] | null,
) => {
  const row = (p: Payout, ord: number) => ({
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
  });
  return JSON.stringify(
    statuses ? chunk.map((p, ord) => ({ ...row(p, ord), status: statuses[ord] })) : chunk.map(row),
  );
};

/**
 * One chunk paid in one statement: `p` draws each payout's wallet record id, `paid` records the payouts
 * (those recorded before are skipped, unless a first run), and the entries `e` of the payouts just
 * recorded are credited. A record references the source order's number, or else `period#payout id`.
 * `withheld`: the rows carry a status, and only 'paid' ones draw a record id (held and forfeited payouts are
 * recorded with none, so `e`, joined on it, credits them nothing).
 */
function payStatement(json: string, opts: PayOptions, remark: string | null, withheld = false) {
  const recordId = withheld ? sql`case when status = 'paid' then ${nextRecordId} end` : nextRecordId;
  return sql`with p as materialized (
      select *, ${recordId} as record_id
      from json_to_recordset(${json}::json) as p(ord int, user_id int, type_key smallint, period text, day date,
        order_id int, order_no text, base_sp bigint, ratio_bp int, cents bigint, shares int, total_shares int,
        pool_cents bigint${withheld ? sql`, status text` : sql``})
    ), paid as (
      insert into bonus_payouts (run_id, user_id, type_key, period, day, order_id, base_sp, ratio_bp, cents,
        shares, total_shares, pool_cents, wallet_record_id${withheld ? sql`, status` : sql``})
      select ${opts.runId}::int, user_id, type_key, period, day, order_id, base_sp, ratio_bp, cents, shares,
        total_shares, pool_cents, record_id${withheld ? sql`, status` : sql``}
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
 * statement would. Four round trips for up to 50,000 payouts. A chunk with payouts of held or forfeiting
 * members credits only the others and copies those with their status and no wallet record.
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
  let credited = 0;
  for (let start = 0; start < payouts.length; start += COPY_CHUNK) {
    const chunk = payouts.slice(start, start + COPY_CHUNK);
    const statuses = withheldStatuses(chunk, opts.holds);
    const payoutIds = await drawIds(client, 'bonus_payouts_id_seq', chunk.length);
    const recordIds = await drawIds(client, 'wallet_records_id_seq', chunk.length);
    const credit = (p: Payout, i: number): CopyCredit => {
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
    };
    // Held and forfeited payouts get no credit: the credits are the paid ones' positions, in record id order.
    const paidAt = statuses?.flatMap((status, i) => (status === 'paid' ? [i] : []));
    const credits: CopyCredits = paidAt
      ? {
          count: paidAt.length,
          userId: (k) => chunk[paidAt[k]!]!.userId,
          amountCents: (k) => chunk[paidAt[k]!]!.cents,
          at: (k) => credit(chunk[paidAt[k]!]!, paidAt[k]!),
        }
      : {
          count: chunk.length,
          userId: (i) => chunk[i]!.userId,
          amountCents: (i) => chunk[i]!.cents,
          at: (i) => credit(chunk[i]!, i),
        };
    await creditByCopy(client, credits);
    credited += credits.count;
    const line = (i: number, recordId: number | string) => {
      const p = chunk[i]!;
      const key = `${payoutIds[i]}\t${copyNumber(opts.runId)}\t${p.userId}\t${p.typeKey}\t${copyText(p.period)}`;
      const base = `${dayOf(p.period)}\t${copyNumber(p.orderId)}\t${p.baseSp}\t${copyNumber(p.ratioBp)}\t${p.cents}`;
      const s = p.shares;
      const shares = s ? `${s.shares}\t${s.totalShares}\t${s.poolCents}` : '\\N\t\\N\t\\N';
      return `${key}\t${base}\t${shares}\t${recordId}`;
    };
    await refusingDuplicates(() =>
      statuses
        ? copyRows(client, 'bonus_payouts', [...PAYOUT_COLUMNS, 'status'], chunk.length, (i) =>
            statuses[i] === 'paid' ? `${line(i, recordIds[i]!)}\tpaid` : `${line(i, '\\N')}\t${statuses[i]}`,
          )
        : copyRows(client, 'bonus_payouts', PAYOUT_COLUMNS, chunk.length, (i) => line(i, recordIds[i]!)),
    );
  }
  return credited;
}

/** Payouts per COPY (settlement.passes.ts hands over 50,000 at a time). */
const COPY_CHUNK = 50_000;

/**
 * Pays one payout (see payBonuses): true when credited now; false when it had been recorded before, or is recorded
 * now held or forfeited because its member is in `opts.holds`.
 */
export async function payBonus(
  tx: DbOrTx,
  payout: Payout,
  opts: { runId: number | null; orderNo?: string | null; remark?: string; holds?: CommissionHolds },
): Promise<boolean> {
  const orderNoOf = () => opts.orderNo ?? undefined;
  const pay = { runId: opts.runId, orderNoOf, remark: opts.remark, holds: opts.holds };
  return (await payBonuses(tx, [payout], pay)) > 0;
}

/**
 * Reverses every not yet reversed bonus paid on an order (the orders domain's refund-wallet calls
 * this inside its transaction): one debit wallet record per credited payout, referencing the order. A held or
 * forfeited payout never reached the wallet: it is marked reversed without a debit (`withheld` counts them; they
 * are not in `count` and `cents`, which is what the refund took back from wallets), so a release never credits it.
 * Monthly types (pool, group, team) were computed from the month's orders at settlement and are not
 * reversed. Throws 'bonus.reversalInsufficient' (aborting the refund) when a member cannot afford it.
 */
export async function reverseOrderBonuses(
  tx: DbOrTx,
  orderId: number,
): Promise<{ count: number; cents: number; withheld: number }> {
  const [order] = await tx
    .select({ orderNo: orders.orderNo, completedAt: orders.completedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order?.completedAt) return { count: 0, cents: 0, withheld: 0 };
  // The order's payouts by bonus_payouts_period_idx alone (its day's entries, filtered by order_id), then
  // by id: there is no index on order_id (see the table). Its day in every zone a run settled in.
  const periods = await orderPeriods(tx, order.completedAt);
  const ofOrder = tx
    .select({ id: bonusPayouts.id })
    .from(bonusPayouts)
    .where(and(inArray(bonusPayouts.period, periods), eq(bonusPayouts.orderId, orderId)));
  const payouts = await tx
    .select()
    .from(bonusPayouts)
    .where(and(inArray(bonusPayouts.id, ofOrder), isNull(bonusPayouts.reversedAt)))
    .for('update');
  let cents = 0;
  let count = 0;
  for (const payout of payouts) {
    if (payout.status !== 'paid') {
      await tx.update(bonusPayouts).set({ reversedAt: new Date() }).where(eq(bonusPayouts.id, payout.id));
      continue;
    }
    const record = await postEntry(tx, {
      userId: payout.userId,
      amountCents: payout.cents,
      move: 'debit',
      kind: 'bonus_reversal',
      bonusType: payout.typeKey,
      reference: { type: 'order', id: order.orderNo },
      remark: systemText('remark.refundReversal', { orderNo: order.orderNo }),
      insufficientKey: 'bonus.reversalInsufficient',
    });
    await tx
      .update(bonusPayouts)
      .set({ reversedAt: new Date(), reversalRecordId: record.id })
      .where(eq(bonusPayouts.id, payout.id));
    cents += payout.cents;
    count++;
  }
  return { count, cents, withheld: payouts.length - count };
}

/**
 * The periods an order's order-driven payouts may be recorded under: its completion day in each business time
 * zone a run settled in (bonus_settlement_runs.time_zone) and in the zone in force. Usually one day.
 */
async function orderPeriods(db: DbOrTx, completedAt: Date): Promise<string[]> {
  const zones = await queryRows<{ zone: string }>(
    db,
    sql`select distinct time_zone as zone from bonus_settlement_runs`,
  );
  const all = [...zones.map((z) => z.zone), await businessTimeZone(db)];
  return [...new Set(all.map((zone) => dayIn(completedAt, zone)))];
}

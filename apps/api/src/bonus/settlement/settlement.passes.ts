import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, serverConnection } from '../../platform/db/client';
import { copyNumber, copyRows, copyText } from '../../platform/db/copy';
import type { RunReviewFigures } from '../bonus.schema';
import type { CommissionHolds } from '../commission/holds';
import { forEachPayout } from '../engine/engine';
import { orderIndex } from '../engine/tables';
import type { EngineBonusType, EngineInput, Payout, PayoutSink } from '../engine/types';
import { payBonuses } from '../payouts';
import { PayoutDigest } from './digest';
import type { PaidKeys } from './paid-keys';
import { noticeCredited } from './paid-notices';

/** Payouts held at once by a payment lane: members are paid in id ranges of about this many payouts. */
export const PASS_PAYOUTS = 500_000;

/** Payouts paid between two progress reports (a multiple of payBonuses' chunk, so no round trip is added). */
const PROGRESS_PAYOUTS = 50_000;

/**
 * What a run settles: the period's engine inputs, the types to run, what was paid before (if any), and the
 * members whose payouts are held or forfeited rather than credited.
 */
export interface SettlementScope {
  input: EngineInput;
  types: readonly EngineBonusType[];
  cadence: 'day' | 'month';
  paid: PaidKeys | null;
  holds: CommissionHolds;
}

/** The engine's payouts of the scope that were not paid before. */
function forEachDue(scope: SettlementScope, emit: PayoutSink): void {
  const { paid } = scope;
  const due: PayoutSink = paid
    ? (p) => {
        if (!paid.has(p)) emit(p);
      }
    : emit;
  forEachPayout(scope.input, scope.types, scope.cadence, due);
}

export interface DueSummary {
  totals: Array<{ typeKey: number; count: number; cents: number }>;
  payoutCount: number;
  totalCents: number;
  /** The first `previewLimit` due payouts. */
  preview: Payout[];
  /** Due payouts per member id. */
  perMember: Int32Array;
  /** What the due payouts hash to (digest.ts). */
  digest: string;
  /** Receivers, per level of the receiver, and the largest payouts, for the run's review. */
  review: RunReviewFigures;
}

/** Largest payouts a run's review lists. */
const LARGEST = 20;

/**
 * One engine pass: totals per type of what is due, a preview, how many payouts each member is due, their digest
 * and the review's figures.
 */
export function summariseDue(scope: SettlementScope, previewLimit: number): DueSummary {
  const byType = new Map<number, { typeKey: number; count: number; cents: number }>();
  const byLevel = new Map<number, { levelId: number; receivers: number; count: number; cents: number }>();
  const preview: Payout[] = [];
  const largest: Payout[] = [];
  const perMember = new Int32Array(scope.input.members.size);
  const digest = new PayoutDigest();
  let receivers = 0;
  forEachDue(scope, (p) => {
    const t = byType.get(p.typeKey) ?? { typeKey: p.typeKey, count: 0, cents: 0 };
    t.count++;
    t.cents += p.cents;
    byType.set(p.typeKey, t);
    const levelId = scope.input.members.level(p.userId);
    const l = byLevel.get(levelId) ?? { levelId, receivers: 0, count: 0, cents: 0 };
    l.count++;
    l.cents += p.cents;
    byLevel.set(levelId, l);
    if (perMember[p.userId] === 0) {
      receivers++;
      l.receivers++;
    }
    if (preview.length < previewLimit) preview.push(p);
    keepLargest(largest, p);
    perMember[p.userId]!++;
    digest.add(p);
  });
  const totals = [...byType.values()].sort((a, b) => a.typeKey - b.typeKey);
  return {
    totals,
    payoutCount: totals.reduce((s, t) => s + t.count, 0),
    totalCents: totals.reduce((s, t) => s + t.cents, 0),
    preview,
    perMember,
    digest: digest.toString(),
    review: {
      receivers,
      byLevel: [...byLevel.values()].sort((a, b) => a.levelId - b.levelId),
      largest: largest.map((p) => ({
        userId: p.userId,
        typeKey: p.typeKey,
        period: p.period,
        orderId: p.orderId,
        baseSp: p.baseSp,
        cents: p.cents,
      })),
    },
  };
}

/** Keeps the LARGEST payouts seen, largest first (a payout smaller than the last kept costs one comparison). */
function keepLargest(largest: Payout[], p: Payout): void {
  if (largest.length === LARGEST && p.cents <= largest[LARGEST - 1]!.cents) return;
  let i = largest.length;
  while (i > 0 && largest[i - 1]!.cents < p.cents) i--;
  largest.splice(i, 0, p);
  if (largest.length > LARGEST) largest.pop();
}

/**
 * Where a run's payments are written: `count` lanes side by side, each range of members paid inside
 * one transaction that `open` gives and commits once `work` succeeds (one of its own on a pool of
 * connections; on PGlite the run's own, committed and begun again), or rolls back when `work` fails.
 */
export interface PaymentLanes {
  count: number;
  open(work: (tx: DbOrTx) => Promise<void>): Promise<void>;
}

/**
 * Pays what is due in member id order, which keeps the inserts into the user-keyed indexes of
 * bonus_payouts and wallet_records local instead of scattered over them. Instead of holding a month's
 * millions of payouts to sort them, it cuts the members into ranges due about `passPayouts` payouts and
 * runs the (pure, fast) engine again per batch of one range per lane, placing each member's payouts at
 * the slots `perMember` counted. The lanes pay a batch's ranges side by side (disjoint members, so they
 * never wait on each other's wallets); when one fails, the batch's others finish and the first failure
 * is thrown. `onPaid` hears how many payouts are paid so far after every PROGRESS_PAYOUTS of a lane;
 * `run.commit` is told, last in a range's transaction, how many payouts that transaction paid.
 */
export async function payDue(
  lanes: PaymentLanes,
  scope: SettlementScope,
  perMember: Int32Array,
  run: { id: number; passPayouts: number; commit?: (tx: DbOrTx, payouts: number) => Promise<void> },
  onPaid: (paid: number) => void,
): Promise<void> {
  const { orders } = scope.input;
  const opts = {
    runId: run.id,
    orderNoOf: (id: number) => orders.orderNo?.[orderIndex(orders, id)],
    firstRun: !scope.paid,
    holds: scope.holds,
  };
  let paid = 0;
  const payRange = (due: Payout[]) =>
    lanes.open(async (tx) => {
      for (let i = 0; i < due.length; i += PROGRESS_PAYOUTS) {
        const chunk = due.slice(i, i + PROGRESS_PAYOUTS);
        await payBonuses(tx, chunk, opts);
        paid += chunk.length;
        onPaid(paid);
      }
      await noticeCredited(tx, run.id, due, scope.holds);
      await run.commit?.(tx, due.length);
    });
  const ranges = [...memberRanges(perMember, run.passPayouts)];
  for (let i = 0; i < ranges.length; i += lanes.count) {
    const batch = ranges.slice(i, i + lanes.count);
    const due = dueByMember(scope, perMember, spanOf(batch));
    let start = 0;
    const parts = batch.map((range) => {
      const part = due.slice(start, start + range.count);
      start += range.count;
      return part;
    });
    const ends = await Promise.allSettled(parts.map(payRange));
    const failure = ends.find((end) => end.status === 'rejected');
    if (failure) throw failure.reason;
  }
}

/** Computed payouts per insert statement; per COPY on a server connection. */
const RECORD_CHUNK = 5_000;
const RECORD_COPY_CHUNK = 50_000;
const LIST_COLUMNS = ['run_id', 'user_id', 'type_key', 'period', 'order_id', 'base_sp', 'cents'] as const;

/**
 * Records every payout a dry run would pay in bonus_dry_run_payouts under its run id, in member id order,
 * holding about `passPayouts` of them at a time (as payDue). `onRecorded` hears how many are recorded so far.
 * On a server connection they are copied in (COPY, 50,000 a time: no statement text or JSON per row to build and
 * parse); on PGlite one statement takes 5,000.
 */
export async function recordDue(
  tx: DbOrTx,
  scope: SettlementScope,
  perMember: Int32Array,
  run: { id: number; passPayouts: number },
  onRecorded: (recorded: number) => void,
): Promise<void> {
  const server = serverConnection(tx);
  const record = async (chunk: Payout[]) => {
    if (server) {
      await copyRows(server, 'bonus_dry_run_payouts', LIST_COLUMNS, chunk.length, (i) => {
        const p = chunk[i]!;
        return `${run.id}\t${p.userId}\t${p.typeKey}\t${copyText(p.period)}\t${copyNumber(p.orderId)}\t${p.baseSp}\t${p.cents}`;
      });
      return;
    }
    const json = JSON.stringify(
      chunk.map((p) => [p.userId, p.typeKey, p.period, p.orderId, p.baseSp, p.cents]),
    );
    await queryRows(
      tx,
      sql`insert into bonus_dry_run_payouts (run_id, user_id, type_key, period, order_id, base_sp, cents)
          select ${run.id}::int, (r->>0)::int, (r->>1)::smallint, r->>2, (r->>3)::int, (r->>4)::bigint,
            (r->>5)::bigint
          from json_array_elements(${json}::json) with ordinality as j(r, ord) order by ord`,
    );
  };
  const size = server ? RECORD_COPY_CHUNK : RECORD_CHUNK;
  let recorded = 0;
  for (const range of memberRanges(perMember, run.passPayouts)) {
    const due = dueByMember(scope, perMember, range);
    for (let i = 0; i < due.length; i += size) {
      const chunk = due.slice(i, i + size);
      await record(chunk);
      recorded += chunk.length;
      onRecorded(recorded);
    }
  }
}

interface MemberRange {
  /** Member ids from (inclusive) to (exclusive), due `count` payouts. */
  from: number;
  to: number;
  count: number;
}

/** Consecutive member id ranges due at most `most` payouts each (or one member due more). */
function* memberRanges(perMember: Int32Array, most: number): Generator<MemberRange> {
  for (let from = 0; from < perMember.length; ) {
    let to = from;
    let count = 0;
    while (to < perMember.length && (count === 0 || count + perMember[to]! <= most))
      count += perMember[to++]!;
    if (count > 0) yield { from, to, count };
    from = to;
  }
}

/** The consecutive ranges as one. */
const spanOf = (ranges: readonly MemberRange[]): MemberRange => ({
  from: ranges[0]!.from,
  to: ranges[ranges.length - 1]!.to,
  count: ranges.reduce((sum, range) => sum + range.count, 0),
});

/** The due payouts of a range of members, grouped by member in id order. */
function dueByMember(scope: SettlementScope, perMember: Int32Array, { from, to, count }: MemberRange) {
  const next = new Int32Array(to - from);
  for (let id = from + 1; id < to; id++) next[id - from] = next[id - from - 1]! + perMember[id - 1]!;
  const slots = new Array<Payout>(count);
  forEachDue(scope, (p) => {
    if (p.userId >= from && p.userId < to) slots[next[p.userId - from]!++] = p;
  });
  return slots;
}

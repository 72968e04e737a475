import {
  formatCents,
  type Paged,
  type PageQuery,
  periodInstants,
  type SettlementPayoutItem,
  type SettlementResult,
  type SettlementRunDto,
} from '@app/contracts';
import { and, asc, count, desc, eq, gt, inArray, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { users } from '../../members/members.schema';
import { orders } from '../../orders/orders.schema';
import { type Actor, systemActor } from '../../platform/audit/actor';
import { audit } from '../../platform/audit/audit';
import { businessTimeZone } from '../../platform/business-time/business-time';
import {
  type Db,
  type DbOrTx,
  hasConnectionPool,
  queryRows,
  type Tx,
  withoutStatementTimeout,
} from '../../platform/db/client';
import { isDatabaseUnavailable } from '../../platform/db/errors';
import { paged, pageWindow } from '../../platform/db/paging';
import { badRequest, notFound } from '../../platform/http/errors';
import type { XlsxJob } from '../../platform/jobs/jobs.runner';
import { type Column, keysetBatches } from '../../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../../platform/xlsx/format';
import { bonusDryRunPayouts, bonusPayouts, bonusSettlementRuns } from '../bonus.schema';
import { loadCommissionHolds } from '../commission/holds';
import type { Payout } from '../engine/types';
import { bonusTypeNames } from '../type-names';
import { assertListKept } from './dry-run-lists';
import { loadPaidKeys } from './paid-keys';
import { rulesInForce, typesToRun } from './rules';
import { loadEngineInput, type PeriodRange } from './settlement.loader';
import { PASS_PAYOUTS, type PaymentLanes, payDue, recordDue, summariseDue } from './settlement.passes';
import { lockSettlements } from './settlement-lock';

/** Payouts a run's result carries (its job's result stays small); its list has every one: listRunPayouts. */
const PREVIEW_LIMIT = 500;

/** Transactions paying side by side on PostgreSQL: one per core of the 2-core machine the API targets. */
const PAYMENT_LANES = 2;

/**
 * The range of a period of the business time zone `zone` to settle: 400 'validation.date' when it is no real
 * date (2026-02-30), 400 'bonus.futurePeriod' when it has not ended by `now`.
 */
export function periodRange(
  period: string,
  zone: string,
  now = new Date(),
): PeriodRange & { cadence: 'day' | 'month' } {
  const instants = periodInstants(period, zone);
  if (!instants) throw badRequest('validation.date');
  if (instants.to > now) throw badRequest('bonus.futurePeriod');
  return { ...instants, zone, month: period.slice(0, 7), cadence: period.length === 7 ? 'month' : 'day' };
}

type RunRow = typeof bonusSettlementRuns.$inferSelect;

/**
 * Settles a period: computes the payouts of every enabled type (or one type) and pays those not paid
 * before, each through the wallet ledger. A dry run computes the same and pays nothing. Runs are
 * serialised: the run's transaction holds the settlement lock while it loads, counts and pays.
 * A run pays members in ranges, each range committed with its ledger records once paid, on both databases
 * (see paymentLanes): a run that fails part-way keeps the ranges committed before (each payout with its
 * wallet record, under the run's id), none half paid, and is recorded failed with its error; running the
 * period again pays exactly the rest, the unique keys skipping what was paid (given a caller's transaction,
 * it pays in it and commits nothing itself). A real run's row is committed
 * as 'running' with (PostgreSQL: before) its first range; one left running by a process that died is
 * A dry run records every payout it would pay (bonus_dry_run_payouts) for its list; a real run's list is
 * its payouts in bonus_payouts (listRunPayouts).
 * recorded failed by the next run. Every run — done, dry or failed — is in the audit log (who, period,
 * type, dry run, status, totals); `actor` is the admin (none for scripts). `progress` hears
 * (payouts paid, payouts due) from inside the transaction: once the due payouts are counted, as they are
 * paid, and (dry run) at the end; it must not wait on the database, and what it throws fails the run
 * like any error. `commit` counts payouts inside the transaction that pays them, called last in it (a
 * job's `commit`: its figure after a failure).
 */
export async function runSettlement(
  db: DbOrTx,
  input: {
    period: string;
    typeKey?: number | null;
    dryRun: boolean;
    startedBy: number | null;
    now?: Date;
    actor?: Actor;
    progress?: (processed: number, total: number) => void;
    commit?: (tx: DbOrTx, payouts: number) => Promise<void>;
    /** Payouts per range of members paid (default PASS_PAYOUTS); tests make it small to get many ranges. */
    passPayouts?: number;
  },
): Promise<SettlementResult> {
  const zone = await businessTimeZone(db, { fresh: true });
  const range = periodRange(input.period, zone, input.now);
  const progress = input.progress ?? (() => {});
  const base = {
    period: input.period,
    timeZone: zone,
    typeKey: input.typeKey ?? null,
    dryRun: input.dryRun,
    startedBy: input.startedBy,
  };
  // Drawn first, so payouts committed by a lane of a run that then fails still name its (failed) run.
  const id = await nextRunId(db);
  try {
    return await db.transaction(async (tx) => {
      await withoutStatementTimeout(tx);
      await lockSettlements(tx);
      await closeInterruptedRuns(tx, input.actor);
      // Ranges commit payouts before the run ends: its row is recorded running first (on a pool committed
      // at once, on PGlite with the first range), so they name a recorded run even if this process dies.
      if (!input.dryRun)
        await (hasConnectionPool(db) ? db : tx)
          .insert(bonusSettlementRuns)
          .values({ id, ...base, status: 'running', totals: [] });
      const rules = await rulesInForce(tx);
      const types = typesToRun(rules, input.typeKey);
      const engineInput = await loadEngineInput(tx, range, { orderNumbers: !input.dryRun });
      const paid = await loadPaidKeys(tx, input.period, engineInput);
      const holds = await loadCommissionHolds(tx);
      const scope = { input: engineInput, types, cadence: range.cadence, paid, holds };
      const { preview, perMember, ...summary } = summariseDue(scope, PREVIEW_LIMIT);
      const due = summary.payoutCount;
      progress(0, due);
      if (input.dryRun) {
        // Every payout it would pay, for its list and export (listRunPayouts, runPayoutsExportJob).
        const pass = { id, passPayouts: input.passPayouts ?? PASS_PAYOUTS };
        await recordDue(tx, scope, perMember, pass, (recorded) => progress(recorded, due));
        progress(due, due);
      } else {
        const pass = { id, passPayouts: input.passPayouts ?? PASS_PAYOUTS, commit: input.commit };
        await payDue(paymentLanes(db, tx), scope, perMember, pass, (paid) => progress(paid, due));
      }
      // Recorded done last: on PGlite each paid range commits the run's transaction so far.
      const [run] = await recordRun(tx, {
        id,
        ...base,
        status: 'done',
        ...summary,
        rules,
        finishedAt: new Date(),
      });
      await auditRun(tx, input.actor, run!);
      return { run: (await runDtos(tx, [run!]))[0]!, items: await previewItems(tx, preview) };
    });
  } catch (error) {
    await recordFailure(db, input.actor, {
      id,
      ...base,
      status: 'failed',
      totals: [],
      error: String((error as Error).message ?? error).slice(0, 500),
      finishedAt: new Date(),
    });
    throw error;
  }
}

/**
 * Records a failed run and audits it. When the failure was a lost server, the pool may still hold a connection
 * killed with the others that it has not noticed yet: a connection error here is tried again (three tries), so the
 * run reads 'failed' rather than 'running' until the next run closes it.
 */
async function recordFailure(
  db: DbOrTx,
  actor: Actor | undefined,
  run: typeof bonusSettlementRuns.$inferInsert,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      const [failed] = await recordRun(db, run);
      await auditRun(db, actor, failed!);
      return;
    } catch (error) {
      if (attempt >= 3 || !isDatabaseUnavailable(error)) throw error;
    }
  }
}

/**
 * The lanes a run pays through, each range committed once paid. On a pool: PAYMENT_LANES transactions of
 * their own side by side, while the run's transaction holds the settlement lock. On PGlite (one connection):
 * the run's own transaction, committed after each range and begun again with the lock taken again, so the
 * run keeps the connection from start to end (nothing else runs between its ranges: PGlite queues every
 * other query and transaction) and a failure rolls back only the range being paid. A run given a caller's
 * transaction (the demo seeder) pays in it and commits nothing: the caller's transaction decides.
 */
const paymentLanes = (db: DbOrTx, tx: Tx): PaymentLanes => {
  if (hasConnectionPool(db))
    return {
      count: PAYMENT_LANES,
      open: (work) =>
        db.transaction(async (lane) => {
          await withoutStatementTimeout(lane);
          return work(lane);
        }),
    };
  if (is(db, PgTransaction)) return { count: 1, open: (work) => work(tx) };
  return {
    count: 1,
    open: async (work) => {
      await work(tx);
      await tx.execute(sql`commit`);
      await tx.execute(sql`begin`);
      await lockSettlements(tx);
    },
  };
};

/** Records how a run ended, over its 'running' row when it has one. */
const recordRun = (db: DbOrTx, run: typeof bonusSettlementRuns.$inferInsert) =>
  db
    .insert(bonusSettlementRuns)
    .values(run)
    .onConflictDoUpdate({ target: bonusSettlementRuns.id, set: run })
    .returning();

/**
 * Runs still 'running' when a run holds the settlement lock were left by a process that stopped part-way
 * (a live run holds the lock until its row is final): they are recorded failed, keeping what their lanes
 * had committed, which the period's next run does not pay again.
 */
async function closeInterruptedRuns(tx: DbOrTx, actor: Actor | undefined) {
  const closed = await tx
    .update(bonusSettlementRuns)
    .set({ status: 'failed', error: INTERRUPTED, finishedAt: new Date() })
    .where(eq(bonusSettlementRuns.status, 'running'))
    .returning();
  for (const run of closed) await auditRun(tx, actor, run);
}

const INTERRUPTED = 'interrupted: the process running it stopped before it finished';

async function nextRunId(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('bonus_settlement_runs', 'id'))::int as id`,
  );
  return row!.id;
}

/** The audit row of a run: who started which period and type, dry run or not, its status and totals. */
function auditRun(db: DbOrTx, actor: Actor | undefined, run: RunRow) {
  return audit(db, actor ?? systemActor(), {
    action: run.dryRun ? 'dry_run' : 'settle',
    entity: 'bonus_settlement_run',
    entityId: run.id,
    after: {
      period: run.period,
      typeKey: run.typeKey,
      dryRun: run.dryRun,
      status: run.status,
      startedBy: run.startedBy,
      payoutCount: run.payoutCount,
      totalCents: run.totalCents,
      totals: run.totals,
      error: run.error,
    },
  });
}

async function previewItems(db: DbOrTx, payouts: readonly Omit<Payout, 'ratioBp'>[]) {
  const userIds = [...new Set(payouts.map((p) => p.userId))];
  const orderIds = [...new Set(payouts.flatMap((p) => (p.orderId === null ? [] : [p.orderId])))];
  const people = userIds.length
    ? await db
        .select({ id: users.id, name: users.name, user_no: users.userNo })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const orderNos = orderIds.length
    ? await db
        .select({ id: orders.id, orderNo: orders.orderNo })
        .from(orders)
        .where(inArray(orders.id, orderIds))
    : [];
  const byId = new Map(people.map((u) => [u.id, u]));
  const orderNoOf = new Map(orderNos.map((o) => [o.id, o.orderNo]));
  return payouts.map((p) => ({
    user: byId.get(p.userId)!,
    type_key: p.typeKey,
    period: p.period,
    order_no: p.orderId === null ? null : (orderNoOf.get(p.orderId) ?? null),
    sales_point: p.baseSp,
    amount: formatCents(p.cents),
  }));
}

async function runDtos(db: DbOrTx, runs: RunRow[]): Promise<SettlementRunDto[]> {
  const starterIds = [...new Set(runs.flatMap((r) => (r.startedBy ? [r.startedBy] : [])))];
  const starters = starterIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, starterIds))
    : [];
  const byId = new Map(starters.map((u) => [u.id, u]));
  return runs.map((r) => ({
    id: r.id,
    period: r.period,
    type_key: r.typeKey,
    dry_run: r.dryRun,
    status: r.status as SettlementRunDto['status'],
    started_by: r.startedBy ? (byId.get(r.startedBy) ?? null) : null,
    payout_count: r.payoutCount,
    total_amount: formatCents(r.totalCents),
    totals: r.totals.map((t) => ({ type_key: t.typeKey, count: t.count, amount: formatCents(t.cents) })),
    error: r.error,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    list_cleared_at: r.listClearedAt?.toISOString() ?? null,
  }));
}

export async function listRuns(db: Db, page: number, pageSize: number) {
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from bonus_settlement_runs`,
  );
  const rows = await db
    .select()
    .from(bonusSettlementRuns)
    .orderBy(desc(bonusSettlementRuns.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { list: await runDtos(db, rows), meta: { total: Number(total), page, pageSize } };
}

/** The payouts of run `id` from `afterId` on (by id): what a dry run would pay, or what a real run paid. */
async function runPayoutRows(
  db: DbOrTx,
  run: RunRow,
  where: { afterId?: number; offset?: number; limit: number },
) {
  const table = run.dryRun ? bonusDryRunPayouts : bonusPayouts;
  return db
    .select({
      id: table.id,
      userId: table.userId,
      typeKey: table.typeKey,
      period: table.period,
      orderId: table.orderId,
      baseSp: table.baseSp,
      cents: table.cents,
    })
    .from(table)
    .where(
      and(eq(table.runId, run.id), where.afterId === undefined ? undefined : gt(table.id, where.afterId)),
    )
    .orderBy(asc(table.id))
    .limit(where.limit)
    .offset(where.offset ?? 0);
}

export async function runOf(db: DbOrTx, id: number): Promise<RunRow> {
  const [run] = await db.select().from(bonusSettlementRuns).where(eq(bonusSettlementRuns.id, id));
  if (!run) throw notFound('bonus.runNotFound');
  return run;
}

const runPayoutCount = async (db: DbOrTx, run: RunRow) => {
  const table = run.dryRun ? bonusDryRunPayouts : bonusPayouts;
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.runId, run.id));
  return Number(row?.n ?? 0);
};

/**
 * One page of a run's payouts (404 'bonus.runNotFound'): every payout a dry run would pay, or every payout a
 * real run paid (a failed run's: those its committed ranges kept), in the order they were recorded. A dry run's
 * list cleared by housekeeping answers 409 'bonus.dryRunListCleared' (dry-run-lists.ts).
 */
export async function listRunPayouts(
  db: DbOrTx,
  id: number,
  q: PageQuery,
): Promise<Paged<SettlementPayoutItem>> {
  const run = await runOf(db, id);
  assertListKept(run);
  const { limit, offset } = pageWindow(q);
  const [total, rows] = await Promise.all([
    runPayoutCount(db, run),
    runPayoutRows(db, run, { limit, offset }),
  ]);
  return paged(await payoutItems(db, rows), total, q);
}

/** Preview items with their payout ids. */
async function payoutItems(db: DbOrTx, rows: Array<Omit<Payout, 'ratioBp'> & { id: number }>) {
  const items = await previewItems(db, rows);
  return items.map((item, i) => ({ ...item, id: rows[i]!.id }));
}

/** Columns of a run's payouts spreadsheet, in the reader's language. */
async function runPayoutColumns(db: Db, reader: SheetReader): Promise<Column<SettlementPayoutItem>[]> {
  const f = sheetFormat(reader);
  const typeName = await bonusTypeNames(db, reader.locale);
  return [
    f.text('walletUi.memberId', (r: SettlementPayoutItem) => r.user.user_no),
    f.text('walletUi.member', (r: SettlementPayoutItem) => r.user.name, 24),
    f.text('bonus.type', (r: SettlementPayoutItem) => typeName(r.type_key)),
    f.text('bonus.col.period', (r: SettlementPayoutItem) => r.period),
    f.text('bonus.col.orderNo', (r: SettlementPayoutItem) => r.order_no),
    f.text('bonus.col.salesPoint', (r: SettlementPayoutItem) => r.sales_point),
    f.money('bonus.col.amount', (r: SettlementPayoutItem) => r.amount),
  ];
}

/** Every payout of a run as a spreadsheet job (404 before it starts when there is no such run, 409 when its list was cleared). */
export async function runPayoutsExportJob(
  db: Db,
  ownerId: number,
  id: number,
  reader: SheetReader,
): Promise<XlsxJob<SettlementPayoutItem>> {
  const run = await runOf(db, id);
  assertListKept(run);
  return {
    kind: 'bonus.settlement.payouts.export',
    ownerId,
    params: { id },
    fileName: `settlement-run-${run.id}-${run.period}${run.dryRun ? '-dry-run' : ''}.xlsx`,
    columns: await runPayoutColumns(db, reader),
    count: () => runPayoutCount(db, run),
    batches: () =>
      keysetBatches(async (afterId, limit) =>
        payoutItems(db, await runPayoutRows(db, run, { afterId: afterId ?? undefined, limit })),
      ),
  };
}

/**
 * Settles a period and pays it at once, approved by the system: for the demo data and tests that need a paid
 * period (an administrator's run waits for a second administrator's approval).
 */
export const settlePeriod = (
  db: DbOrTx,
  input: Omit<Parameters<typeof runSettlement>[1], 'dryRun'>,
): Promise<SettlementResult> => runSettlement(db, { ...input, dryRun: false });

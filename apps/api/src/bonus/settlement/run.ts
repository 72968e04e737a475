import { hasPermission, Perm, ResultCode, type SettlementResult } from '@app/contracts';
import { and, eq, inArray, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { mailAdmins } from '../../notifications/notify';
import { audit } from '../../platform/audit/audit';
import { businessTimeZone } from '../../platform/business-time/business-time';
import { type AccountCaller, type Caller, systemCaller } from '../../platform/caller';
import {
  type DbOrTx,
  hasConnectionPool,
  queryRows,
  type Tx,
  withoutStatementTimeout,
} from '../../platform/db/client';
import { isDatabaseUnavailable } from '../../platform/db/errors';
import { AppError, conflict } from '../../platform/http/errors';
import { bonusSettlementRuns, type RunRules } from '../bonus.schema';
import { loadCommissionHolds } from '../commission/holds';
import { loadPaidKeys } from './paid-keys';
import { overlappingPeriods, periodRange } from './periods';
import { rulesInForce, sameRules, typesToRun } from './rules';
import { previewItems, type RunRow, runDtos, runOf } from './runs.queries';
import { loadEngineInput, type PeriodRange } from './settlement.loader';
import {
  PASS_PAYOUTS,
  type PaymentLanes,
  payDue,
  recordDue,
  type SettlementScope,
  summariseDue,
} from './settlement.passes';
import { lockSettlements } from './settlement-lock';

/** Payouts a run's result carries (its job's result stays small); its list has every one: listRunPayouts. */
const PREVIEW_LIMIT = 500;

/** Transactions paying side by side on PostgreSQL: one per core of the 2-core machine the API targets. */
const PAYMENT_LANES = 2;

interface RunHooks {
  actor?: Caller;
  /**
   * Hears (payouts done, payouts due) from inside the transaction: once the due payouts are counted, as they are
   * recorded or paid, and at the end; it must not wait on the database, and what it throws fails the run.
   */
  progress?: (processed: number, total: number) => void;
  /** Told, last in each transaction that pays, how many payouts it paid (a job's `commit`). */
  commit?: (tx: DbOrTx, payouts: number) => Promise<void>;
  /** Payouts per range of members paid or recorded (default PASS_PAYOUTS); tests make it small to get many. */
  passPayouts?: number;
}

/**
 * Computes a period's settlement: the payouts of every enabled type (or one type) not paid before, in the
 * business time zone in force (recorded with the run, as are the rules it used). Every payout is recorded in the
 * run's list (bonus_dry_run_payouts) and nothing reaches a wallet: a dry run ends done; a real run ends
 * awaiting approval, with the digest of its payouts, until another administrator approves it (approveRun: it
 * then pays exactly these) or rejects it (rejectRun). A real run is refused with 409 'bonus.runPending' while
 * a run of an overlapping period awaits approval or is being paid. Runs are serialised by the settlement lock,
 * which the run's one transaction holds while it loads, counts and records. Every run is audited.
 */
export async function runSettlement(
  db: DbOrTx,
  input: RunHooks & {
    period: string;
    typeKey?: number | null;
    dryRun: boolean;
    startedBy: number | null;
    now?: Date;
  },
): Promise<SettlementResult> {
  const zone = await businessTimeZone(db, { fresh: true });
  const range = periodRange(input.period, zone, input.now);
  const id = await nextRunId(db);
  const base = {
    id,
    period: input.period,
    typeKey: input.typeKey ?? null,
    dryRun: input.dryRun,
    startedBy: input.startedBy,
    timeZone: zone,
  };
  try {
    return await computeRun(db, input, range, base);
  } catch (error) {
    // A refusal (409 another run pending) is no run; a failure is recorded, with its error.
    if (!(error instanceof AppError)) {
      const failed = { ...base, status: 'failed', totals: [], finishedAt: new Date() };
      const [run] = await recordRun(db, {
        ...failed,
        error: String((error as Error).message ?? error).slice(0, 500),
      });
      await auditRun(db, input.actor, run!, input.dryRun ? 'dry_run' : 'compute');
    }
    throw error;
  }
}

async function computeRun(
  db: DbOrTx,
  input: Parameters<typeof runSettlement>[1],
  range: ReturnType<typeof periodRange>,
  base: Omit<typeof bonusSettlementRuns.$inferInsert, 'status' | 'totals'>,
): Promise<SettlementResult> {
  const progress = input.progress ?? (() => {});
  return db.transaction(async (tx) => {
    await withoutStatementTimeout(tx);
    await lockSettlements(tx);
    await closeInterruptedRuns(tx, input.actor);
    if (!input.dryRun) await refusePending(tx, input.period);
    const rules = await rulesInForce(tx);
    const scope = await loadScope(tx, input.period, range, rules, input.typeKey, false);
    const { preview, perMember, digest, review, ...summary } = summariseDue(scope, PREVIEW_LIMIT);
    const due = summary.payoutCount;
    progress(0, due);
    const pass = { id: base.id!, passPayouts: input.passPayouts ?? PASS_PAYOUTS };
    await recordDue(tx, scope, perMember, pass, (recorded) => progress(recorded, due));
    progress(due, due);
    const [run] = await recordRun(tx, {
      ...base,
      status: input.dryRun ? 'done' : 'awaiting_approval',
      ...summary,
      rules,
      digest: input.dryRun ? null : digest,
      review,
      finishedAt: new Date(),
    });
    await auditRun(tx, input.actor, run!, input.dryRun ? 'dry_run' : 'compute');
    if (!input.dryRun) await mailApprovers(tx, run!);
    return { run: (await runDtos(tx, [run!]))[0]!, items: await previewItems(tx, preview) };
  });
}

/** E-mails the administrators who may approve a run, but its starter, that it awaits them. */
const mailApprovers = (tx: DbOrTx, run: RunRow) =>
  mailAdmins(
    tx,
    'settlement_waiting',
    Perm.approveSettlements,
    'notifications.settlement_computed',
    { runId: run.id, period: run.period },
    `/config/settlements/${run.id}`,
    run.startedBy,
  );

/** 409 'bonus.runPending' while a real run of an overlapping period awaits approval or is being paid. */
export async function refusePending(db: DbOrTx, period: string): Promise<void> {
  const [pending] = await queryRows<{ id: number }>(
    db,
    sql`select id from bonus_settlement_runs
        where not dry_run and status in ('awaiting_approval', 'running') and ${overlappingPeriods(period)}
        limit 1`,
  );
  if (pending) throw conflict('bonus.runPending');
}

/** The engine's scope of a period under `rules`: its orders, members, what was paid before, who is on hold. */
async function loadScope(
  tx: DbOrTx,
  period: string,
  range: PeriodRange & { cadence: 'day' | 'month' },
  rules: RunRules,
  typeKey: number | null | undefined,
  orderNumbers: boolean,
): Promise<SettlementScope> {
  const input = await loadEngineInput(tx, range, { orderNumbers });
  return {
    input,
    types: typesToRun(rules, typeKey),
    cadence: range.cadence,
    paid: await loadPaidKeys(tx, period, input),
    holds: await loadCommissionHolds(tx),
  };
}

/**
 * Refuses what approving `run` by `approverId` (null: the system) under the rules in force `rulesNow` may not
 * do: a run that is not awaiting approval (409 'bonus.runNotAwaiting'), approval by the administrator who started
 * it (403 'bonus.approveOwnRun'), rules changed since it computed (409 'bonus.runStale').
 */
export function assertApprovable(run: RunRow, approverId: number | null, rulesNow: RunRules): void {
  if (run.dryRun || run.status !== 'awaiting_approval') throw conflict('bonus.runNotAwaiting');
  if (approverId !== null && run.startedBy === approverId)
    throw new AppError(ResultCode.FORBIDDEN, 'bonus.approveOwnRun');
  if (run.rules && !sameRules(rulesNow, run.rules)) throw conflict('bonus.runStale');
}

/**
 * Approves a run awaiting approval and pays it. Under the settlement lock the run is computed again with the
 * data and rules of now; unless that gives exactly the payouts it computed (their digest), approval is refused
 * with 409 'bonus.runStale' and nothing changes (reject it and run the period again). Then it pays as a
 * settlement always has: members in ranges, each range committed with its ledger records once paid, on both
 * databases (see paymentLanes); a run that fails part-way keeps the ranges committed before (each payout with
 * its wallet record, under the run's id), none half paid, and is recorded failed with its error; a new run of
 * the period (approved in turn) pays exactly the rest. The run's row is committed as 'running' (approved by,
 * at) before its first range; one left running by a process that died is recorded failed by the next run.
 * Given a caller's transaction (the demo seeder), it pays in it and commits nothing itself.
 */
export async function approveRun(
  db: DbOrTx,
  input: RunHooks & { runId: number; approvedBy: number | null },
): Promise<SettlementResult> {
  const progress = input.progress ?? (() => {});
  let paying: RunRow | null = null;
  try {
    return await db.transaction(async (tx) => {
      await withoutStatementTimeout(tx);
      await lockSettlements(tx);
      await closeInterruptedRuns(tx, input.actor);
      const run = await runOf(tx, input.runId);
      const rules = await rulesInForce(tx);
      assertApprovable(run, input.approvedBy, rules);
      const range = periodRange(run.period, run.timeZone);
      const scope = await loadScope(tx, run.period, range, rules, run.typeKey, true);
      const { preview, perMember, digest } = summariseDue(scope, PREVIEW_LIMIT);
      if (digest !== run.digest) throw conflict('bonus.runStale');
      const due = run.payoutCount;
      // Ranges commit payouts before the run ends: its row says running first (on a pool committed at once, on
      // PGlite with the first range), so they name a run recorded as being paid even if this process dies.
      const approval = { status: 'running', approvedBy: input.approvedBy, approvedAt: new Date() };
      const [marked] = await (hasConnectionPool(db) ? db : tx)
        .update(bonusSettlementRuns)
        .set(approval)
        .where(eq(bonusSettlementRuns.id, run.id))
        .returning();
      paying = marked!;
      await auditRun(hasConnectionPool(db) ? db : tx, input.actor, paying, 'approve');
      progress(0, due);
      const pass = { id: run.id, passPayouts: input.passPayouts ?? PASS_PAYOUTS, commit: input.commit };
      await payDue(paymentLanes(db, tx), scope, perMember, pass, (paid) => progress(paid, due));
      // Recorded done last: on PGlite each paid range commits the run's transaction so far.
      const [done] = await tx
        .update(bonusSettlementRuns)
        .set({ ...approval, status: 'done', finishedAt: new Date() })
        .where(eq(bonusSettlementRuns.id, run.id))
        .returning();
      await auditRun(tx, input.actor, done!, 'settle');
      return { run: (await runDtos(tx, [done!]))[0]!, items: await previewItems(tx, preview) };
    });
  } catch (error) {
    if (paying)
      await recordFailure(db, input.actor, paying, String((error as Error).message ?? error).slice(0, 500));
    throw error;
  }
}

/**
 * Rejects a run awaiting approval with a reason: nothing of it is paid, its list stays to be read. Allowed to an
 * administrator who may approve settlements, and to the one who started it (withdrawing it); others 403
 * 'bonus.rejectNotAllowed'. Waits for a run being approved (the settlement lock), then 409 if it is no longer
 * awaiting approval. Audited.
 */
export async function rejectRun(
  db: DbOrTx,
  input: {
    runId: number;
    reason: string;
    by: AccountCaller;
  },
): Promise<SettlementResult> {
  return db.transaction(async (tx) => {
    await lockSettlements(tx);
    const run = await runOf(tx, input.runId);
    if (!hasPermission(input.by.roleIds, Perm.approveSettlements) && run.startedBy !== input.by.id)
      throw new AppError(ResultCode.FORBIDDEN, 'bonus.rejectNotAllowed');
    if (run.dryRun || run.status !== 'awaiting_approval') throw conflict('bonus.runNotAwaiting');
    const [rejected] = await tx
      .update(bonusSettlementRuns)
      .set({
        status: 'rejected',
        rejectedBy: input.by.id,
        rejectedAt: new Date(),
        rejectReason: input.reason,
      })
      .where(eq(bonusSettlementRuns.id, run.id))
      .returning();
    await auditRun(tx, input.by, rejected!, 'reject');
    return { run: (await runDtos(tx, [rejected!]))[0]!, items: [] };
  });
}

/**
 * Settles a period and pays it at once, approved by the system: for the demo data and tests that need a paid
 * period (an administrator's run waits for a second administrator's approval).
 */
export async function settlePeriod(
  db: DbOrTx,
  input: RunHooks & { period: string; typeKey?: number | null; startedBy: number | null; now?: Date },
): Promise<SettlementResult> {
  const { progress, commit, ...compute } = input;
  const computed = await runSettlement(db, { ...compute, dryRun: false });
  return approveRun(db, { ...input, runId: computed.run.id, approvedBy: null });
}

/**
 * Records a failed run and audits it. When the failure was a lost server, the pool may still hold a connection
 * killed with the others that it has not noticed yet: a connection error here is tried again (three tries), so the
 * run reads 'failed' rather than 'running' until the next run closes it.
 */
async function recordFailure(db: DbOrTx, actor: Caller | undefined, run: RunRow, error: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      const [failed] = await db
        .update(bonusSettlementRuns)
        .set({ status: 'failed', error, finishedAt: new Date() })
        .where(eq(bonusSettlementRuns.id, run.id))
        .returning();
      await auditRun(db, actor, failed!, 'settle');
      return;
    } catch (retry) {
      if (attempt >= 3 || !isDatabaseUnavailable(retry)) throw retry;
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

/** Records a computed run. */
const recordRun = (db: DbOrTx, run: typeof bonusSettlementRuns.$inferInsert) =>
  db.insert(bonusSettlementRuns).values(run).returning();

/**
 * Runs still 'running' when a run holds the settlement lock were left by a process that stopped part-way
 * (a live run holds the lock until its row is final): they are recorded failed, keeping what their lanes
 * had committed, which the period's next run does not pay again. `ids` closes only those runs: the ones whose
 * approval jobs the heartbeat sweep failed as lost (settlementLostJobs), so they need not wait for a next run.
 */
export async function closeInterruptedRuns(tx: DbOrTx, actor: Caller | undefined, ids?: readonly number[]) {
  const running = eq(bonusSettlementRuns.status, 'running');
  const closed = await tx
    .update(bonusSettlementRuns)
    .set({ status: 'failed', error: INTERRUPTED, finishedAt: new Date() })
    .where(ids ? and(running, inArray(bonusSettlementRuns.id, [...ids])) : running)
    .returning();
  for (const run of closed) await auditRun(tx, actor, run, 'settle');
}

const INTERRUPTED = 'interrupted: the process running it stopped before it finished';

async function nextRunId(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('bonus_settlement_runs', 'id'))::int as id`,
  );
  return row!.id;
}

/** The audit row of a run's step: who, which period and type, dry run or not, its status and totals. */
function auditRun(
  db: DbOrTx,
  actor: Caller | undefined,
  run: RunRow,
  action: 'dry_run' | 'compute' | 'approve' | 'reject' | 'settle',
) {
  return audit(db, actor ?? systemCaller(), {
    action,
    entity: 'bonus_settlement_run',
    entityId: run.id,
    after: {
      period: run.period,
      typeKey: run.typeKey,
      dryRun: run.dryRun,
      status: run.status,
      timeZone: run.timeZone,
      startedBy: run.startedBy,
      approvedBy: run.approvedBy,
      rejectedBy: run.rejectedBy,
      rejectReason: run.rejectReason,
      payoutCount: run.payoutCount,
      totalCents: run.totalCents,
      totals: run.totals,
      error: run.error,
    },
  });
}

import type { JobStarted, startSettlementBody } from '@app/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessTimeZone } from '../../platform/business-time/business-time';
import { type Caller, systemCaller } from '../../platform/caller';
import type { Tx } from '../../platform/db/client';
import { conflict } from '../../platform/http/errors';
import type { JobHost } from '../../platform/jobs/job-host';
import { startJob, throwIfStopped } from '../../platform/jobs/jobs.runner';
import { jobs as jobRows } from '../../platform/jobs/jobs.schema';
import type { LostJobHandlers } from '../../platform/jobs/lost-jobs';
import { overlappingPeriods, periodRange } from './periods';
import { rulesInForce } from './rules';
import { approveRun, assertApprovable, closeInterruptedRuns, refusePending, runSettlement } from './run';
import { runOf } from './runs.queries';
import { lockSettlementStarts } from './settlement-lock';

/** The kinds of a real run's job computing it, and of the job approving and paying it. */
const COMPUTE_JOB = 'bonus.settlement';
const APPROVAL_JOB = 'bonus.settlement.approve';

/**
 * Starts computing a settlement run (a dry run, or a real run that will await approval) of the signed-in admin as
 * a job and answers its link at once. The period is checked first (400), and a real run while another of an
 * overlapping period is in flight answers 409 (refuseRunsInFlight), so neither starts a job. The job
 * reports payouts recorded of payouts due, waits while another run holds the settlement lock, and ends with the
 * run's `SettlementResult` as its result. `passPayouts`: see runSettlement (tests).
 */
export async function startSettlement(
  jobs: JobHost,
  actor: Caller,
  startedBy: number,
  body: z.output<typeof startSettlementBody>,
  passPayouts?: number,
): Promise<JobStarted> {
  periodRange(body.period, await businessTimeZone(jobs.db));
  return startJob(jobs, {
    kind: body.dry_run ? 'bonus.settlement.preview' : COMPUTE_JOB,
    ownerId: startedBy,
    params: body,
    fileName: '',
    admit: body.dry_run ? undefined : (tx) => refuseRunsInFlight(tx, body.period),
    run: async ({ signal, report }) => {
      const result = await runSettlement(jobs.db, {
        period: body.period,
        typeKey: body.type_key,
        dryRun: body.dry_run,
        startedBy,
        actor,
        progress: stopping(signal, report),
        passPayouts,
      });
      const payouts = result.run.payout_count;
      return { processed: payouts, total: payouts, file: false, result };
    },
  });
}

/**
 * Starts approving run `runId` as a job of the approving admin: refused before any job starts when the run is not
 * awaiting approval (409), was started by this admin (403 'bonus.approveOwnRun') or was computed under rules that
 * changed since (409 'bonus.runStale'). The job computes the run again and pays it when it matches (else it fails
 * with 'bonus.runStale' and nothing is paid); it reports payouts paid of payouts due and, when a payment fails
 * part-way, as `processed` the payouts that stay paid.
 */
export async function startApproval(
  jobs: JobHost,
  actor: Caller,
  approvedBy: number,
  runId: number,
  passPayouts?: number,
): Promise<JobStarted> {
  assertApprovable(await runOf(jobs.db, runId), approvedBy, await rulesInForce(jobs.db));
  return startJob(jobs, {
    kind: APPROVAL_JOB,
    ownerId: approvedBy,
    params: { id: runId },
    fileName: '',
    run: async ({ signal, report, commit }) => {
      const result = await approveRun(jobs.db, {
        runId,
        approvedBy,
        actor,
        progress: stopping(signal, report),
        commit,
        passPayouts,
      });
      const payouts = result.run.payout_count;
      return { processed: payouts, total: payouts, file: false, result };
    },
  });
}

/**
 * Refuses a real run of `period` while a run of an overlapping period is in flight: being computed (its job
 * queued or running: 409 'bonus.runComputing'), awaiting approval or being paid (409 'bonus.runPending'). Under
 * the lock of settlement starts, held until the job is recorded: of two starts at once, the second finds the first.
 */
async function refuseRunsInFlight(tx: Tx, period: string): Promise<void> {
  await lockSettlementStarts(tx);
  await refusePending(tx, period);
  const [computing] = await tx
    .select({ id: jobRows.id })
    .from(jobRows)
    .where(
      and(
        eq(jobRows.kind, COMPUTE_JOB),
        inArray(jobRows.status, ['queued', 'running']),
        overlappingPeriods(period, sql`${jobRows.params}->>'period'`),
      ),
    )
    .limit(1);
  if (computing) throw conflict('bonus.runComputing');
}

/**
 * The runs whose approval jobs the heartbeat sweep failed as lost (their process died while paying them), recorded
 * failed in the sweep's transaction: a new run of the period may start at once (docs/jobs.md).
 */
export const settlementLostJobs: LostJobHandlers = {
  [APPROVAL_JOB]: (tx, params) => closeInterruptedRuns(tx, systemCaller('job-sweep'), runIds(params)),
};

const runIds = (params: readonly unknown[]) => params.map((p) => (p as { id: number }).id);

/**
 * A job's progress report that stops the run at its next report when the process shuts down, rather than waiting
 * minutes for it: the range being paid rolls back, those committed before stay paid (the next run pays the rest).
 */
const stopping =
  (signal: AbortSignal, report: (processed: number, total: number) => void) =>
  (processed: number, total: number) => {
    throwIfStopped(signal);
    report(processed, total);
  };

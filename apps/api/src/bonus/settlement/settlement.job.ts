import type { JobStarted, startSettlementBody } from '@app/contracts';
import type { z } from 'zod';
import { businessTimeZone } from '../../platform/business-time/business-time';
import type { Caller } from '../../platform/caller';
import type { JobHost } from '../../platform/jobs/job-host';
import { startJob, throwIfStopped } from '../../platform/jobs/jobs.runner';
import { periodRange } from './periods';
import { rulesInForce } from './rules';
import { approveRun, assertApprovable, refusePending, runSettlement } from './run';
import { runOf } from './runs.queries';

/**
 * Starts computing a settlement run (a dry run, or a real run that will await approval) of the signed-in admin as
 * a job and answers its link at once. The period is checked first (400), and a real run while another of an
 * overlapping period awaits approval or is paid answers 409 'bonus.runPending', so neither starts a job. The job
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
  if (!body.dry_run) await refusePending(jobs.db, body.period);
  return startJob(jobs, {
    kind: body.dry_run ? 'bonus.settlement.preview' : 'bonus.settlement',
    ownerId: startedBy,
    params: body,
    fileName: '',
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
    kind: 'bonus.settlement.approve',
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
 * A job's progress report that stops the run at its next report when the process shuts down, rather than waiting
 * minutes for it: the range being paid rolls back, those committed before stay paid (the next run pays the rest).
 */
const stopping =
  (signal: AbortSignal, report: (processed: number, total: number) => void) =>
  (processed: number, total: number) => {
    throwIfStopped(signal);
    report(processed, total);
  };

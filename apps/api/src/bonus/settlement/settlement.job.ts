import type { JobStarted, startSettlementBody } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/audit/actor';
import { businessTimeZone } from '../../platform/business-time/business-time';
import type { JobHost } from '../../platform/jobs/job-host';
import { startJob, throwIfStopped } from '../../platform/jobs/jobs.runner';
import { periodRange, runSettlement } from './settlement.service';

/**
 * Starts a settlement run (or a dry run) of the signed-in admin as a job and answers its link at once.
 * The period is checked first, so a bad one answers 400 and starts nothing. The job reports payouts paid
 * of payouts due, waits while another run holds the settlement lock, and ends with the run's
 * `SettlementResult` as its result; a failed run ends the job failed with the run's error and, as
 * `processed`, the payouts that stay paid (the member ranges committed before the failure, on PostgreSQL
 * and PGlite alike). `passPayouts`: see runSettlement (tests).
 */
export async function startSettlement(
  jobs: JobHost,
  actor: Actor,
  startedBy: number,
  body: z.output<typeof startSettlementBody>,
  passPayouts?: number,
): Promise<JobStarted> {
  periodRange(body.period, await businessTimeZone(jobs.db));
  return startJob(jobs, {
    kind: body.dry_run ? 'bonus.settlement.preview' : 'bonus.settlement',
    ownerId: startedBy,
    params: body,
    fileName: '',
    run: async ({ signal, report, commit }) => {
      const result = await runSettlement(jobs.db, {
        period: body.period,
        typeKey: body.type_key,
        dryRun: body.dry_run,
        startedBy,
        actor,
        // Shutting down stops the run at its next report rather than waiting minutes for it: the range
        // being paid rolls back, those committed before stay paid (the next run pays the rest).
        progress: (processed, total) => {
          throwIfStopped(signal);
          report(processed, total);
        },
        commit,
        passPayouts,
      });
      const payouts = result.run.payout_count;
      return { processed: payouts, total: payouts, file: false, result };
    },
  });
}

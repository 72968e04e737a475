import type { FailedJobsHandler } from '../platform/jobs/lost-jobs';
import { notify } from './notify';

/** The owner of a failed job hears of it, in the transaction that records the failure (app.ts hands it to jobs). */
export const noticeFailedJobs: FailedJobsHandler = async (tx, failed) => {
  for (const job of failed)
    await notify(tx, {
      userId: job.ownerId,
      kind: 'job_failed',
      params: { task: job.kind, error_key: job.error, job_id: job.id },
      link: null,
    });
};

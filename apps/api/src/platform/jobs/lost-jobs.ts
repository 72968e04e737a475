import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { jobFileChunks, jobs } from './jobs.schema';

const live = inArray(jobs.status, ['queued', 'running']);

/** Refreshes the heartbeat (`updated_at`) of the given jobs while they are queued or running. */
export async function beat(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ updatedAt: sql`now()` })
    .where(and(inArray(jobs.id, [...ids]), live));
}

/**
 * What a domain does, by job kind, when jobs of that kind are failed as lost: closes the records of its own that
 * the dead process left half-way (a settlement run's row left 'running'). Told the `params` of those jobs, in
 * the transaction that fails them.
 */
export type LostJobHandlers = Readonly<Record<string, (tx: Tx, params: readonly unknown[]) => Promise<void>>>;

/** A job that has just failed, as told to `FailedJobsHandler`. */
export interface FailedJob {
  id: string;
  kind: string;
  ownerId: number;
  /** Its message key. */
  error: string;
}

/**
 * What is done of jobs failed, by their runner or as lost, in the transaction that records them failed (app.ts
 * hands in the owners' notifications: platform knows no domain).
 */
export type FailedJobsHandler = (tx: Tx, failed: readonly FailedJob[]) => Promise<void>;

/**
 * Fails every queued or running job whose heartbeat is older than `lostAfterMs` by the database's
 * clock ('jobs.ownerLost'): its progress falls back to the work it committed, its file is deleted,
 * its lock key (an import's) is free again, and the handler of its kind closes what it left. Answers the jobs it
 * failed. Two instances sweeping at once fail each job once: the second's update re-reads the row and finds it
 * failed.
 */
export function failLostJobs(
  db: Db,
  lostAfterMs: number,
  handlers: LostJobHandlers = {},
  onFailed?: FailedJobsHandler,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const lost = await tx
      .update(jobs)
      .set({
        status: 'failed',
        error: 'jobs.ownerLost',
        processed: sql`${jobs.committed}`,
        updatedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .where(and(live, lt(jobs.updatedAt, sql`now() - make_interval(secs => ${lostAfterMs / 1000}::float8)`)))
      .returning({ id: jobs.id, kind: jobs.kind, params: jobs.params, ownerId: jobs.ownerId });
    const ids = lost.map((j) => j.id);
    if (ids.length > 0) await tx.delete(jobFileChunks).where(inArray(jobFileChunks.jobId, ids));
    for (const [kind, handler] of Object.entries(handlers)) {
      const params = lost.filter((j) => j.kind === kind).map((j) => j.params);
      if (params.length > 0) await handler(tx, params);
    }
    if (onFailed && lost.length > 0)
      await onFailed(
        tx,
        lost.map(({ id, kind, ownerId }) => ({ id, kind, ownerId, error: 'jobs.ownerLost' })),
      );
    return ids;
  });
}

import { type JobStatus, type JobView, jobFileUrl, type Locale, translate } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AccountCaller } from '../caller';
import type { DbOrTx } from '../db/client';
import { notFound } from '../http/errors';
import { type JobRow, jobFileChunks, jobs } from './jobs.schema';

/**
 * The job if the caller may see it (its owner or a super admin); 404 for anyone else. A job whose
 * process died reads as it was until a sweeper fails it (within JobTiming's bound, docs/jobs.md).
 */
export async function visibleJob(db: DbOrTx, id: string, viewer: AccountCaller) {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!job || (job.ownerId !== viewer.id && !viewer.isSuper)) throw notFound();
  return job;
}

/** How many jobs are recorded (the last 24 hours' worth) per kind and status (lost ones are failed by the sweeper). */
export function jobCounts(db: DbOrTx): Promise<{ kind: string; status: JobStatus; count: number }[]> {
  return db
    .select({ kind: jobs.kind, status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.kind, jobs.status);
}

/** A failed job's `result` holds its message's parameters (markFailed). */
const errorParams = (job: JobRow) =>
  (job.result as { errorParams?: Record<string, string | number> } | null)?.errorParams;

export function toJobView(job: JobRow, locale: Locale): JobView {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    processed: job.processed,
    total: job.total,
    file_name: job.fileName,
    error: job.error ? translate(job.error, locale, errorParams(job)) : null,
    download_url: job.status === 'done' && job.fileName ? jobFileUrl(job.id) : null,
    result: job.status === 'failed' ? null : (job.result ?? null),
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

/** The file's size, to announce before sending it. */
export async function jobFileSize(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(octet_length(${jobFileChunks.data})), 0)::text` })
    .from(jobFileChunks)
    .where(eq(jobFileChunks.jobId, id));
  return Number(row?.bytes ?? 0);
}

/** The file's chunks one at a time, so serving it holds one chunk in memory. */
export async function* jobFileChunksOf(db: DbOrTx, id: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const [chunk] = await db
      .select({ data: jobFileChunks.data })
      .from(jobFileChunks)
      .where(and(eq(jobFileChunks.jobId, id), eq(jobFileChunks.seq, seq)));
    if (!chunk) return;
    yield chunk.data;
  }
}

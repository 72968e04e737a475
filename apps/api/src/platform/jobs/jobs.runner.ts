import { type JobStarted, jobUrl, type MessageKey } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { type Column, writeXlsx } from '../xlsx/export';
import { ChunkSink } from './chunk-sink';
import { jobFileChunks, jobs } from './jobs.schema';

/** Jobs (and their files) are kept this long, then deleted when the next job is created. */
const KEEP = sql`interval '24 hours'`;

/** A spreadsheet export to run as a job: what to record, and how to count and read the rows. */
export interface XlsxJob<T> {
  kind: string;
  ownerId: number;
  /** The request that started it, kept for the record. */
  params: unknown;
  fileName: string;
  columns: readonly Column<T>[];
  count: () => Promise<number>;
  batches: () => AsyncIterable<readonly T[]>;
}

interface Running {
  db: Db;
  stop: AbortController;
  done: Promise<void>;
}
/** The jobs this process works on (only to stop them on shutdown; their state is in the database). */
const running = new Set<Running>();

class Stopped extends Error {}

/**
 * Records the job, then starts it in this process once the row is committed and answers at
 * once with the job's link. Progress is written after every batch; the file goes into
 * job_file_chunks as it is produced.
 */
export async function startXlsxJob<T>(db: Db, job: XlsxJob<T>, log: FastifyBaseLogger): Promise<JobStarted> {
  await db.delete(jobs).where(sql`${jobs.createdAt} < now() - ${KEEP}`);
  const [row] = await db
    .insert(jobs)
    .values({ kind: job.kind, ownerId: job.ownerId, params: job.params ?? {}, fileName: job.fileName })
    .returning({ id: jobs.id });
  const id = row!.id;
  const entry: Running = { db, stop: new AbortController(), done: Promise.resolve() };
  entry.done = runXlsx(db, id, job, entry.stop.signal, log).finally(() => running.delete(entry));
  running.add(entry);
  return { job_id: id, url: jobUrl(id) };
}

async function runXlsx<T>(db: Db, id: string, job: XlsxJob<T>, signal: AbortSignal, log: FastifyBaseLogger) {
  const sink = new ChunkSink(db, id);
  try {
    const total = await job.count();
    await db.update(jobs).set({ status: 'running', total, updatedAt: sql`now()` }).where(eq(jobs.id, id));
    const processed = await writeXlsx(sink, job.columns, untilStopped(job.batches(), signal), {
      onBatch: (written) => progress(db, id, written),
    });
    await db
      .update(jobs)
      .set({ status: 'done', processed, total: processed, updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(eq(jobs.id, id));
  } catch (error) {
    sink.destroy();
    const key: MessageKey =
      error instanceof AppError ? error.key : error instanceof Stopped ? 'jobs.interrupted' : 'jobs.failed';
    if (!(error instanceof AppError || error instanceof Stopped))
      log.error({ err: error, job: id }, 'job failed');
    await markFailed(db, id, key).catch((e: unknown) =>
      log.error({ err: e, job: id }, 'job not marked failed'),
    );
  }
}

const progress = (db: Db, id: string, processed: number) =>
  db
    .update(jobs)
    .set({ processed, updatedAt: sql`now()` })
    .where(eq(jobs.id, id))
    .then(() => undefined);

function markFailed(db: Db, id: string, error: MessageKey) {
  return db.transaction(async (tx) => {
    await tx.delete(jobFileChunks).where(eq(jobFileChunks.jobId, id));
    await tx
      .update(jobs)
      .set({ status: 'failed', error, updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(eq(jobs.id, id));
  });
}

async function* untilStopped<T>(batches: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  for await (const batch of batches) {
    if (signal.aborted) throw new Stopped();
    yield batch;
  }
}

/** Stops this process's jobs on `db` (they end as failed, 'interrupted') and waits for them. */
export async function stopJobs(db: Db): Promise<void> {
  const mine = [...running].filter((r) => r.db === db);
  for (const r of mine) r.stop.abort();
  await Promise.allSettled(mine.map((r) => r.done));
}

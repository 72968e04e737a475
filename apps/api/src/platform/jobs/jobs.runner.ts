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

/** What a job's work may use: its file, a stop signal (shutdown), and progress reports. */
export interface JobContext {
  id: string;
  /** The job's file (job_file_chunks); end it when the file is complete. */
  file: ChunkSink;
  signal: AbortSignal;
  progress(processed: number, total?: number): Promise<void>;
  /**
   * Progress for work inside a transaction, which must not wait for it: the report goes through
   * another connection, and on embedded PGlite (one connection) it waits for the open transaction
   * to end. Reports are written in order, a failed one is logged, and the job waits for them
   * before it ends.
   */
  report(processed: number, total?: number): void;
}

/**
 * Long work to run as a job; `run` answers the final figures, whether it produced a file, and a
 * small `result` for the caller (stored as the job's result).
 */
export interface JobSpec {
  kind: string;
  ownerId: number;
  /** The request that started it, kept for the record. */
  params: unknown;
  fileName: string;
  run(ctx: JobContext): Promise<{ processed: number; total: number; file: boolean; result?: unknown }>;
}

/** A spreadsheet export to run as a job: what to record, and how to count and read the rows. */
export interface XlsxJob<T> extends Omit<JobSpec, 'run'> {
  columns: readonly Column<T>[];
  /** Readies the rows for the job (an export may number them first) and answers how many there are. */
  count: (jobId: string) => Promise<number>;
  /** The rows, once counted (`total`: what `count` answered). */
  batches: (jobId: string, total: number) => AsyncIterable<readonly T[]>;
}

interface Running {
  db: Db;
  stop: AbortController;
  done: Promise<void>;
}
/** The jobs this process works on (only to stop them on shutdown; their state is in the database). */
const running = new Set<Running>();

class Stopped extends Error {
  constructor() {
    super('stopped: the server shut down');
  }
}

/**
 * Records the job, then starts it in this process once the row is committed and answers at
 * once with the job's link. The work reports progress as it goes; its file goes into
 * job_file_chunks as it is produced.
 */
export async function startJob(db: Db, job: JobSpec, log: FastifyBaseLogger): Promise<JobStarted> {
  await db.delete(jobs).where(sql`${jobs.createdAt} < now() - ${KEEP}`);
  const [row] = await db
    .insert(jobs)
    .values({ kind: job.kind, ownerId: job.ownerId, params: job.params ?? {}, fileName: job.fileName })
    .returning({ id: jobs.id });
  const id = row!.id;
  const entry: Running = { db, stop: new AbortController(), done: Promise.resolve() };
  entry.done = runJob(db, id, job, entry.stop.signal, log).finally(() => running.delete(entry));
  running.add(entry);
  return { job_id: id, url: jobUrl(id) };
}

/** An export as a job: counts the rows, then writes them batch by batch into the job's file. */
export function startXlsxJob<T>(db: Db, job: XlsxJob<T>, log: FastifyBaseLogger): Promise<JobStarted> {
  const { columns, count, batches, ...spec } = job;
  return startJob(
    db,
    {
      ...spec,
      run: async ({ id, file, signal, progress }) => {
        const total = await count(id);
        await progress(0, total);
        const written = await writeXlsx(file, columns, untilStopped(batches(id, total), signal), {
          onBatch: (n) => progress(n),
        });
        return { processed: written, total: written, file: true };
      },
    },
    log,
  );
}

async function runJob(db: Db, id: string, job: JobSpec, signal: AbortSignal, log: FastifyBaseLogger) {
  const file = new ChunkSink(db, id);
  try {
    await db.update(jobs).set({ status: 'running', updatedAt: sql`now()` }).where(eq(jobs.id, id));
    let reported = Promise.resolve();
    const ctx: JobContext = {
      id,
      file,
      signal,
      progress: (processed, total) => progress(db, id, processed, total),
      report: (processed, total) => {
        reported = reported
          .then(() => progress(db, id, processed, total))
          .catch((e: unknown) => log.error({ err: e, job: id }, 'job progress not recorded'));
      },
    };
    const result = await job.run(ctx).finally(() => reported);
    await db
      .update(jobs)
      .set({
        status: 'done',
        processed: result.processed,
        total: result.total,
        // No file: nothing to download (toJobView gives no link).
        fileName: result.file ? job.fileName : '',
        result: result.result ?? null,
        updatedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .where(eq(jobs.id, id));
  } catch (error) {
    file.destroy();
    const key: MessageKey =
      error instanceof AppError ? error.key : error instanceof Stopped ? 'jobs.interrupted' : 'jobs.failed';
    if (!(error instanceof AppError || error instanceof Stopped))
      log.error({ err: error, job: id }, 'job failed');
    await markFailed(db, id, key).catch((e: unknown) =>
      log.error({ err: e, job: id }, 'job not marked failed'),
    );
  }
}

const progress = (db: Db, id: string, processed: number, total?: number) =>
  db
    .update(jobs)
    .set({ processed, ...(total === undefined ? {} : { total }), updatedAt: sql`now()` })
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

/** Throws (the job ends as interrupted) once this process is shutting down. */
export function throwIfStopped(signal: AbortSignal): void {
  if (signal.aborted) throw new Stopped();
}

async function* untilStopped<T>(batches: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  for await (const batch of batches) {
    throwIfStopped(signal);
    yield batch;
  }
}

/** Stops this process's jobs on `db` (they end as failed, 'interrupted') and waits for them. */
export async function stopJobs(db: Db): Promise<void> {
  const mine = [...running].filter((r) => r.db === db);
  for (const r of mine) r.stop.abort();
  await Promise.allSettled(mine.map((r) => r.done));
}

import { type JobStarted, jobUrl, type MessageKey } from '@app/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { AppError, conflict } from '../http/errors';
import { type Column, writeXlsx } from '../xlsx/export';
import { ChunkSink } from './chunk-sink';
import type { JobHost } from './job-host';
import { jobFileChunks, jobs } from './jobs.schema';

/** Jobs (and their files) are kept this long, then deleted when the next job is created. */
const KEEP = sql`interval '24 hours'`;

/** What a job's work may use: its file, a stop signal (shutdown), and progress reports. */
export interface JobContext {
  id: string;
  /** The job's file (job_file_chunks); end it when the file is complete. */
  file: ChunkSink;
  signal: AbortSignal;
  /** Live progress for the dialog; it may count work whose transaction is still open. */
  progress(processed: number, total?: number): Promise<void>;
  /**
   * Progress for work inside a transaction, which must not wait for it: the report goes through
   * another connection, and on embedded PGlite (one connection) it waits for the open transaction
   * to end. Reports are written in order, a failed one is logged, and the job waits for them
   * before it ends.
   */
  report(processed: number, total?: number): void;
  /**
   * Counts `n` units of work as committed, inside the transaction `tx` that does them (call it last in
   * that transaction): they count only if it commits, and a failed job's progress falls back to them.
   * Throws 'jobs.ownerLost' (rolling `tx` back) when the job is no longer running, e.g. another
   * instance failed it as lost; and while `tx` is open no sweeper can fail the job.
   */
  commit(tx: DbOrTx, n: number): Promise<void>;
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
  /**
   * Set for work that runs one at a time per kind: while a job of this kind is queued or running,
   * starting another fails 409 with this message (the lock is the live job row, so it is free as soon
   * as that job ends or is failed as lost).
   */
  exclusive?: MessageKey;
  /**
   * Checks, in the transaction that records the job and before it does, that the job may start: what it throws
   * refuses the start (nothing recorded). Work that must not start beside other work of its kind takes a lock
   * here and looks for that work (a settlement run of an overlapping period).
   */
  admit?: (tx: Tx) => Promise<void>;
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

/** A job this process ran to its end, told to the listeners of onJobFinished (the metrics). */
export interface FinishedJob {
  db: Db;
  kind: string;
  outcome: 'done' | 'failed' | 'interrupted';
  seconds: number;
}
const finishedListeners = new Set<(job: FinishedJob) => void>();

/** Calls `listener` whenever a job this process runs ends; answers the function that stops it. */
export function onJobFinished(listener: (job: FinishedJob) => void): () => void {
  finishedListeners.add(listener);
  return () => finishedListeners.delete(listener);
}

class Stopped extends Error {
  constructor() {
    super('stopped: the server shut down');
  }
}

/**
 * Records the job, then starts it in this process (`host`) once the row is committed and answers at
 * once with the job's link. The work reports progress as it goes; its file goes into
 * job_file_chunks as it is produced.
 */
export async function startJob(host: JobHost, job: JobSpec): Promise<JobStarted> {
  const { db } = host;
  await db.delete(jobs).where(sql`${jobs.createdAt} < now() - ${KEEP}`);
  const record = (tx: DbOrTx) =>
    tx
      .insert(jobs)
      .values({
        kind: job.kind,
        ownerId: job.ownerId,
        params: job.params ?? {},
        fileName: job.fileName,
        instanceId: host.instanceId,
        lockKey: job.exclusive ? job.kind : null,
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id });
  const { admit } = job;
  const [row] = admit
    ? await db.transaction(async (tx) => {
        await admit(tx);
        return record(tx);
      })
    : await record(db);
  if (!row) throw conflict(job.exclusive!);
  host.run(row.id, (signal) => runJob(host, row.id, job, signal));
  return { job_id: row.id, url: jobUrl(row.id) };
}

/** An export as a job: counts the rows, then writes them batch by batch into the job's file. */
export function startXlsxJob<T>(host: JobHost, job: XlsxJob<T>): Promise<JobStarted> {
  const { columns, count, batches, ...spec } = job;
  return startJob(host, {
    ...spec,
    run: async ({ id, file, signal, progress }) => {
      const total = await count(id);
      await progress(0, total);
      const written = await writeXlsx(file, columns, untilStopped(batches(id, total), signal), {
        onBatch: (n) => progress(n),
      });
      return { processed: written, total: written, file: true };
    },
  });
}

/** The job's row while it is still running (not failed as lost by a sweeper meanwhile). */
const stillRunning = (id: string) => and(eq(jobs.id, id), eq(jobs.status, 'running'));

async function runJob(host: JobHost, id: string, job: JobSpec, signal: AbortSignal) {
  const { db, log } = host;
  const file = new ChunkSink(db, id);
  const startedAt = performance.now();
  let outcome: FinishedJob['outcome'] = 'failed';
  try {
    const [started] = await db
      .update(jobs)
      .set({ status: 'running', updatedAt: sql`now()` })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
      .returning({ id: jobs.id });
    if (!started) throw conflict('jobs.ownerLost');
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
      commit: async (tx, n) => {
        const [row] = await tx
          .update(jobs)
          .set({ committed: sql`${jobs.committed} + ${n}`, updatedAt: sql`now()` })
          .where(stillRunning(id))
          .returning({ id: jobs.id });
        if (!row) throw conflict('jobs.ownerLost');
      },
    };
    const result = await job.run(ctx).finally(() => reported);
    const [done] = await db
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
      .where(stillRunning(id))
      .returning({ id: jobs.id });
    if (!done) throw conflict('jobs.ownerLost');
    outcome = 'done';
  } catch (error) {
    if (error instanceof Stopped) outcome = 'interrupted';
    file.destroy();
    const key: MessageKey =
      error instanceof AppError ? error.key : error instanceof Stopped ? 'jobs.interrupted' : 'jobs.failed';
    if (!(error instanceof AppError || error instanceof Stopped))
      log.error({ err: error, job: id }, 'job failed');
    await markFailed(host, id, key, error instanceof AppError ? error.params : undefined).catch(
      (e: unknown) => log.error({ err: e, job: id }, 'job not marked failed'),
    );
  } finally {
    const seconds = (performance.now() - startedAt) / 1000;
    for (const listener of finishedListeners) listener({ db, kind: job.kind, outcome, seconds });
  }
}

const progress = (db: Db, id: string, processed: number, total?: number) =>
  db
    .update(jobs)
    .set({ processed, ...(total === undefined ? {} : { total }), updatedAt: sql`now()` })
    // A job already failed keeps the committed figure it was given.
    .where(stillRunning(id))
    .then(() => undefined);

/**
 * Records the failure (unless a sweeper already did: its message stays) with the progress of the work
 * that committed, and deletes the job's file. A job that committed some of its work before failing
 * unexpectedly says so ('jobs.failedPartway') rather than that it changed nothing. The message's
 * parameters are kept in `result` (a failed job has no other), to translate it when read.
 */
function markFailed(host: JobHost, id: string, error: MessageKey, params?: Record<string, string | number>) {
  const unexpected = error === 'jobs.failed' || error === 'jobs.interrupted';
  return host.db.transaction(async (tx) => {
    await tx.delete(jobFileChunks).where(eq(jobFileChunks.jobId, id));
    const failed = await tx
      .update(jobs)
      .set({
        status: 'failed',
        error: unexpected
          ? sql`case when ${jobs.committed} > 0 then ${'jobs.failedPartway'} else ${error} end`
          : error,
        result: params ? { errorParams: params } : null,
        processed: sql`${jobs.committed}`,
        updatedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
      .returning({ id: jobs.id, kind: jobs.kind, ownerId: jobs.ownerId, error: jobs.error });
    if (host.onFailed && failed.length > 0)
      await host.onFailed(
        tx,
        failed.map((job) => ({ ...job, error: job.error ?? error })),
      );
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

import { randomUUID } from 'node:crypto';
import { DEFAULT_JOB_TIMING, type JobTiming } from '../../config';
import type { Db } from '../db/client';
import type { Log } from '../log/log';
import { beat, type FailedJobsHandler, failLostJobs, type LostJobHandlers } from './lost-jobs';

interface Running {
  stop: AbortController;
  done: Promise<void>;
}

/**
 * The jobs side of one API process (one per app): its instance id, the jobs it runs, their heartbeat,
 * and the sweeper that fails the jobs of processes that died. Only the database decides whether a job
 * is lost (its heartbeat's age), so any instance sweeps for all, and a restarted process for itself.
 */
export class JobHost {
  readonly instanceId = randomUUID();
  /** The jobs this process works on, by id: whose heartbeat it keeps, and which it stops on shutdown. */
  private readonly running = new Map<string, Running>();
  private timers: Array<() => Promise<void>> = [];

  constructor(
    readonly db: Db,
    readonly log: Log,
    readonly timing: JobTiming = DEFAULT_JOB_TIMING,
    /** What the domains close when the sweep fails a job of theirs (handed in by app.ts). */
    private readonly onLost: LostJobHandlers = {},
    /** What is done of any job failed, in the transaction recording it (handed in by app.ts: notifications). */
    readonly onFailed?: FailedJobsHandler,
  ) {}

  /**
   * Fails the jobs left by processes that died, then heartbeats this process's jobs and sweeps
   * periodically. A failed first sweep (database unreachable) is logged; the next one retries it.
   */
  async start(): Promise<void> {
    await this.sweep().catch((error: unknown) => this.log.error({ err: error }, 'job sweep failed'));
    this.timers = [
      repeat(this.timing.heartbeatMs, () => this.heartbeat(), this.log),
      repeat(this.timing.sweepMs, () => this.sweep(), this.log),
    ];
  }

  /** Stops the timers, then this process's jobs (they end as failed, 'interrupted'), and waits for them. */
  async stop(): Promise<void> {
    await Promise.all(this.timers.map((stop) => stop()));
    this.timers = [];
    const mine = [...this.running.values()];
    for (const r of mine) r.stop.abort();
    await Promise.allSettled(mine.map((r) => r.done));
  }

  /** Runs a recorded job's work in this process, keeping its heartbeat until it ends. */
  run(id: string, work: (signal: AbortSignal) => Promise<void>): void {
    const stop = new AbortController();
    const done = work(stop.signal).finally(() => this.running.delete(id));
    this.running.set(id, { stop, done });
  }

  private heartbeat(): Promise<void> {
    return beat(this.db, [...this.running.keys()]);
  }

  /** Beats first, so this process's own jobs are never taken for lost after a stall of its timers. */
  async sweep(): Promise<string[]> {
    await this.heartbeat();
    const lost = await failLostJobs(this.db, this.timing.lostAfterMs, this.onLost, this.onFailed);
    if (lost.length > 0) this.log.warn({ jobs: lost }, 'jobs whose process stopped were marked failed');
    return lost;
  }
}

/**
 * Runs `work` every `ms`, each run starting `ms` after the previous one ended (a slow database never
 * piles runs up); a failed run is logged. The answer stops it and waits for a run under way.
 */
function repeat(ms: number, work: () => Promise<unknown>, log: Log): () => Promise<void> {
  let current = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout;
  const schedule = () => {
    timer = setTimeout(() => {
      current = work()
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, 'job heartbeat or sweep failed'),
        )
        .finally(() => {
          if (!stopped) schedule();
        });
    }, ms);
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    return current;
  };
}

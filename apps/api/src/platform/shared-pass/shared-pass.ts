import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sharedPasses } from './shared-pass.schema';

export interface SharedPassOptions {
  /** The pass's name, the same in every process (its row of `shared_passes`). */
  name: string;
  /** A pass is due this long after the last one finished. */
  everyMs: number;
  /** How often each process asks whether the pass is due (default: everyMs, at most a minute). */
  checkMs?: number;
  /** How long a claim holds without being renewed: a process that died mid-pass frees the pass after it. */
  leaseMs?: number;
}

/** This process, as `shared_passes.held_by` names it. */
const PROCESS = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
const DEFAULT_LEASE_MS = 120_000;

/**
 * Runs `work` in one process of all those sharing `db` at a time, at most once per `everyMs`: each process asks
 * every `checkMs` (and at once) whether the pass is due, and claims it with a lease that it renews while the pass
 * runs. So a start runs the pass only when no process finished it within `everyMs`, however many processes start,
 * and a pass cut short by a crash is taken up by another process once its lease ends. What `work` throws goes to
 * `onError`; the pass is then due again at the next check. Returns the stop, which waits for the pass under way.
 */
export function repeatShared(
  db: Db,
  options: SharedPassOptions,
  work: (stopped: () => boolean) => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  const { name, everyMs, checkMs = Math.min(everyMs, 60_000), leaseMs = DEFAULT_LEASE_MS } = options;
  let stopping = false;
  let current: Promise<void> = Promise.resolve();
  const check = async () => {
    if (stopping || !(await claim(db, name, everyMs, leaseMs))) return;
    const renew = setInterval(() => void extend(db, name, leaseMs).catch(onError), Math.max(leaseMs / 3, 10));
    try {
      await work(() => stopping);
      await release(db, name, !stopping);
    } catch (error) {
      await release(db, name, false).catch(() => {});
      throw error;
    } finally {
      clearInterval(renew);
    }
  };
  const tick = () => {
    current = current.then(check).catch(onError);
  };
  tick();
  const timer = setInterval(tick, checkMs);
  timer.unref();
  return async () => {
    stopping = true;
    clearInterval(timer);
    await current;
  };
}

/** True when this process took the pass: nobody holds it and the last one finished at least `everyMs` ago. */
async function claim(db: Db, name: string, everyMs: number, leaseMs: number): Promise<boolean> {
  const claimed = await db
    .insert(sharedPasses)
    .values({ name, heldBy: PROCESS, leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: sharedPasses.name,
      set: { heldBy: PROCESS, leaseUntil: sql`excluded.lease_until` },
      setWhere: sql`(${sharedPasses.leaseUntil} is null or ${sharedPasses.leaseUntil} < now())
        and (${sharedPasses.finishedAt} is null
          or ${sharedPasses.finishedAt} <= now() - ${everyMs} * interval '1 millisecond')`,
    })
    .returning({ name: sharedPasses.name });
  return claimed.length > 0;
}

async function extend(db: Db, name: string, leaseMs: number): Promise<void> {
  await db
    .update(sharedPasses)
    .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(and(eq(sharedPasses.name, name), eq(sharedPasses.heldBy, PROCESS)));
}

/** Frees the pass; `finished` records that it ran to its end (else it is due again at once). */
async function release(db: Db, name: string, finished: boolean): Promise<void> {
  await db
    .update(sharedPasses)
    .set({ heldBy: null, leaseUntil: null, ...(finished ? { finishedAt: sql`now()` } : {}) })
    .where(and(eq(sharedPasses.name, name), eq(sharedPasses.heldBy, PROCESS)));
}

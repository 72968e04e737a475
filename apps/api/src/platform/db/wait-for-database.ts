import { sql } from 'drizzle-orm';
import type { Db } from './client';

export interface WaitForDatabase {
  /** How many times to try before giving up (DB_START_ATTEMPTS). */
  attempts: number;
  /** The pause after the first failure, doubled after each next one up to 5 s (DB_START_DELAY_MS). */
  delayMs: number;
  log: (line: string) => void;
}

/** host:port/database of a connection URL, without its user or password (for log lines). */
export function databaseAddress(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

/**
 * Waits until the server answers `select 1`, as a server still starting (or a container started in the same
 * breath) may not yet: each failure is logged with its reason, and after the last attempt the error is thrown.
 */
export async function waitForDatabase(db: Db, address: string, opts: WaitForDatabase): Promise<void> {
  let delay = opts.delayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql`select 1`);
      if (attempt > 1) opts.log(`PostgreSQL at ${address} answers`);
      return;
    } catch (error) {
      const reason = (error as Error).message || String(error);
      if (attempt >= opts.attempts)
        throw new Error(`PostgreSQL at ${address} did not answer after ${attempt} attempts: ${reason}`);
      opts.log(`waiting for PostgreSQL at ${address} (attempt ${attempt}/${opts.attempts}): ${reason}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 5000);
    }
  }
}

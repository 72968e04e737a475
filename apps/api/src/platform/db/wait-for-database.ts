import { DrizzleQueryError, sql } from 'drizzle-orm';
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
 * breath) may not yet: each failure is logged with its reason. After the last attempt, or at once when the server
 * answers with a refusal no wait mends (a wrong password, no such database), the start fails naming the database.
 */
export async function waitForDatabase(db: Db, address: string, opts: WaitForDatabase): Promise<void> {
  let delay = opts.delayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql`select 1`);
      if (attempt > 1) opts.log(`PostgreSQL at ${address} answers`);
      return;
    } catch (error) {
      const reason = failureReason(error);
      if (attempt >= opts.attempts || isRefusal(error))
        throw new Error(
          `cannot connect to the database at ${address}: ${reason}${attempt > 1 ? ` (after ${attempt} attempts)` : ''}`,
        );
      opts.log(`waiting for PostgreSQL at ${address} (attempt ${attempt}/${opts.attempts}): ${reason}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 5000);
    }
  }
}

/** The driver's words: Drizzle's wrapper says only which query failed, Node's failed connection may say nothing. */
function failureReason(error: unknown): string {
  const cause = error instanceof DrizzleQueryError && error.cause ? error.cause : error;
  if (cause instanceof AggregateError && !cause.message)
    return [...new Set(cause.errors.map(failureReason))].join('; ');
  const { message, code } = cause as { message?: string; code?: string };
  return message || code || String(cause);
}

/**
 * The server answered and refused: authentication (SQLSTATE class 28) or a database that does not exist (3D000).
 * Waiting does not change that, so the start stops at once.
 */
function isRefusal(error: unknown): boolean {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (code.startsWith('28') || code === '3D000');
}

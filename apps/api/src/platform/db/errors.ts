/** Whether `error`, or an error it wraps (Drizzle wraps the driver's), carries SQLSTATE `code` (pg and PGlite alike). */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === code) return true;
  return false;
}

export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';
export const LOCK_NOT_AVAILABLE = '55P03';
/** A statement cancelled: past statement_timeout (DB_STATEMENT_TIMEOUT_MS), or by an operator. */
export const QUERY_CANCELED = '57014';

/**
 * SQLSTATEs of a database out of reach: class 08 (connection exception), the server shutting down or
 * ending the connection (57P01 admin shutdown — pg_terminate_backend —, 57P02 crash shutdown, 57P03 cannot
 * connect now), too many connections (53300).
 */
const UNAVAILABLE_STATE = /^(08|57P0[123]$|53300$)/;
/** Socket errors of the driver when the server cannot be reached or went away. */
const UNAVAILABLE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** node-postgres and pg-pool say so in words only. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/;

/**
 * Whether `error` (or one it wraps) means the database could not be reached or the connection was lost: the
 * request may succeed when retried, so the caller gets 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string' && (UNAVAILABLE_STATE.test(e.code) || UNAVAILABLE_CODES.has(e.code)))
      return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

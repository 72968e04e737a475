/** Whether `error`, or an error it wraps (Drizzle wraps the driver's), carries SQLSTATE `code` (pg and PGlite alike). */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === code) return true;
  return false;
}

export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';
export const LOCK_NOT_AVAILABLE = '55P03';

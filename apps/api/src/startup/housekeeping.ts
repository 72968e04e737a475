import { forgetStaleAttempts } from '../access/login-throttle';
import type { Db } from '../platform/db/client';
import { forgetOldIdempotencyKeys } from '../platform/http/idempotency';
import { repeatEvery } from '../platform/repeat';

const HOUR_MS = 3_600_000;

/** One pass of housekeeping: rows that no longer change any answer, in tables that would otherwise only grow. */
export async function tidyOnce(db: Db): Promise<void> {
  await forgetOldIdempotencyKeys(db);
  await forgetStaleAttempts(db);
}

/** Tidies at start and hourly (docs/operations.md); returns the stop. */
export function keepTidy(db: Db, onError: (error: unknown) => void): () => Promise<void> {
  return repeatEvery(HOUR_MS, () => tidyOnce(db), onError);
}

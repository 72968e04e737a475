import { forgetStaleAttempts } from '../access/login-throttle';
import { forgetExpiredSessions } from '../access/sessions';
import { forgetOldDryRunLists } from '../bonus/settlement';
import { DEFAULT_DRY_RUN_LIST_DAYS } from '../config';
import type { Db } from '../platform/db/client';
import { forgetOldIdempotencyKeys } from '../platform/http/idempotency';
import { repeatShared } from '../platform/shared-pass/shared-pass';

const HOUR_MS = 3_600_000;

export interface TidyOptions {
  /** Days a dry run's list of payouts is kept (DRY_RUN_LIST_DAYS). */
  dryRunListDays?: number;
}

/** One pass of housekeeping: rows that no longer change any answer, in tables that would otherwise only grow. */
export async function tidyOnce(db: Db, options: TidyOptions = {}): Promise<void> {
  await forgetOldIdempotencyKeys(db);
  await forgetStaleAttempts(db);
  await forgetExpiredSessions(db);
  await forgetOldDryRunLists(db, options.dryRunListDays ?? DEFAULT_DRY_RUN_LIST_DAYS);
}

/**
 * Tidies hourly, in one process of all those on the database at a time (shared-pass.ts): a start tidies only
 * when no process did within the hour (docs/operations.md). Returns the stop.
 */
export function keepTidy(
  db: Db,
  options: TidyOptions,
  onError: (error: unknown) => void,
): () => Promise<void> {
  return repeatShared(db, { name: 'housekeeping', everyMs: HOUR_MS }, () => tidyOnce(db, options), onError);
}

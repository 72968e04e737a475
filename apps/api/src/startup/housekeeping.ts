import { forgetStaleAttempts } from '../access/login-throttle';
import { forgetExpiredSessions } from '../access/sessions';
import { forgetOldDryRunLists } from '../bonus/settlement';
import { DEFAULT_DRY_RUN_LIST_DAYS } from '../config';
import type { Db } from '../platform/db/client';
import { forgetOldIdempotencyKeys } from '../platform/http/idempotency';
import { repeatEvery } from '../platform/repeat';

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

/** Tidies at start and hourly (docs/operations.md); returns the stop. */
export function keepTidy(
  db: Db,
  options: TidyOptions,
  onError: (error: unknown) => void,
): () => Promise<void> {
  return repeatEvery(HOUR_MS, () => tidyOnce(db, options), onError);
}

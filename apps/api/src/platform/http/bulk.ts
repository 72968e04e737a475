import { type BulkResult, type BulkRowResult, type Locale, translate } from '@app/contracts';
import type { Tx } from '../db/client';
import { AppError } from './errors';

/**
 * A bulk action's rows, each through `act` (the single action's own service function) in a savepoint of `tx`: a row
 * refused (an AppError: status error, not found…) rolls back alone and is reported with its translated reason, the
 * others go on. Any other error fails the whole request. Run inside `idempotent`, so the bulk request's one
 * Idempotency-Key keeps its first answer and a replay acts on no row again (docs/product/withdrawals.md, "Bulk actions").
 */
export async function eachRow(
  tx: Tx,
  ids: readonly number[],
  locale: Locale,
  act: (tx: Tx, id: number) => Promise<unknown>,
): Promise<BulkResult> {
  const results: BulkRowResult[] = [];
  for (const id of ids) {
    try {
      await tx.transaction((row) => act(row, id));
      results.push({ id, done: true, code: 200, msg: translate('common.operationSuccessful', locale) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, done: false, code: error.code, msg: translate(error.key, locale, error.params) });
    }
  }
  const done = results.filter((r) => r.done).length;
  return { results, done, refused: results.length - done };
}

import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { ago } from '../../platform/db/ago';
import { type DbOrTx, queryRows } from '../../platform/db/client';
import { conflict } from '../../platform/http/errors';
import { bonusSettlementRuns } from '../bonus.schema';

/** Rows deleted per statement: a 1M-order month's list is ~3M rows, cleared in steps rather than one transaction. */
const DELETE_BATCH = 50_000;

/**
 * Housekeeping of computed lists (bonus_dry_run_payouts): every dry run, rejected run and approved run that
 * finished more than `keptDays` ago is marked cleared (from then on a dry or rejected run's list, export and
 * explanations answer 409 'bonus.dryRunListCleared'; an approved run's list is the payouts it paid, which stay),
 * then the rows of every cleared run are deleted, `batch` at a time. The run itself and its totals stay. Marked
 * first, so a pass cut short leaves a run that says it is cleared with rows still to delete, which the next pass
 * deletes; never a half list shown as whole. A run awaiting approval keeps its list.
 */
export async function forgetOldDryRunLists(
  db: DbOrTx,
  keptDays: number,
  batch = DELETE_BATCH,
): Promise<void> {
  await db
    .update(bonusSettlementRuns)
    .set({ listClearedAt: sql`now()` })
    .where(
      and(
        or(
          eq(bonusSettlementRuns.dryRun, true),
          eq(bonusSettlementRuns.status, 'rejected'),
          isNotNull(bonusSettlementRuns.approvedAt),
        ),
        isNull(bonusSettlementRuns.listClearedAt),
        lt(bonusSettlementRuns.finishedAt, ago({ days: keptDays })),
      ),
    );
  const cleared = await queryRows<{ id: number }>(
    db,
    sql`select r.id from bonus_settlement_runs r
        where r.list_cleared_at is not null
          and exists (select 1 from bonus_dry_run_payouts p where p.run_id = r.id)`,
  );
  for (const { id } of cleared) {
    for (;;) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`with gone as (
              delete from bonus_dry_run_payouts where id in (
                select id from bonus_dry_run_payouts where run_id = ${id} order by id limit ${batch})
              returning 1)
            select count(*)::int as n from gone`,
      );
      if ((row?.n ?? 0) < batch) break;
    }
  }
}

/** Refuses to read the list of a dry run whose list was cleared (409 'bonus.dryRunListCleared'). */
export function assertListKept(run: { listClearedAt: Date | null }): void {
  if (run.listClearedAt) throw conflict('bonus.dryRunListCleared');
}

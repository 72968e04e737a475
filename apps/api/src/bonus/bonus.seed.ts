import { BonusKey } from '@app/contracts';
import type { DbOrTx } from '../platform/db/client';
import { runSettlement } from './settlement/settlement.service';

/**
 * Demo bonuses, kept small so every fresh demo database stays quick to build: last month's global
 * dividend (type 3) and yesterday's order-driven bonuses, paid through the ledger like any run.
 */
export async function seedBonuses(db: DbOrTx): Promise<void> {
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  await runSettlement(db, {
    period: lastMonth,
    typeKey: BonusKey.globalDividend,
    dryRun: false,
    startedBy: null,
    now,
  });
  await runSettlement(db, { period: yesterday, dryRun: false, startedBy: null, now });
}

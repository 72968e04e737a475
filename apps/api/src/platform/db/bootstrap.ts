import { bootstrapAccess } from '../../access/bootstrap';
import { bootstrapBonusTypes } from '../../bonus/bonus-types.bootstrap';
import { bootstrapLevels } from '../../members/levels.bootstrap';
import { ensureOrderTotals } from '../../orders/orders.rollup';
import { LEDGER_POST } from '../../wallet/ledger';
import { WALLET_TRANSFER } from '../../wallet/transfers.service';
import type { Database } from './client';
import { ensureSqlFunctions } from './sql-functions';

/**
 * Migrations plus the reference data every installation needs, and the functions and triggers
 * drizzle-kit does not generate (the orders totals rollup, the ledger posting, transfers). Idempotent.
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.migrate();
  await database.db.transaction(async (tx) => {
    await bootstrapLevels(tx);
    await bootstrapAccess(tx);
    await bootstrapBonusTypes(tx);
    await ensureOrderTotals(tx);
    await ensureSqlFunctions(tx, [LEDGER_POST, WALLET_TRANSFER]);
  });
}

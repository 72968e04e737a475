import { bootstrapAccess } from '../../access/bootstrap';
import { bootstrapBonusTypes } from '../../bonus/bonus-types.bootstrap';
import { bootstrapLevels } from '../../members/levels.bootstrap';
import { ensureOrderTotals } from '../../orders/orders.rollup';
import type { Database } from './client';

/**
 * Migrations plus the reference data every installation needs, and the triggers drizzle-kit
 * does not generate (the orders totals rollup). Idempotent.
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.migrate();
  await database.db.transaction(async (tx) => {
    await bootstrapLevels(tx);
    await bootstrapAccess(tx);
    await bootstrapBonusTypes(tx);
    await ensureOrderTotals(tx);
  });
}

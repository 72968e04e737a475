import { bootstrapAccess } from './access/bootstrap';
import { bootstrapBonusTypes } from './bonus/bonus-types.bootstrap';
import { bootstrapLevels } from './members/levels.bootstrap';
import type { Database } from './platform/db/client';

/**
 * Applies the pending migrations (apps/api/drizzle: tables, indexes, SQL functions and triggers), then adds
 * the reference data every installation needs where it is missing (levels, built-in permissions and roles,
 * bonus types). Nothing else: rows already there are never changed or removed.
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.migrate();
  await database.db.transaction(async (tx) => {
    await bootstrapLevels(tx);
    await bootstrapAccess(tx);
    await bootstrapBonusTypes(tx);
  });
}

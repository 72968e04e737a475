/**
 * `npm run migrate`: applies this release's pending migrations, then the reference data it needs, to the
 * server's database (DATABASE_URL, else the embedded one in DATA_DIR, which no running server may hold), and
 * exits: the step of an upgrade between stopping the old release and starting the new one (docs/operations.md,
 * "Upgrade"). The pending migrations run in one transaction: when one fails, the database is left as it was
 * and the command exits 1 with the reason. Bundled beside the server as dist/migrate.js.
 */
import { prepareDatabase } from '../bootstrap';
import { loadDatabaseLocation } from '../config';
import { openDatabase } from '../platform/db/client';

try {
  const database = openDatabase(loadDatabaseLocation());
  try {
    await prepareDatabase(database);
  } finally {
    await database.close();
  }
  console.log('The database is migrated to this release.');
} catch (error) {
  console.error(`The database was not migrated: ${(error as Error).message}`);
  process.exitCode = 1;
}

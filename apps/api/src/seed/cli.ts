/**
 * Data generator: `npm run seed -- --members 1000000 [--seed 7]`.
 * Uses DATABASE_URL (PostgreSQL) when set, else the embedded PGlite in DATA_DIR.
 * Migrates, loads the demo data set when the database is empty (so the demo
 * logins work), then appends the requested bulk data.
 */
import { parseArgs } from 'node:util';
import { prepareDatabase } from '../bootstrap';
import { databaseLocation, loadConfig } from '../config';
import { openDatabase } from '../platform/db/client';
import { seedBulkMembers } from './bulk-members';
import { DEMO_LOGINS, seedDemoIfEmpty } from './demo';

const { values } = parseArgs({
  options: { members: { type: 'string', default: '0' }, seed: { type: 'string' } },
});
const members = Number(values.members);
if (!Number.isSafeInteger(members) || members < 0) throw new Error('--members must be a whole number ≥ 0');

const config = loadConfig();
const database = openDatabase(databaseLocation(config));
try {
  await prepareDatabase(database);
  if (await seedDemoIfEmpty(database.db)) console.log('demo data loaded');
  if (members > 0) {
    const t0 = Date.now();
    const result = await seedBulkMembers(database.db, {
      count: members,
      seed: values.seed ? Number(values.seed) : undefined,
      onProgress: (done) =>
        process.stdout.write(`  ${done.toLocaleString()} / ${members.toLocaleString()} members\r`),
    });
    console.log(
      `\n${members.toLocaleString()} members (ids ${result.firstId}-${result.lastId}, max depth ${result.maxDepth}) in ${((Date.now() - t0) / 1000).toFixed(1)} s; they sign in as bulk<id> / member123`,
    );
  }
  console.log(`logins: ${DEMO_LOGINS.map((l) => `${l.account}/${l.password}`).join(', ')}`);
} finally {
  await database.close();
}

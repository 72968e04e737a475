/**
 * Data generator: `npm run seed -- --members 1000000 [--orders 1000000] [--seed 7] [--shape random|chains]`.
 * Uses DATABASE_URL (PostgreSQL) when set, else the embedded PGlite in DATA_DIR.
 * Migrates, loads the demo data set when the database is empty (so the demo
 * logins work), then appends the requested bulk data: members as one sponsor tree of the tree
 * benchmark's shape (seed/tree-shape.ts), then orders of those and every other member.
 */
import { parseArgs } from 'node:util';
import { prepareDatabase } from '../bootstrap';
import { loadDatabaseLocation } from '../config';
import { openDatabase } from '../platform/db/client';
import { seedBulkMembers } from './bulk-members';
import { seedBulkOrders } from './bulk-orders';
import { DEMO_LOGINS, seedDemoIfEmpty } from './demo';
import type { TreeShape } from './tree-shape';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '0' },
    orders: { type: 'string', default: '0' },
    seed: { type: 'string' },
    shape: { type: 'string', default: 'random' },
  },
});
const members = Number(values.members);
if (!Number.isSafeInteger(members) || members < 0) throw new Error('--members must be a whole number ≥ 0');
const orders = Number(values.orders);
if (!Number.isSafeInteger(orders) || orders < 0) throw new Error('--orders must be a whole number ≥ 0');
const shape = values.shape as TreeShape;
if (shape !== 'random' && shape !== 'chains') throw new Error('--shape must be random or chains');

const database = openDatabase(loadDatabaseLocation());
try {
  await prepareDatabase(database);
  if (await seedDemoIfEmpty(database.db)) console.log('demo data loaded');
  if (members > 0) {
    const t0 = Date.now();
    const result = await seedBulkMembers(database.db, {
      count: members,
      seed: values.seed ? Number(values.seed) : undefined,
      shape,
      onProgress: (done) =>
        process.stdout.write(`  ${done.toLocaleString()} / ${members.toLocaleString()} members\r`),
    });
    console.log(
      `\n${members.toLocaleString()} members (ids ${result.firstId}-${result.lastId}, max depth ${result.maxDepth}) in ${((Date.now() - t0) / 1000).toFixed(1)} s; they sign in as bulk<id> / member123`,
    );
  }
  if (orders > 0) {
    const t0 = Date.now();
    await seedBulkOrders(database.db, {
      count: orders,
      onProgress: (done) =>
        process.stdout.write(`  ${done.toLocaleString()} / ${orders.toLocaleString()} orders\r`),
    });
    console.log(`\n${orders.toLocaleString()} orders in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  console.log(`logins: ${DEMO_LOGINS.map((l) => `${l.account}/${l.password}`).join(', ')}`);
} finally {
  await database.close();
}

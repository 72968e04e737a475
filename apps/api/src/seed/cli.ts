/**
 * Data generator: `npm run seed -- --members 1000000 [--orders 1000000] [--seed 7] [--shape random|chains]
 * [--month-orders 1000000 --month 2024-09]`.
 * Uses DATABASE_URL (PostgreSQL) when set, else the embedded PGlite in DATA_DIR.
 * Migrates, loads the demo data set when the database is empty (so the demo
 * logins work), then appends the requested bulk data: members as one sponsor tree of the tree
 * benchmark's shape (seed/tree-shape.ts), then orders of those and every other member over the last two
 * years, then `--month-orders` more completed within the business month `--month` (a settlement's month).
 */
import { parseArgs } from 'node:util';
import { periodInstants } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '../bootstrap';
import { loadDatabaseLocation } from '../config';
import { businessTimeZone } from '../platform/business-time/business-time';
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
    'month-orders': { type: 'string', default: '0' },
    month: { type: 'string' },
  },
});
const members = Number(values.members);
if (!Number.isSafeInteger(members) || members < 0) throw new Error('--members must be a whole number ≥ 0');
const orders = Number(values.orders);
if (!Number.isSafeInteger(orders) || orders < 0) throw new Error('--orders must be a whole number ≥ 0');
const monthOrders = Number(values['month-orders']);
if (!Number.isSafeInteger(monthOrders) || monthOrders < 0)
  throw new Error('--month-orders must be a whole number ≥ 0');
if (monthOrders > 0 && !/^\d{4}-\d{2}$/.test(values.month ?? ''))
  throw new Error('--month-orders needs --month YYYY-MM');
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
  if (monthOrders > 0) {
    const t0 = Date.now();
    const within = periodInstants(values.month!, await businessTimeZone(database.db))!;
    await seedBulkOrders(database.db, {
      count: monthOrders,
      within,
      onProgress: (done) =>
        process.stdout.write(
          `  ${done.toLocaleString()} / ${monthOrders.toLocaleString()} orders of ${values.month}\r`,
        ),
    });
    console.log(
      `\n${monthOrders.toLocaleString()} orders of ${values.month} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  if (orders > 0 || monthOrders > 0) {
    // Each batch updated the rollups' rows it touched: rewritten once, they hold no dead versions for the
    // dashboards and the orders totals to read past (the activity rollup was 124 MB for 6 MB of rows at 6M orders).
    await database.db.execute(
      sql`vacuum full analyze activity_quarter_hours, order_totals_all, order_totals_scoped, scope_sales_hours`,
    );
  }
  if (members > 0 || orders > 0 || monthOrders > 0) {
    // As autovacuum does after inserts, in its own time: the visibility map that lets the orders screen's walks and
    // a downline's ids come from index-only scans. Without it each read the heap (a name search's page 50: 241 ms
    // p95 against 124 ms).
    await database.db.execute(sql`vacuum (analyze) users, orders`);
  }
  console.log(`logins: ${DEMO_LOGINS.map((l) => `${l.account}/${l.password}`).join(', ')}`);
} finally {
  await database.close();
}

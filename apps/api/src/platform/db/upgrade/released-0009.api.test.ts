import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../../bootstrap';
import { createTestDatabase } from '../../../test/test-database';
import { type Database, type Db, queryRows } from '../client';
import { migrationsUpTo } from './migrations.testing';

/** 0009_order_totals_refund as it was first released (it was edited 35 minutes later: 0016 mends that). */
const FIRST_0009 = readFileSync(new URL('./0009-first-release.sql', import.meta.url), 'utf8');

const indexDef = async (db: Db) =>
  (
    await queryRows<{ def: string }>(
      db,
      sql`select pg_get_indexdef('orders_user_completed_idx'::regclass) as def`,
    )
  )[0]!.def;

describe('a database that applied the first release of 0009', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('gets the index the edited 0009 builds, as a database migrated from the start has it', async () => {
    database = await createTestDatabase({ empty: true });
    await database.migrate(
      migrationsUpTo('0009_order_totals_refund', { '0009_order_totals_refund': FIRST_0009 }),
    );
    expect(await indexDef(database.db)).not.toContain('refunded_at');

    await prepareDatabase(database);
    const mended = await indexDef(database.db);
    expect(mended).toContain('platform_order_no_origin, refunded_at, id)');

    const fresh = await createTestDatabase();
    try {
      expect(await indexDef(fresh.db)).toBe(mended);
    } finally {
      await fresh.close();
    }
  });
});

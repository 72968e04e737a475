import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../../bootstrap';
import { scopeHoursAndFresh } from '../../../orders/scope-hours.testing';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../client';
import { BASELINE_TAG, loadBaselineData, migrationsUpTo } from './migrations.testing';

describe('0030_scope_sales_hours on a populated database with scopes', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('fills the hours of the scopes there are from their downlines’ done orders, and the triggers keep them', async () => {
    database = await createTestDatabase({ empty: true });
    const db = database.db;
    await database.migrate(migrationsUpTo(BASELINE_TAG));
    await loadBaselineData(db);
    await database.migrate(migrationsUpTo('0029_users_ui_theme'));
    // Scopes of members with a downline in each tree, as a server running 0029 had added them.
    await db.execute(sql`insert into order_totals_scopes (tree, ancestor_id)
      select 'sponsor', id from users u where exists (select 1 from users b where b.parent_user_id = u.id)
      order by id limit 4`);
    await db.execute(sql`insert into order_totals_scopes (tree, ancestor_id)
      select 'iblommer', id from users u where exists (select 1 from users b where b.iblommer_parent_user_id = u.id)
      order by id desc limit 4`);

    await prepareDatabase(database);

    const filled = await scopeHoursAndFresh(db);
    expect(filled.fresh.length).toBeGreaterThan(0);
    expect(filled.hours).toEqual(filled.fresh);
    // From then on the replaced triggers keep them: a refund marked, a day's orders no longer done.
    await db.execute(sql`update orders set refunded_at = now()
      where id = (select min(id) from orders where status = 1 and completed_at is not null)`);
    await db.execute(sql`update orders set status = 0
      where completed_at::date = (select max(completed_at)::date from orders)`);
    const kept = await scopeHoursAndFresh(db);
    expect(kept.hours).toEqual(kept.fresh);
    expect(kept.hours).not.toEqual(filled.hours);
  });
});

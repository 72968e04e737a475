import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../../bootstrap';
import { createTestDatabase } from '../../../test/test-database';
import { type Database, type Db, queryRows } from '../client';
import { BASELINE_TAG, loadBaselineData, migrationsUpTo } from './migrations.testing';

/** Each scope's non-empty hours of scope_sales_hours, and the same aggregated afresh from the done orders. */
async function hoursAndFresh(db: Db): Promise<{ hours: string[]; fresh: string[] }> {
  const rows = (q: ReturnType<typeof sql>) =>
    queryRows<Record<string, unknown>>(db, q).then((r) => r.map((x) => JSON.stringify(x)).sort());
  const hours = await rows(sql`
    select scope_id, to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as hour,
           sales_count::text as n, sales_cents::text as amount, sales_sp::text as sp
    from scope_sales_hours where sales_count <> 0 or sales_cents <> 0 or sales_sp <> 0`);
  const fresh = await rows(sql`
    select s.id as scope_id, to_char(date_trunc('hour', o.completed_at at time zone 'UTC'), 'YYYY-MM-DD HH24:MI:SS') as hour,
           count(*)::text as n, sum(o.amount_cents)::text as amount, sum(o.sales_point)::text as sp
    from orders o
    join users u on u.id = o.user_id
    join order_totals_scopes s on true
    join users a on a.id = s.ancestor_id
      and (s.tree = 'sponsor' and starts_with(u.tree_path, a.tree_path)
      or s.tree = 'iblommer' and starts_with(u.iblommer_path, a.iblommer_path))
    where o.status = 1 and o.platform_order_no_origin is null and o.refunded_at is null and o.completed_at is not null
    group by 1, 2`);
  return { hours, fresh };
}

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

    const filled = await hoursAndFresh(db);
    expect(filled.fresh.length).toBeGreaterThan(0);
    expect(filled.hours).toEqual(filled.fresh);
    // From then on the replaced triggers keep them: a refund marked, a day's orders no longer done.
    await db.execute(sql`update orders set refunded_at = now()
      where id = (select min(id) from orders where status = 1 and completed_at is not null)`);
    await db.execute(sql`update orders set status = 0
      where completed_at::date = (select max(completed_at)::date from orders)`);
    const kept = await hoursAndFresh(db);
    expect(kept.hours).toEqual(kept.fresh);
    expect(kept.hours).not.toEqual(filled.hours);
  });
});

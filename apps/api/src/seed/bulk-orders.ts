import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';

export interface BulkOrdersOptions {
  count: number;
  batchSize?: number;
  /** Completed within [from, to) (default: the last two years up to now). */
  within?: { from: Date; to: Date };
  onProgress?: (done: number) => void;
}

/**
 * Appends `count` completed orders of the existing products (20 providers and 60 products are added first
 * when there are none), bought by members spread evenly over every member, completed over the last two
 * years (so some in the current month) or `within` a given range, 1 in 50 cancelled. Each batch is one INSERT … SELECT over
 * generate_series: the orders totals' triggers roll them up as for any other insert.
 */
export async function seedBulkOrders(db: DbOrTx, opts: BulkOrdersOptions): Promise<{ orders: number }> {
  const { count, batchSize = 100_000 } = opts;
  const until = opts.within?.to ?? new Date(Date.now() - 1000);
  const since = opts.within?.from ?? new Date(until.getTime() - 63_072_000_000);
  const seconds = Math.floor((until.getTime() - since.getTime()) / 1000);
  const [{ products }] = (await queryRows<{ products: number }>(
    db,
    sql`select count(*)::int as products from products`,
  )) as [{ products: number }];
  if (Number(products) === 0) {
    await db.execute(sql`
      insert into providers (name, proportion_bp, email)
      select 'Seed provider ' || g, 500 + g * 100, 'seed-provider' || g || '@bulk.local' from generate_series(1, 20) g`);
    await db.execute(sql`
      insert into products (name, provider_id, price_cents, sales_points, source_type)
      select 'Seed product ' || g, (select min(id) from providers) + g % 20, 1000 * (1 + g), 10 * (1 + g), 1 + g % 3
      from generate_series(0, 59) g`);
  }
  // Plain (unlogged) work tables: each statement may run on another connection of the pool.
  await db.execute(sql`drop table if exists seed_buyers, seed_products`);
  await db.execute(sql`create unlogged table seed_buyers as
    select (row_number() over (order by id))::int - 1 as k, id, parent_user_id from users where not is_admin`);
  await db.execute(sql`alter table seed_buyers add primary key (k)`);
  await db.execute(sql`create unlogged table seed_products as
    select (row_number() over (order by id))::int - 1 as k, id, name, provider_id, price_cents, sales_points, source_type
    from products`);
  const [sizes] = await queryRows<{ buyers: number; products: number }>(
    db,
    sql`select (select count(*)::int from seed_buyers) as buyers, (select count(*)::int from seed_products) as products`,
  );
  const buyers = Number(sizes!.buyers);
  if (buyers === 0) throw new Error('--orders needs members to buy them');
  const run = Date.now().toString(36);
  try {
    for (let from = 0; from < count; from += batchSize) {
      const to = Math.min(count, from + batchSize);
      await db.execute(sql`
        insert into orders (platform_order_no, status, subtype, source_type, user_id, referer_user_id, product_id,
                            product_name, provider_id, amount_cents, sales_point, platform_profit_cents, order_at, completed_at)
        select 'SEED-' || ${run} || '-' || g, case when g % 50 = 0 then 0 else 1 end,
               (array['credit_order', 'renewal_order', 'normal_order'])[1 + (g % 10 > 0)::int + (g % 10 > 2)::int],
               p.source_type, b.id, b.parent_user_id, p.id, p.name, p.provider_id, p.price_cents, p.sales_points,
               p.price_cents * 8 / 10,
               ${until.toISOString()}::timestamptz - (1 + (g::bigint * 7919) % ${seconds}::int) * interval '1 second' - interval '5 minutes',
               ${until.toISOString()}::timestamptz - (1 + (g::bigint * 7919) % ${seconds}::int) * interval '1 second'
        from generate_series(${from}::int, ${to - 1}::int) g
        join seed_buyers b on b.k = (g::bigint * 2654435761) % ${buyers}::int
        join seed_products p on p.k = g % ${Number(sizes!.products)}::int`);
      opts.onProgress?.(to);
    }
  } finally {
    await db.execute(sql`drop table if exists seed_buyers, seed_products`);
  }
  await db.execute(sql`analyze orders`);
  return { orders: count };
}

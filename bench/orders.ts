/**
 * Orders benchmark (on demand: `npm run bench -- orders`, never a timed test).
 * On PostgreSQL (BENCH_DATABASE_URL, default a `bench_orders` database on the local server)
 * it loads BENCH_MEMBERS members (default 1,000,000, the members domain's bulk loader) and
 * BENCH_ORDERS orders (default 5,000,000, generated in SQL) once, then measures through the
 * real app:
 *  - POST /api/orders/list with totals for filter combinations of the orders screen (p50/p95),
 *  - .xlsx exports over HTTP (streamed, or a job then its file) of the newest 100,000 orders and
 *    of the largest group's orders: time and peak extra memory,
 *  - order writes with the run's scopes in place (rolled back): single orders, then a 100,000-order insert.
 * The orders load keeps order_totals_daily through the triggers (one aggregate per batch). The downline
 * scopes of the rollup are cleared before each run and those of the largest downlines added again as
 * the server does when it starts, so a run includes the first use of smaller ones (unless
 * BENCH_KEEP_SCOPES is set).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { sessionToken } from '../apps/api/src/access/sessions';
import { buildApp } from '../apps/api/src/app';
import { prepareDatabase } from '../apps/api/src/bootstrap';
import { createAdmin } from '../apps/api/src/members/members.service';
import { addScopesAhead, TOTALS_CONFIG } from '../apps/api/src/orders/totals';
import { openDatabase, queryRows } from '../apps/api/src/platform/db/client';
import { seedBulkMembers } from '../apps/api/src/seed/bulk-members';
import { testConfig } from '../apps/api/src/test/test-app';
import { ensureDatabase } from './fresh-database';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 5_000_000);
export const ORDERS_BENCH_SERVER =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_orders';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const EXPORT_ROWS = 100_000;
const BATCH = 250_000;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

type Db = ReturnType<typeof openDatabase>['db'];
const count = async (db: Db, table: string) =>
  Number((await queryRows<{ n: string }>(db, sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

const MIGRATIONS = new URL('../apps/api/drizzle/', import.meta.url);
/** The orders table's secondary indexes, as the migrations create them (an index created again: its last definition). */
const ORDER_INDEXES = [
  ...new Map(
    readdirSync(MIGRATIONS)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .flatMap((file) => readFileSync(new URL(file, MIGRATIONS), 'utf8').split('\n'))
      .filter((line) => line.startsWith('CREATE INDEX "orders_'))
      .map((line) => [
        line.split('"')[1]!,
        line.replace('--> statement-breakpoint', '').replace('CREATE INDEX', 'CREATE INDEX IF NOT EXISTS'),
      ]),
  ).values(),
];

async function buildOrderIndexes(db: Db) {
  const t0 = performance.now();
  for (const statement of ORDER_INDEXES) await db.execute(sql.raw(statement));
  console.log(
    `  ${ORDER_INDEXES.length} order indexes present (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
}

/** Providers, products with tags, and orders spread over two years, all derived from the row number. */
async function loadSales(db: Db, orders: number) {
  await db.execute(sql`
    insert into providers (name, proportion_bp, email, referrer_user_id)
    select 'Bench provider ' || g, 500 + g * 100, 'p' || g || '@bench.local',
           (select id from users where not is_admin order by id offset g * 1000 limit 1)
    from generate_series(1, 20) g`);
  await db.execute(sql`
    insert into products (name, provider_id, price_cents, sales_points, source_type, grants_level_id, tags)
    select 'Bench product ' || g, (select min(id) from providers) + g % 20, 1000 * g, 10 * g, 1 + g % 3,
           case when g % 3 = 0 then 2 + g % 3 end, array['tag' || g % 7, 'tag' || g % 11]
    from generate_series(0, 59) g`);
  const [range] = await queryRows<{ lo: number; n: number; p0: number; pr0: number }>(
    db,
    sql`select min(id)::int as lo, count(*)::int as n, (select min(id)::int from products) as p0,
               (select min(id)::int from providers) as pr0 from users where not is_admin`,
  );
  const { lo, n, p0 } = range!;
  // Secondary indexes are dropped for the bulk load and built once afterwards (much faster).
  for (const name of ORDER_INDEXES.map((d) => /"(orders_\w+)"/.exec(d)![1]))
    await db.execute(sql.raw(`drop index if exists ${name}`));
  for (let from = 1; from <= orders; from += BATCH) {
    const to = Math.min(orders, from + BATCH - 1);
    const t0 = performance.now();
    await db.execute(sql`
      insert into orders (order_no, platform_order_no, status, subtype, source_type, user_id, referer_user_id,
                          product_id, product_name, provider_id, amount_cents, sales_point, platform_profit_cents,
                          platform_rebate_cents, supplier_rebate_cents, order_at, completed_at)
      select 'B' || g, 'BP' || g, case when g % 50 = 0 then 0 else 1 end,
             (array['credit_order', 'renewal_order', 'normal_order'])[1 + (g % 10 > 0)::int + (g % 10 > 2)::int],
             p.source_type, u.id, u.parent_user_id, p.id, p.name, p.provider_id, p.price_cents, p.sales_points,
             p.price_cents * 8 / 10, p.price_cents / 50, p.price_cents * 15 / 100,
             now() - ((g::bigint * 7919) % 63072000) * interval '1 second',
             now() - ((g::bigint * 7919) % 63072000) * interval '1 second' + interval '5 minutes'
      from generate_series(${from}::int, ${to}::int) g
      join users u on u.id = ${lo} + ((g::bigint * 2654435761) % ${n})
      join products p on p.id = ${p0} + (g % 60)`);
    console.log(
      `  orders ${to.toLocaleString()} / ${orders.toLocaleString()} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
  await buildOrderIndexes(db);
  await db.execute(sql`analyze`);
}

/** The bench database with its orders (loaded once), the scopes as at a server's start, and the app logged in as admin. */
export async function openOrdersBench() {
  await ensureDatabase(ORDERS_BENCH_SERVER);
  const database = openDatabase({ url: ORDERS_BENCH_SERVER });
  await prepareDatabase(database);
  const db = database.db;
  let t0 = performance.now();
  const members = (await count(db, 'users')) - 1;
  if (members < MEMBERS) {
    if (members <= 0)
      await createAdmin(db, {
        name: 'bench_admin',
        email: 'bench@bench.local',
        password: 'bench123',
        isSuper: true,
      });
    await seedBulkMembers(db, {
      count: MEMBERS - Math.max(0, members),
      shape: 'chains',
      onProgress: (d) => process.stdout.write(`  members ${d}\r`),
    });
    console.log(`\nmembers loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  t0 = performance.now();
  if ((await count(db, 'orders')) < ORDERS) {
    await db.execute(sql`truncate orders, products, providers restart identity cascade`);
    await loadSales(db, ORDERS);
    console.log(`orders loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }

  await buildOrderIndexes(db);
  // As autovacuum would after the inserts: statistics, the visibility map that lets a page's ids
  // and a downline's totals come from index-only scans, and the rollup's dead row versions (each
  // batch updated its rows).
  await db.execute(sql`vacuum (analyze) users, orders, order_totals_daily`);
  // A run includes the downline scopes' first use: the first requests over a large downline count
  // exactly while its scope is added in the background (apps/api/src/orders/totals/scopes.ts).
  // BENCH_KEEP_SCOPES=1 keeps those of the previous run (the steady state).
  if (!process.env.BENCH_KEEP_SCOPES) await db.execute(sql`delete from order_totals_scopes`);
  // As the server does when it starts (server.ts): the scopes of downlines too large to count exactly
  // even once. Those of smaller downlines are still added on first use during the run.
  const ahead = performance.now();
  const addedAhead = await addScopesAhead(db);
  console.log(
    `  scopes ahead: ${addedAhead} added for downlines over ${TOTALS_CONFIG.scopeAheadFrom.toLocaleString()} members in ${((performance.now() - ahead) / 1000).toFixed(1)} s`,
  );
  const app = await buildApp({ db, config: { ...testConfig(), databaseUrl: ORDERS_BENCH_SERVER } });
  await app.ready();
  // A session of its own, not a sign-in: the seeded data set (bench all) made its bench_admin with another password.
  const [admin] = await queryRows<{ id: number }>(db, sql`select id from users where name = 'bench_admin'`);
  const token = await sessionToken(db, app.appContext.tokens, Number(admin!.id));
  const headers = { authorization: `Bearer ${token}` };
  return { database, db, app, headers, token };
}

/** The orders screen's filter combinations of this benchmark, by name, on the bench data. */
export async function orderScenarios(db: Db) {
  const pick = async (q: string) => (await queryRows<{ v: string }>(db, sql.raw(q)))[0]!.v;
  const midNode = await pick(
    `select p.user_no as v from users c join users p on p.id = c.parent_user_id
     where c.id >= (select min(id) + count(*) / 3 from users where not is_admin) order by c.id limit 1`,
  );
  // Ancestors of that member: at depth 4 (a downline of a few thousand with the bulk loader's
  // chains) and at depth 0 (the top of the tree: every member below it).
  const ancestor = (depth: number) =>
    pick(
      `select a.user_no as v from users c join users a on a.id = split_part(c.tree_path, '/', ${depth + 2})::int
       where c.id >= (select min(id) + count(*) / 3 from users where not is_admin) order by c.id limit 1`,
    );
  const leader = await ancestor(4);
  const top = await ancestor(0);
  // The largest downline below the top (a member at depth 1): too large to count cheaply, too small to subtract.
  const largest = await pick(
    `select u.user_no as v from users u
     join (select split_part(tree_path, '/', 3) as id from users where tree_depth >= 1
           group by 1 order by count(*) desc limit 1) d on u.id = d.id::int`,
  );
  // The largest downline at depth 2 with no scope ahead of its first use and none above it nearly as
  // large: its first requests are counted exactly while its own scope is added.
  const notAhead = await pick(
    `with d1 as (select split_part(tree_path, '/', 3) as id, count(*) as n from users where tree_depth >= 1 group by 1),
          d2 as (select split_part(tree_path, '/', 3) as parent, split_part(tree_path, '/', 4) as id, count(*) as n
                 from users where tree_depth >= 2 group by 1, 2)
     select u.user_no as v from d2 join d1 on d1.id = d2.parent join users u on u.id = d2.id::int
     where d2.n - 1 <= ${TOTALS_CONFIG.scopeAheadFrom} and d1.n - (d2.n - 1) > ${TOTALS_CONFIG.complementUpTo}
     order by d2.n desc limit 1`,
  );
  const buyer = await pick(`select u.user_no as v from users u join orders o on o.user_id = u.id limit 1`);
  const referrer = await pick(
    `select u.user_no as v from providers p join users u on u.id = p.referrer_user_id limit 1`,
  );
  const providerId = Number(await pick('select min(id)::text as v from providers'));
  const month = (m: number) => {
    const d = new Date();
    d.setUTCMonth(d.getUTCMonth() - m, 1);
    return d.toISOString().slice(0, 7);
  };
  const scenarios: Record<string, object> = {
    'no filter (totals over all)': {},
    'source type, all time': { source_type: 2 },
    'provider + subtype, all time': { provider_id: providerId, subtype: 'credit_order' },
    'this month': { date_from: `${month(0)}-01` },
    'one month + provider': {
      date_from: `${month(3)}-01`,
      date_to: `${month(3)}-28`,
      provider_id: providerId,
    },
    'this month from noon': { date_from: `${month(0)}-01T12:00:00Z` },
    'one month, noon to 6 am, + provider': {
      date_from: `${month(3)}-01T12:00:00Z`,
      date_to: `${month(3)}-28T06:00:00Z`,
      provider_id: providerId,
    },
    'within one day + source type': {
      date_from: `${month(2)}-10T08:00:00Z`,
      date_to: `${month(2)}-10T20:00:00Z`,
      source_type: 2,
    },
    'subtype + order type, sort amount': { subtype: 'renewal_order', source_type: 2, sort: 'amount' },
    'product tags, sort sales point': { tags: ['tag3'], sort: 'sales_point', order: 'asc' },
    'MemberId (buyer)': { member_id: buyer },
    'name search': { name: 'bulk12345' },
    'referral sales': { referral_sales: true, member_id: midNode },
    'generational sales': { generational_sales: true, member_id: midNode },
    'group sales + month': { group_sales: true, member_id: midNode, date_from: `${month(1)}-01` },
    'group not referral': { group_sales_not_referral: true, member_id: midNode },
    'group sales, downline of thousands': { group_sales: true, member_id: leader },
    'group sales, thousands + provider, noon': {
      group_sales: true,
      member_id: leader,
      provider_id: providerId,
      date_from: `${month(10)}-01T12:00:00Z`,
    },
    'group sales, top of the tree': { group_sales: true, member_id: top },
    'group sales, top + this month': { group_sales: true, member_id: top, date_from: `${month(0)}-01` },
    'group not referral, top + provider': {
      group_sales_not_referral: true,
      member_id: top,
      provider_id: providerId,
    },
    'largest downline not scoped ahead': { group_sales: true, member_id: notAhead },
    'group sales, largest level-1 group': { group_sales: true, member_id: largest },
    'largest group, sort amount': { group_sales: true, member_id: largest, sort: 'amount' },
    'largest group, sort referer': { group_sales: true, member_id: largest, sort: 'referer', order: 'asc' },
    'largest group not referral': { group_sales_not_referral: true, member_id: largest },
    'largest group + this month': { group_sales: true, member_id: largest, date_from: `${month(0)}-01` },
    'largest group + tags, sort points': {
      group_sales: true,
      member_id: largest,
      tags: ['tag3'],
      sort: 'sales_point',
    },
    'largest group + provider, this month': {
      group_sales: true,
      member_id: largest,
      provider_id: providerId,
      date_from: `${month(0)}-01`,
    },
    'largest group + type, from noon': {
      group_sales: true,
      member_id: largest,
      source_type: 2,
      date_from: `${month(6)}-01T12:00:00Z`,
    },
    'channel sales': { channel_sales: true, member_id: referrer },
    'iBloomer sales': { iblommer_sales: true, member_id: midNode },
    'platform order ID': { platform_order_no: 'BP4242' },
    'sort by referer, page 50': { sort: 'referer', page: 50 },
  };
  return { scenarios, largest };
}

async function main() {
  const { database, db, app, headers } = await openOrdersBench();
  const { scenarios, largest } = await orderScenarios(db);
  const all: number[] = [];
  console.log(
    `orders list on ${ORDERS.toLocaleString()} orders / ${MEMBERS.toLocaleString()} members (${SAMPLES} runs each):`,
  );
  for (const [name, filters] of Object.entries(scenarios)) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders/list',
        headers,
        payload: { pageSize: 20, ...filters },
      });
      times.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      total = res.json().data.meta.total;
    }
    all.push(...times);
    console.log(
      `  ${name.padEnd(36)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms  p95 ${pct(times, 95).toFixed(1).padStart(7)} ms  (${total.toLocaleString()} rows)`,
    );
  }
  console.log(
    `  ${'all scenarios'.padEnd(36)} p50 ${pct(all, 50).toFixed(1).padStart(7)} ms  p95 ${pct(all, 95).toFixed(1).padStart(7)} ms`,
  );

  // Exports over real HTTP, the file discarded: the newest ~100,000 orders (a date range), and the
  // largest group's orders (found member by member).
  const [edge] = await queryRows<{ at: Date }>(
    db,
    sql`select completed_at as at from orders order by completed_at desc offset ${EXPORT_ROWS - 1} limit 1`,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await exportOnce(origin, headers, `newest ${EXPORT_ROWS.toLocaleString()} orders`, {
    date_from: new Date(edge!.at).toISOString(),
  });
  await exportOnce(origin, headers, 'largest group', { group_sales: true, member_id: largest });
  await orderWrites(db);
  await app.close();
  await database.close();
}

/** Members' ids: from `first`, `count` of them. */
type MemberIds = { first: number; count: number };

/** Copies of existing orders bought by spread-out members, with new order numbers (a write of `n` orders). */
const copiedOrders = (from: number, n: number, ids: MemberIds) => sql`
  insert into orders (order_no, platform_order_no, user_id, provider_id, product_id, product_name, source_type,
                      subtype, status, amount_cents, sales_point, completed_at, order_at)
  select 'BENCH-W' || g, 'BENCH-W' || g, ${ids.first}::int + (g * 7919) % ${ids.count}::int, provider_id,
         product_id, product_name, source_type, subtype, status, amount_cents, sales_point,
         now() - (g % 1000) * interval '1 hour', now()
  from generate_series(${from}::int, ${from + n - 1}::int) g join orders o on o.id = g`;

/**
 * Order writes with the scopes of this run in place, in one rolled-back transaction on one connection:
 * 500 single-order inserts (ingestion), then one insert of 100,000 orders (an import) after them.
 */
async function orderWrites(db: Db) {
  const [ids] = await queryRows<MemberIds>(
    db,
    sql`select min(id)::int as first, count(*)::int as count from users`,
  );
  const rolledBack = new Error('rolled back');
  const times: string[] = [];
  const timed = async (work: () => Promise<unknown>) => {
    const t = performance.now();
    await work();
    times.push(`${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await db
    .transaction(async (tx) => {
      await timed(async () => {
        for (let i = 1; i <= 500; i++) await tx.execute(copiedOrders(i, 1, ids!));
      });
      await timed(() => tx.execute(copiedOrders(1_000, 100_000, ids!)));
      throw rolledBack;
    })
    .catch((error) => {
      if (error !== rolledBack) throw error;
    });
  console.log(`order writes: 500 single-order inserts ${times[0]}, then 100,000 in one insert ${times[1]}`);
}

/** One export through the API, timed to the last byte of its file, with the process's peak extra RSS. */
async function exportOnce(origin: string, headers: Record<string, string>, name: string, filter: object) {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t = performance.now();
  let res = await fetch(`${origin}/api/orders/list`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ export: true, ...filter }),
  });
  // The export either streams the .xlsx, or starts a job whose file is fetched once it is done.
  let rows = 0;
  if (res.headers.get('content-type')?.includes('json')) {
    const { job_id } = (await res.json()).data as { job_id: string };
    for (;;) {
      const job = (await (await fetch(`${origin}/api/jobs/${job_id}`, { headers })).json()).data;
      if (job.status === 'failed') throw new Error(`export job failed: ${job.error}`);
      rows = job.processed;
      if (job.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    res = await fetch(`${origin}/api/jobs/${job_id}/file`, { headers });
  }
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(sampler);
  console.log(
    `export, ${name} (${rows.toLocaleString()} rows): ${((performance.now() - t) / 1000).toFixed(1)} s, ` +
      `${(bytes / 1e6).toFixed(1)} MB xlsx, peak RSS +${((peak - base) / 1e6).toFixed(0)} MB over ${(base / 1e6).toFixed(0)} MB`,
  );
}

export const benchOrders = main;

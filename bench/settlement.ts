/**
 * Monthly bonus settlement benchmark (on demand: `npm run bench -- settlement`, never a timed test).
 * On PostgreSQL (BENCH_SETTLEMENT_DATABASE_URL, default a `bench_settlement` database on the local
 * server) it loads BENCH_MEMBERS members (default 1,000,000, the members domain's bulk loader) and
 * BENCH_ORDERS orders completed in one month (default 1,000,000, generated in SQL) once, then times
 *  - a dry run of the month over every bonus type (load + engine, records its list, pays nothing),
 *  - unless BENCH_REAL=0, the real run of the month in its two steps, timed apart: computed into awaiting
 *    approval (load + engine + its list), then its approval (load + engine again to check the digest, then
 *    every payout through the wallet ledger),
 *  - then a dry re-run of the paid month (loads what was paid; pays nothing),
 * and reports the heap in use after each and at most during it (sampled; the live heap under
 * `node --expose-gc`), and the process's peak resident memory.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { approveRun, runSettlement } from '../apps/api/src/bonus/settlement';
import { prepareDatabase } from '../apps/api/src/bootstrap';
import { createAdmin } from '../apps/api/src/members/members.service';
import { openDatabase, queryRows } from '../apps/api/src/platform/db/client';
import { seedBulkMembers } from '../apps/api/src/seed/bulk-members';
import { ensureDatabase } from './fresh-database';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const REAL = process.env.BENCH_REAL !== '0';
const SERVER =
  process.env.BENCH_SETTLEMENT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_settlement';
const MONTH = '2026-01';

type Db = ReturnType<typeof openDatabase>['db'];
const count = async (db: Db, table: string) =>
  Number((await queryRows<{ n: string }>(db, sql.raw(`select count(*) as n from ${table}`)))[0]!.n);
/** The server's current WAL position (its WAL, every database's: other work on the server counts too). */
const walLsn = async (db: Db) =>
  (await queryRows<{ lsn: string }>(db, sql`select pg_current_wal_lsn()::text as lsn`))[0]!.lsn;
const walMbSince = async (db: Db, lsn: string) =>
  Math.round(
    Number(
      (
        await queryRows<{ b: string }>(
          db,
          sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${lsn}::pg_lsn) as b`,
        )
      )[0]!.b,
    ) / 1e6,
  );
/** The 1-minute load average (Linux), as `cat /proc/loadavg` shows it first. */
const loadAverage = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  } catch {
    return '?';
  }
};
const heapMb = () => Math.round(process.memoryUsage().heapUsed / 1e6);
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1e3);

/**
 * Runs `run`, sampling the heap in use meanwhile (between its awaits); returns its result and the highest
 * sample. Under `node --expose-gc` each sample (one a second) follows a full collection: the live heap.
 */
async function withPeakHeap<T>(run: () => Promise<T>): Promise<[T, number]> {
  const gc = (globalThis as { gc?: () => void }).gc;
  let peak = process.memoryUsage().heapUsed;
  const timer = setInterval(
    () => {
      gc?.();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    },
    gc ? 1000 : 20,
  );
  try {
    return [await run(), Math.round(peak / 1e6)];
  } finally {
    clearInterval(timer);
  }
}

/** 20 providers referred by members (two of them Qualified CPs) and ORDERS orders spread over the month. */
async function loadOrders(db: Db) {
  await db.execute(sql`
    insert into providers (name, proportion_bp, email, referrer_user_id)
    select 'Bench provider ' || g, 1000, 'p' || g || '@bench.local',
           (select id from users where not is_admin order by id offset g * 997 limit 1)
    from generate_series(1, 20) g`);
  await db.execute(
    sql`insert into qualified_cps (user_id) select referrer_user_id from providers order by id limit 2`,
  );
  const [range] = await queryRows<{ lo: number; n: number; pr0: number }>(
    db,
    sql`select min(id)::int as lo, count(*)::int as n, (select min(id)::int from providers) as pr0
        from users where not is_admin`,
  );
  for (let start = 0; start < ORDERS; start += 250_000) {
    const end = Math.min(ORDERS, start + 250_000);
    await db.execute(sql`
      insert into orders (platform_order_no, source_type, user_id, product_name, provider_id, amount_cents,
                          sales_point, order_at, completed_at)
      select 'BS' || g, 1 + g % 3, ${range!.lo}::int + (g::bigint * 7919) % ${range!.n}::int, 'Bench product',
             case when g % 4 = 0 then ${range!.pr0}::int + g % 20 end, 10000 + (g % 50) * 1000, 100 + (g % 50) * 10,
             ${`${MONTH}-01T00:00:00Z`}::timestamptz + (((g::bigint * 2678399) / ${ORDERS}::int) || ' seconds')::interval,
             ${`${MONTH}-01T00:00:00Z`}::timestamptz + (((g::bigint * 2678399) / ${ORDERS}::int) || ' seconds')::interval
      from generate_series(${start}::int, ${end - 1}::int) g`);
    process.stdout.write(`  orders ${end}\r`);
  }
  await db.execute(sql`analyze`);
}

export async function benchSettlement() {
  await ensureDatabase(SERVER);
  const database = openDatabase({ url: SERVER });
  await prepareDatabase(database);
  const db = database.db;
  let t0 = performance.now();
  const members = (await count(db, 'users')) - 1;
  if (members > MEMBERS)
    console.warn(`the database holds ${members} members, more than BENCH_MEMBERS; the run uses them all`);
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
  if ((await count(db, 'orders')) !== ORDERS) {
    t0 = performance.now();
    await db.execute(
      sql`truncate bonus_payouts, bonus_settlement_runs, wallet_records, wallets, orders, qualified_cps, providers restart identity cascade`,
    );
    await loadOrders(db);
    console.log(`\norders loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  await db.execute(
    sql`truncate bonus_payouts, bonus_dry_run_payouts, bonus_settlement_runs, wallet_records, wallets restart identity cascade`,
  );
  const now = new Date();
  const compute = (dryRun: boolean) => () =>
    runSettlement(db, { period: MONTH, dryRun, startedBy: null, now });
  // A real run computes into awaiting approval, then its approval computes it again and pays: timed apart.
  let awaiting = 0;
  const steps: Array<[string, () => ReturnType<typeof runSettlement>]> = REAL
    ? [
        ['dry run', compute(true)],
        [
          'real run computed (awaiting approval)',
          async () => {
            const result = await compute(false)();
            awaiting = result.run.id;
            return result;
          },
        ],
        ['approval (recompute and pay)', () => approveRun(db, { runId: awaiting, approvedBy: null })],
        ['re-run of the paid month (dry)', compute(true)],
      ]
    : [['dry run', compute(true)]];
  for (const [name, step] of steps) {
    const walBefore = await walLsn(db);
    const load = loadAverage();
    const cpu0 = process.cpuUsage();
    t0 = performance.now();
    const [{ run }, peakHeap] = await withPeakHeap(step);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `${name}: ${ORDERS.toLocaleString('en-US')} orders, ${MEMBERS.toLocaleString('en-US')} members → ` +
        `${run.payout_count.toLocaleString('en-US')} payouts, ${run.total_amount} in ${seconds.toFixed(1)} s, ` +
        `heap ${heapMb()} MB after, ${peakHeap} MB at most; peak RSS so far ${peakRssMb()} MB; ` +
        `this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; ` +
        `WAL ${await walMbSince(db, walBefore)} MB (the whole server's, ${walBefore} → ${await walLsn(db)}); ` +
        `load average ${load} → ${loadAverage()}`,
    );
  }
  await database.close();
}

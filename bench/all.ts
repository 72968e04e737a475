/**
 * Every row of the million-member review in one command (on demand: `npm run bench -- all`, never a timed
 * test), on the data set `npm run seed` builds: BENCH_SEEDED_DATABASE_URL (default a `review` database on the
 * local server) holding 1,000,000 seeded members, 5,000,000 orders over two years and 1,000,000 more in the
 * settlement month BENCH_SETTLEMENT_MONTH (default 2024-09, before the two years). What is missing is seeded
 * first with the seed's own command; a database that holds them is used as it is.
 *
 * The API (the real app on its own pool) and a bare baseline (Fastify + pg, no app) each run in their own
 * process; the load generator runs in a third and talks to both over keep-alive HTTP. Each figure has its
 * baseline from the same run, taken in turns with it (A/B/A/B):
 *  - latency rows, one request at a time, each row's request followed by the baseline's `select 1`;
 *  - the orders filters at BENCH_IN_FLIGHT (4) in flight, then the baseline's at as many;
 *  - reads per second (wallet, /api/me), each against the bare process making the API's statement byte for byte;
 *  - a start of the real server (`apps/api/src/server.ts`) to its first ready answer, against the bare one's;
 *  - a real settlement of the month through the API (started, computed into awaiting approval, then rejected
 *    so the next run can measure it again; BENCH_PAY=1 approves and pays it instead), against PostgreSQL
 *    reading the month's orders by buyer.
 * It prints one table and writes it, with the load averages before and after, into docs/performance/README.md.
 */
import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { dayIn, periodInstants } from '@app/contracts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { sessionToken } from '../apps/api/src/access/sessions';
import { buildApp } from '../apps/api/src/app';
import { prepareDatabase } from '../apps/api/src/bootstrap';
import { addScopesAhead } from '../apps/api/src/orders/totals';
import { businessTimeZone } from '../apps/api/src/platform/business-time/business-time';
import { openDatabase, queryRows } from '../apps/api/src/platform/db/client';
import { testConfig } from '../apps/api/src/test/test-app';
import { bareReads } from './bare-reads';
import { ensureBenchAdmin, ensureDatabase } from './fresh-database';
import { orderScenarios } from './orders';
import { childRole, keepAliveClient, loadAverage, loadTask, percentile, runLoad, serveApi } from './outside';

const SERVER = process.env.BENCH_SEEDED_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/review';
const MEMBERS = 1_000_000;
const ORDERS = 5_000_000;
const MONTH = process.env.BENCH_SETTLEMENT_MONTH ?? '2024-09';
const MONTH_ORDERS = 1_000_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 4);
const READ_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const READ_CONNECTIONS = 32;
const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

interface Call {
  method: 'GET' | 'POST' | 'HEAD';
  path: string;
  body?: object;
  token: string;
}
interface LatencyRow {
  name: string;
  target: string;
  calls: Call[];
}
const BARE: Call = { method: 'GET', path: '/bare', token: '' };

/** The bare baseline: Fastify and a pg pool, `select 1` and the wallet read's one statement, nothing else. */
async function baselineProcess() {
  const pool = new pg.Pool({ connectionString: SERVER, max: 16 });
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({
    code: 200,
    msg: 'ok',
    data: (await pool.query('select 1 as one')).rows[0],
  }));
  bareReads(app, pool);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
  process.once('disconnect', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}

interface LoadTask {
  api: number;
  bare: number;
  rows: LatencyRow[];
  mixed: Call[];
  /** Read rates: the API's paths, and the bare process's (the same statement) in turns with them. */
  reads: { name: string; paths: string[]; barePaths: string[]; tokens: string[] }[];
}
interface Latency {
  first: number;
  times: number[];
  bare: number[];
}

/** The load process: every latency row in turns with the baseline, the mixed queue, then the read rates. */
async function loadProcess() {
  const { task, answer } = await loadTask<LoadTask>();
  const api = keepAliveClient(task.api, IN_FLIGHT);
  const bare = keepAliveClient(task.bare, IN_FLIGHT);
  const send = async (client: typeof api, call: Call) => {
    const res = await client.send(call.method as 'GET', call.path, call.token, call.body);
    if (res.status !== 200)
      throw new Error(`${call.method} ${call.path} ${JSON.stringify(call.body)}: ${res.status}`);
    return res.ms;
  };
  const latency: Latency[] = [];
  for (const row of task.rows) latency.push({ first: await send(api, row.calls[0]!), times: [], bare: [] });
  for (let round = 0; round < SAMPLES; round++)
    for (const [k, row] of task.rows.entries()) {
      latency[k]!.times.push(await send(api, row.calls[round % row.calls.length]!));
      latency[k]!.bare.push(await send(bare, BARE));
    }
  /** Sends `calls` IN_FLIGHT at a time; answers each call's time, in the order of `calls`. */
  const inFlight = async (client: typeof api, calls: Call[]) => {
    const times: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let k = next++; k < calls.length; k = next++) times[k] = await send(client, calls[k]!);
      }),
    );
    return times;
  };
  const mixed = { api: [] as number[][], bare: [] as number[] };
  for (let round = 0; round < 3; round++) {
    mixed.api.push(await inFlight(api, task.mixed));
    mixed.bare.push(
      ...(await inFlight(
        bare,
        task.mixed.map(() => BARE),
      )),
    );
  }
  const rate = async (port: number, paths: string[], tokens: string[]) => {
    const client = keepAliveClient(port, READ_CONNECTIONS);
    let done = 0;
    const until = performance.now() + READ_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: READ_CONNECTIONS }, async (_, c) => {
        for (let i = c; performance.now() < until; i += READ_CONNECTIONS) {
          const res = await client.send('GET', paths[i % paths.length]!, tokens[i % tokens.length]!);
          if (res.status === 200) done++;
        }
      }),
    );
    client.close();
    return done / READ_SECONDS;
  };
  const reads: { name: string; api: number[]; bare: number[] }[] = [];
  for (const r of task.reads) {
    const row = { name: r.name, api: [] as number[], bare: [] as number[] };
    // A first turn of each warms both (connections, prepared statements, the JIT), then they take turns.
    await rate(task.api, r.paths, r.tokens);
    await rate(task.bare, r.barePaths, r.tokens);
    for (let turn = 0; turn < 2; turn++) {
      row.api.push(await rate(task.api, r.paths, r.tokens));
      row.bare.push(await rate(task.bare, r.barePaths, r.tokens));
    }
    reads.push(row);
  }
  api.close();
  bare.close();
  answer({ latency, mixed, reads });
}

/** Forks this module as `role` and resolves with the port it reports, and the time it took to report it. */
async function startChild(role: string) {
  const started = performance.now();
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_CHILD: role },
  });
  const [{ port }] = (await once(child, 'message')) as [{ port: number }];
  return {
    port,
    ms: performance.now() - started,
    stop: async () => {
      child.disconnect();
      await once(child, 'exit');
    },
  };
}

type Db = ReturnType<typeof openDatabase>['db'];
const one = async <T extends Record<string, unknown>>(db: Db, q: ReturnType<typeof sql>) =>
  (await queryRows<T>(db, q))[0]!;

/** Seeds what the database lacks with `npm run seed` (its own command, so the data set is the same). */
async function ensureSeeded(db: Db, month: { from: Date; to: Date }) {
  const have = await one<{ members: number; orders: number; month: number }>(
    db,
    sql`select (select count(*)::int from users where name like 'bulk%') as members,
               (select count(*)::int from orders where completed_at >= now() - interval '2 years' - interval '1 day') as orders,
               (select count(*)::int from orders where completed_at >= ${month.from} and completed_at < ${month.to}) as month`,
  );
  const args = [
    ...(Number(have.members) < MEMBERS ? ['--members', String(MEMBERS - Number(have.members))] : []),
    ...(Number(have.orders) < ORDERS ? ['--orders', String(ORDERS - Number(have.orders))] : []),
    ...(Number(have.month) < MONTH_ORDERS
      ? ['--month-orders', String(MONTH_ORDERS - Number(have.month)), '--month', MONTH]
      : []),
  ];
  if (!args.length) return;
  console.log(`seeding ${args.join(' ')}`);
  execFileSync('npm', ['run', 'seed', '--', ...args], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: SERVER },
  });
  await db.execute(sql`vacuum analyze`);
}

/** The real server's start (`server.ts`, every start-up pass included) to its first ready answer. */
async function timeServerStart(): Promise<number> {
  const port = 39_000 + Math.floor(Math.random() * 1000);
  const started = performance.now();
  const server = fork(fileURLToPath(new URL('../apps/api/src/server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: SERVER,
      JWT_SECRET: testConfig().jwtSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = once(server, 'exit');
  let gone = false;
  exited.then(() => {
    gone = true;
  });
  try {
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return performance.now() - started;
      if (gone) throw new Error('the server stopped before it was ready');
      if (performance.now() - started > 120_000) throw new Error('the server did not start within 2 min');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    if (!gone) server.kill('SIGTERM');
    await exited;
  }
}

async function pollJob(origin: string, token: string, id: string) {
  for (;;) {
    const job = (
      await (
        await fetch(`${origin}/api/jobs/${id}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
    ).data as { status: string; error: string | null; result: { run: { id: number; payout_count: number } } };
    if (job.status === 'done') return job.result;
    if (job.status === 'failed') throw new Error(`settlement job failed: ${job.error}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A real run of the month through the API, timed to awaiting approval; then rejected, or approved and paid. */
async function timeSettlement(port: number, starter: string, approver: string) {
  const origin = `http://127.0.0.1:${port}`;
  const post = async (path: string, token: string, body: object) =>
    (await (
      await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; msg: string; data: { job_id: string } };
  let t0 = performance.now();
  const started = await post('/api/bonus/settlements', starter, { period: MONTH });
  if (started.code !== 200) throw new Error(`settlement start: ${started.msg}`);
  const { run } = await pollJob(origin, starter, started.data.job_id);
  const computed = performance.now() - t0;
  t0 = performance.now();
  let approval: number | null = null;
  if (process.env.BENCH_PAY === '1') {
    const approving = await post(`/api/bonus/settlements/${run.id}/approve`, approver, {});
    await pollJob(origin, approver, approving.data.job_id);
    approval = performance.now() - t0;
  } else {
    const rejected = await post(`/api/bonus/settlements/${run.id}/reject`, approver, { reason: 'benchmark' });
    if (rejected.code !== 200) throw new Error(`settlement reject: ${rejected.msg}`);
  }
  return { computed, approval, payouts: run.payout_count, runId: run.id };
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(1)} ms`);
const p = (values: number[], q: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    q,
  );

export async function benchAll(): Promise<void> {
  await ensureDatabase(SERVER);
  const database = openDatabase({ url: SERVER });
  await prepareDatabase(database);
  const { db } = database;
  await ensureBenchAdmin(db);
  await db.execute(sql`insert into users (name, email, password_hash, is_admin, is_super)
    select 'bench_approver', 'bench_approver@bench.local', password_hash, true, true from users
    where name = 'bench_admin' and not exists (select 1 from users where name = 'bench_approver')`);
  const month = periodInstants(MONTH, await businessTimeZone(db))!;
  await ensureSeeded(db, month);
  // As on a server that has run a while: the shared pass has added the scopes of the large downlines (at most a
  // tenth of the time, after a start). Here it runs once at full speed; the scopes stay for the next run.
  const aheadFrom = performance.now();
  const addedAhead = await addScopesAhead(db, { config: { scopesAheadShare: 1 } });
  const scopesAhead = `${addedAhead} scopes ahead added before measuring (${fmt(performance.now() - aheadFrom)})`;
  console.log(scopesAhead);

  const root = await one<{ id: number; user_no: string; name: string }>(
    db,
    sql`select u.id, u.user_no, u.name from users u where u.id = (select min(id) from users where name like 'bulk%')`,
  );
  const app = await buildApp({ db, config: { ...testConfig(), databaseUrl: SERVER } });
  const tokenOf = async (id: number) => sessionToken(db, app.appContext.tokens, id);
  const idOf = async (name: string) =>
    Number((await one<{ id: number }>(db, sql`select id from users where name = ${name}`)).id);
  const admin = await tokenOf(await idOf('bench_admin'));
  const approver = await tokenOf(await idOf('bench_approver'));
  const top = await tokenOf(Number(root.id));
  // A member in the middle of the tree: the largest downline under 200,000 (member 337's 130,629 on the seed).
  const middle = await one<{ id: number; below: number }>(
    db,
    sql`select user_id as id, sponsor_count as below from downline_counts
        where sponsor_count < 200000 order by sponsor_count desc limit 1`,
  );
  const mid = await tokenOf(Number(middle.id));
  const readers = await queryRows<{ id: number }>(
    db,
    sql`select id from users where name like 'bulk%' order by id desc limit 200`,
  );
  const readerTokens = await Promise.all(readers.map((r) => tokenOf(Number(r.id))));
  const { scenarios } = await orderScenarios(db);
  await app.close();

  // This business month's first day (a bare date of the filters is a day of the business time zone).
  const monthStart = `${dayIn(new Date(), await businessTimeZone(db)).slice(0, 8)}01`;
  const orders = (name: string, target: string, filter: object): LatencyRow => ({
    name,
    target,
    calls: [{ method: 'POST', path: '/api/orders/list', body: { pageSize: 20, ...filter }, token: admin }],
  });
  const get = (name: string, target: string, path: string, token = admin): LatencyRow => ({
    name,
    target,
    calls: [{ method: 'GET', path, token }],
  });
  const rows: LatencyRow[] = [
    get('admin dashboard at 5M orders', '< 50 ms', '/api/dashboard/workplace'),
    get("admin dashboard's sales chart", '< 50 ms', '/api/dashboard/charts'),
    get("admin dashboard's payouts chart", '< 50 ms', '/api/dashboard/money-charts'),
    get("top member's dashboard", '< 50 ms', '/api/dashboard/workplace', top),
    get("top member's charts", '< 50 ms', '/api/dashboard/member-charts', top),
    get(
      `mid-tree member's charts (${Number(middle.below).toLocaleString('en-US')} below)`,
      '< 50 ms',
      '/api/dashboard/member-charts',
      mid,
    ),
    get(
      "root's genealogy page (10 levels)",
      '< 50 ms, first included',
      `/api/users/tree?user_id=${root.id}&levels=10`,
    ),
    orders('orders: "Chan" + this month', '< 150 ms', { name: 'Chan', date_from: monthStart }),
    orders('orders: "Chan" page 50', '< 150 ms', { name: 'Chan', page: 50 }),
    orders('group sales of the top of the tree', '< 500 ms', { group_sales: true, member_id: root.user_no }),
    orders('group sales, top + this month', '< 500 ms', {
      group_sales: true,
      member_id: root.user_no,
      date_from: monthStart,
    }),
    get('admin member list', '< 150 ms', '/api/users/list?page=1&pageSize=20'),
    get(
      'admin member list by balance',
      '< 150 ms',
      '/api/users/list?page=1&pageSize=20&sort=balance&order=desc',
    ),
    get('header search "Chan"', '< 100 ms', '/api/search?q=Chan'),
    get("header search, a top member's downline", '< 100 ms', '/api/search?q=Chan', top),
  ];
  const webBuilt = existsSync(`${WEB_DIST}/index.html`);
  if (webBuilt)
    rows.push({
      name: 'HEAD /login',
      target: '200 like GET',
      calls: [{ method: 'HEAD', path: '/login', token: '' }],
    });
  const mixedFilters: Record<string, object> = {
    ...scenarios,
    'name "Chan"': { name: 'Chan' },
    'name "Chan" + this month': { name: 'Chan', date_from: monthStart },
    'name "Chan", page 50': { name: 'Chan', page: 50 },
  };
  const mixed: Call[] = Object.values(mixedFilters).map((filter) => ({
    method: 'POST' as const,
    path: '/api/orders/list',
    body: { pageSize: 20, ...filter },
    token: admin,
  }));
  // Each reader reads their own wallet: request k sends token k and path k.
  const walletPaths = readers.map((r) => `/api/wallet/${r.id}`);
  const reads = [
    { name: 'GET /api/wallet/:id', paths: walletPaths, barePaths: walletPaths, tokens: readerTokens },
    {
      name: 'GET /api/me',
      paths: ['/api/me'],
      barePaths: readers.map((r) => `/bare/me/${r.id}`),
      tokens: readerTokens,
    },
  ];

  const loadBefore = loadAverage();
  console.log(`${SERVER}; ${loadBefore}`);
  const starts = { server: [] as number[], bare: [] as number[] };
  for (let turn = 0; turn < 2; turn++) {
    starts.server.push(await timeServerStart());
    const b = await startChild('baseline');
    starts.bare.push(b.ms);
    await b.stop();
  }
  const apiProcess = await startChild('api');
  const bareProcess = await startChild('baseline');
  const measured = await runLoad<{
    latency: Latency[];
    mixed: { api: number[][]; bare: number[] };
    reads: { name: string; api: number[]; bare: number[] }[];
  }>(import.meta.url, {
    api: apiProcess.port,
    bare: bareProcess.port,
    rows,
    mixed,
    reads,
  } satisfies LoadTask);
  const readsRaw = performance.now();
  await db.execute(sql`select user_id, sum(sales_point), count(*) from orders
    where completed_at >= ${month.from} and completed_at < ${month.to} group by user_id`);
  const monthRead = performance.now() - readsRaw;
  const settlement = await timeSettlement(apiProcess.port, admin, approver);
  await apiProcess.stop();
  await bareProcess.stop();
  const loadAfter = loadAverage();
  // Housekeeping would keep a rejected run's list for DRY_RUN_LIST_DAYS: 4.67M rows a run, 1.8 GB after three,
  // which the next run would find between the orders and the page cache.
  if (settlement.approval === null)
    await db.execute(sql`delete from bonus_dry_run_payouts where run_id = ${settlement.runId}`);
  await database.close();

  const mixedAll = measured.mixed.api.flat();
  const slowest = Object.keys(mixedFilters)
    .map((name, k) => ({ name, ms: Math.max(...measured.mixed.api.map((round) => round[k]!)) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4)
    .map((c) => `${c.name} ${fmt(c.ms)}`)
    .join(', ');
  const table = [
    '| row | measured | baseline in the same run | target |',
    '|---|---|---|---|',
    ...rows.map((row, k) => {
      const l = measured.latency[k]!;
      return `| ${row.name} | p50 ${fmt(p(l.times, 0.5))}, p95 ${fmt(p(l.times, 0.95))}, first ${fmt(l.first)} | bare \`select 1\` p95 ${fmt(p(l.bare, 0.95))} | ${row.target} |`;
    }),
    `| orders: ${mixed.length} mixed filter combinations × 3 at ${IN_FLIGHT} in flight | p50 ${fmt(p(mixedAll, 0.5))}, p95 ${fmt(p(mixedAll, 0.95))}, max ${fmt(p(mixedAll, 1))}; slowest: ${slowest} | bare \`select 1\` at ${IN_FLIGHT} in flight p95 ${fmt(p(measured.mixed.bare, 0.95))} | p95 < 300 ms, each < 500 ms |`,
    ...measured.reads.map((r) => {
      const api = r.api.reduce((a, b) => a + b, 0);
      const bare = r.bare.reduce((a, b) => a + b, 0);
      return `| ${r.name}, ${READ_CONNECTIONS} connections | ${r.api.map((x) => Math.round(x).toLocaleString('en-US')).join(', ')} reads/s: **${(api / bare).toFixed(2)}×** bare | bare Fastify + pg, the same statement: ${r.bare.map((x) => Math.round(x).toLocaleString('en-US')).join(', ')}/s | ≥ 0.85× bare |`;
    }),
    `| a start of the real server to its first ready answer | ${starts.server.map(fmt).join(', ')} | a bare Fastify process: ${starts.bare.map(fmt).join(', ')} | no work proportional to the data |`,
    `| real settlement of ${MONTH} (${MONTH_ORDERS.toLocaleString('en-US')} orders) through the API, to awaiting approval | ${fmt(settlement.computed)}, ${settlement.payouts.toLocaleString('en-US')} payouts${settlement.approval === null ? '' : `; approval and payment ${fmt(settlement.approval)}`} | PostgreSQL reading the month's orders by buyer: ${fmt(monthRead)} | < 40 s |`,
  ].join('\n');
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
  const section = [
    '<!-- bench all: begin -->',
    `Measured by \`npm run bench -- all\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}, on \`${SERVER.replace(/\/\/[^@]*@/, '//')}\`; ${loadBefore} before, ${loadAfter} after. ${SAMPLES} samples per latency row; ${scopesAhead}.`,
    '',
    table,
    '<!-- bench all: end -->',
  ].join('\n');
  console.log(section);
  const readme = new URL('../docs/performance/README.md', import.meta.url);
  const text = readFileSync(readme, 'utf8');
  const marked = /<!-- bench all: begin -->[\s\S]*<!-- bench all: end -->/;
  writeFileSync(
    readme,
    marked.test(text)
      ? text.replace(marked, section)
      : `${text.trimEnd()}\n\n## Every row in one command\n\n${section}\n`,
  );
}

if (childRole() === 'api')
  await serveApi(SERVER, existsSync(`${WEB_DIST}/index.html`) ? { webDist: WEB_DIST } : {});
if (childRole() === 'baseline') await baselineProcess();
if (childRole() === 'load') await loadProcess();

/**
 * Top of the tree and dashboard benchmark (on demand: `npm run bench -- top`, never a timed test).
 * docs/performance/tree.md: every genealogy page, the root's included, < 50 ms p95; the dashboard < 50 ms.
 * On PostgreSQL (BENCH_TOP_DATABASE_URL, default a `bench_top` database on the local server) it loads once,
 * with the seed's own loaders (`npm run seed` builds the same data), BENCH_MEMBERS members (default
 * 1,000,000) as the tree benchmark's random tree and BENCH_ORDERS orders (default 100,000). Then one real
 * API server (Fastify listening on 127.0.0.1, its own pool) answers one load process over HTTP, which sends
 * one request at a time, the scenarios taking turns (round-robin) so each meets the same load on the
 * machine; the first scenario, a page of a mid-tree node (met before this bench existed), is the baseline.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg as loadavgNow } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { prepareDatabase } from '../apps/api/src/bootstrap';
import { openDatabase, queryRows } from '../apps/api/src/platform/db/client';
import { seedBulkMembers } from '../apps/api/src/seed/bulk-members';
import { seedBulkOrders } from '../apps/api/src/seed/bulk-orders';
import { seededRandom } from '../apps/api/src/seed/random';
import { generateParents, subtreeSizes, TREE_BENCH_SEED } from '../apps/api/src/seed/tree-shape';
import { testConfig } from '../apps/api/src/test/test-app';
import { ensureBenchAdmin, ensureDatabase } from './fresh-database';

const SERVER = process.env.BENCH_TOP_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_top';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const WARM_UP = 5;

interface Scenario {
  name: string;
  /** Request paths, used in turn, and the token that sends them. */
  paths: string[];
  token: string;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** The API process: the real app on its own pool, listening on a free port it reports to the parent. */
async function apiProcess() {
  const database = openDatabase({ url: SERVER });
  const app = await buildApp({ db: database.db, config: { ...testConfig(), databaseUrl: SERVER } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
  process.once('disconnect', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

/** The load process: one keep-alive connection, one request at a time, scenarios in turn. */
async function loadProcess() {
  const [{ port, scenarios }] = (await once(process, 'message')) as [{ port: number; scenarios: Scenario[] }];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string, token: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      http
        .get(
          { agent, host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } },
          (res) => {
            res.resume();
            res.on('end', () =>
              res.statusCode === 200
                ? resolve(performance.now() - started)
                : reject(new Error(`${path} answered ${res.statusCode}`)),
            );
          },
        )
        .on('error', reject);
    });
  const times = scenarios.map(() => [] as number[]);
  for (let round = 0; round < WARM_UP + SAMPLES; round++)
    for (const [k, s] of scenarios.entries()) {
      const took = await get(s.paths[round % s.paths.length]!, s.token);
      if (round >= WARM_UP) times[k]!.push(took);
    }
  agent.destroy();
  process.send?.(times, () => process.disconnect());
}

const child = (role: string) =>
  fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_TOP_CHILD: role },
  });

type Db = ReturnType<typeof openDatabase>['db'];

/** Loads the members and orders unless the database holds them already; returns the generated root's id. */
async function loadData(db: Db): Promise<number> {
  const [have] = await queryRows<{ n: number; first: number | null }>(
    db,
    sql`select count(*)::int as n, min(id)::int as first from users where name like 'bulk%'`,
  );
  if (Number(have!.n) !== MEMBERS) {
    if (Number(have!.n) > 0) throw new Error(`${SERVER} holds ${have!.n} generated members: drop it first`);
    const t0 = performance.now();
    await seedBulkMembers(db, {
      count: MEMBERS,
      onProgress: (d) => process.stdout.write(`  members ${d.toLocaleString()}\r`),
    });
    if (ORDERS > 0)
      await seedBulkOrders(db, {
        count: ORDERS,
        onProgress: (d) => process.stdout.write(`  orders ${d.toLocaleString()}\r`),
      });
    await db.execute(sql`vacuum analyze`);
    console.log(`\nloaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const [first] = await queryRows<{ id: number }>(
    db,
    sql`select min(id)::int as id from users where name like 'bulk%'`,
  );
  return Number(first!.id);
}

export async function benchTop(): Promise<void> {
  await ensureDatabase(SERVER);
  const database = openDatabase({ url: SERVER });
  await prepareDatabase(database);
  const { db } = database;
  await ensureBenchAdmin(db);
  const root = await loadData(db);

  // The same tree the seed generated: subtree sizes pick the nodes.
  const parent = generateParents(MEMBERS, seededRandom(TREE_BENCH_SEED), 'random');
  const size = subtreeSizes(parent);
  const mid: number[] = [];
  for (let i = 0; i < MEMBERS && mid.length < 50; i += 7)
    if (size[i]! >= 1000 && size[i]! <= 2000) mid.push(root + i);
  const tops = [...size.keys()]
    .filter((i) => i > 0)
    .sort((a, b) => size[b]! - size[a]!)
    .slice(0, 20)
    .map((i) => root + i);

  const app = await buildApp({ db, config: { ...testConfig(), databaseUrl: SERVER } });
  const tokenOf = async (name: string) => {
    const [u] = await queryRows<{ id: number; token_version: number }>(
      db,
      sql`select id, token_version from users where name = ${name}`,
    );
    return app.appContext.tokens.sign({ userId: Number(u!.id), version: Number(u!.token_version) });
  };
  const adminToken = await tokenOf('bench_admin');
  const rootToken = await tokenOf(`bulk${root}`);
  await app.close();
  await database.close();

  const scenarios: Scenario[] = [
    {
      name: 'baseline: 10 levels below a 1,000-2,000 downline',
      paths: mid.map((id) => `/api/users/tree?user_id=${id}&levels=10`),
      token: adminToken,
    },
    {
      name: 'genealogy of the root (10 levels)',
      paths: [`/api/users/tree?user_id=${root}&levels=10`],
      token: adminToken,
    },
    {
      name: 'genealogy of the 20 largest downlines below it',
      paths: tops.map((id) => `/api/users/tree?user_id=${id}&levels=10`),
      token: adminToken,
    },
    {
      name: 'iBloomer genealogy of the root',
      paths: [`/api/users/iblommeTree?user_id=${root}&levels=10`],
      token: adminToken,
    },
    {
      name: 'admin member list, oldest first (root on the page)',
      paths: ['/api/users/list?page=1&pageSize=20&sort=id&order=asc'],
      token: adminToken,
    },
    {
      name: "the root's own member list (its downline)",
      paths: ['/api/users/list?page=1&pageSize=20'],
      token: rootToken,
    },
    { name: 'admin dashboard', paths: ['/api/dashboard/workplace'], token: adminToken },
    { name: "the root's dashboard", paths: ['/api/dashboard/workplace'], token: rootToken },
  ];

  const api = child('api');
  const [{ port }] = (await once(api, 'message')) as [{ port: number }];
  const loadavg = () =>
    `load average ${loadavgNow()
      .map((l) => l.toFixed(2))
      .join(' ')}`;
  console.log(`${MEMBERS.toLocaleString()} members, ${SAMPLES} samples per scenario; ${loadavg()}`);
  const loader = child('load');
  loader.send({ port, scenarios });
  const [times] = (await once(loader, 'message')) as [number[][]];
  for (const [k, s] of scenarios.entries()) {
    const sorted = [...times[k]!].sort((a, b) => a - b);
    console.log(
      `${s.name}: p50 ${pct(sorted, 0.5).toFixed(1)} ms, p95 ${pct(sorted, 0.95).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms`,
    );
  }
  console.log(loadavg());
  api.disconnect();
  await once(api, 'exit');
}

if (process.env.BENCH_TOP_CHILD === 'api') await apiProcess();
if (process.env.BENCH_TOP_CHILD === 'load') await loadProcess();

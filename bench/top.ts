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
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { sessionToken } from '../apps/api/src/access/sessions';
import { buildApp } from '../apps/api/src/app';
import { prepareDatabase } from '../apps/api/src/bootstrap';
import { openDatabase, queryRows } from '../apps/api/src/platform/db/client';
import { seedBulkMembers } from '../apps/api/src/seed/bulk-members';
import { seedBulkOrders } from '../apps/api/src/seed/bulk-orders';
import { seededRandom } from '../apps/api/src/seed/random';
import { generateParents, subtreeSizes, TREE_BENCH_SEED } from '../apps/api/src/seed/tree-shape';
import { testConfig } from '../apps/api/src/test/test-app';
import { ensureBenchAdmin, ensureDatabase } from './fresh-database';
import {
  childRole,
  keepAliveClient,
  loadAverage,
  loadTask,
  percentile,
  runLoad,
  serveApi,
  startApi,
} from './outside';

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

/** The load process: one keep-alive connection, one request at a time, scenarios in turn. */
async function loadProcess() {
  const { task, answer } = await loadTask<{ port: number; scenarios: Scenario[] }>();
  const client = keepAliveClient(task.port, 1);
  const times = task.scenarios.map(() => [] as number[]);
  for (let round = 0; round < WARM_UP + SAMPLES; round++)
    for (const [k, s] of task.scenarios.entries()) {
      const path = s.paths[round % s.paths.length]!;
      const { ms, status } = await client.send('GET', path, s.token);
      if (status !== 200) throw new Error(`${path} answered ${status}`);
      if (round >= WARM_UP) times[k]!.push(ms);
    }
  client.close();
  answer(times);
}

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
    const [u] = await queryRows<{ id: number }>(db, sql`select id from users where name = ${name}`);
    return sessionToken(db, app.appContext.tokens, Number(u!.id));
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

  const api = await startApi(import.meta.url);
  console.log(`${MEMBERS.toLocaleString()} members, ${SAMPLES} samples per scenario; ${loadAverage()}`);
  const times = await runLoad<number[][]>(import.meta.url, { port: api.port, scenarios });
  for (const [k, s] of scenarios.entries()) {
    const sorted = [...times[k]!].sort((a, b) => a - b);
    console.log(
      `${s.name}: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms`,
    );
  }
  console.log(loadAverage());
  await api.stop();
}

if (childRole() === 'api') await serveApi(SERVER);
if (childRole() === 'load') await loadProcess();

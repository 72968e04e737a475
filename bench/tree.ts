/**
 * Tree benchmark (run on demand: `npm run bench -- tree`, never as a timed test).
 * On PostgreSQL (BENCH_DATABASE_URL, default a `bench_tree` database on the local
 * server) it generates a random sponsor tree of BENCH_MEMBERS members (default
 * 1,000,000) once, then measures through the real app (Fastify inject):
 *  - GET /api/users/tree, 10 levels below nodes whose downline is 1,000-2,000 members (p50/p95),
 *  - the whole-downline count of the root,
 *  - PUT /api/users/update/refererUser of a subtree of about 10,000 members.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { prepareDatabase } from '../apps/api/src/bootstrap';
import { openDatabase, queryRows } from '../apps/api/src/platform/db/client';
import { seededRandom } from '../apps/api/src/seed/random';
import { generateParents, subtreeSizes, TREE_BENCH_SEED } from '../apps/api/src/seed/tree-shape';
import { testConfig } from '../apps/api/src/test/test-app';
import { downlineCount } from '../apps/api/src/tree/tree.queries';
import { ensureBenchAdmin } from './fresh-database';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_tree';
const SAMPLES = 200;
const BATCH = 20_000;

const ms = (t0: number) => performance.now() - t0;
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function adminQuery(url: string, text: string, params: unknown[] = []) {
  const target = new URL(url);
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/**
 * The bench database, migrated. The initial migration is regenerated while
 * nothing is released, so a database made from an older one is dropped and made
 * again (the tree is then generated anew).
 */
async function openBenchDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const { rowCount } = await adminQuery(url, 'select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await adminQuery(url, `create database "${name}"`);
  const database = openDatabase({ url });
  try {
    await prepareDatabase(database);
    return database;
  } catch (error) {
    await database.close();
    console.log(`schema changed (${(error as Error).message.slice(0, 60)}…): recreating ${name}`);
    await adminQuery(url, `drop database "${name}" with (force)`);
    await adminQuery(url, `create database "${name}"`);
    const fresh = openDatabase({ url });
    await prepareDatabase(fresh);
    return fresh;
  }
}

/**
 * A random recursive tree under one founder: member i's sponsor is a uniformly
 * chosen earlier member (seeded, the same on every machine; `npm run seed` builds
 * the same shape, apps/api/src/seed/tree-shape.ts). Depth, path and subtree size are
 * computed here and loaded with bulk INSERT … SELECT unnest().
 */
function generateTree(n: number) {
  const parent = generateParents(n, seededRandom(TREE_BENCH_SEED), 'random');
  const depth = new Int32Array(n);
  for (let i = 1; i < n; i++) depth[i] = depth[parent[i]!]! + 1;
  return { parent, depth, size: subtreeSizes(parent) };
}

async function loadTree(db: ReturnType<typeof openDatabase>['db'], n: number, firstId: number) {
  const { parent, depth } = generateTree(n);
  const paths: string[] = new Array(n);
  const hash = '$2b$04$benchbenchbenchbenchbeuCkP6h0V2yE7d5m1Qk1cQ6zFv3w4hG'; // never used to sign in
  for (let start = 0; start < n; start += BATCH) {
    const ids: number[] = [];
    const parents: (number | null)[] = [];
    const depths: number[] = [];
    const rows: string[] = [];
    for (let i = start; i < Math.min(n, start + BATCH); i++) {
      const id = firstId + i;
      paths[i] = `${parent[i]! < 0 ? '/' : paths[parent[i]!]}${id}/`;
      ids.push(id);
      parents.push(parent[i]! < 0 ? null : firstId + parent[i]!);
      depths.push(depth[i]!);
      rows.push(paths[i]!);
    }
    await db.execute(sql`
      insert into users (id, user_no, name, email, password_hash, level_id, parent_user_id, tree_depth, tree_path, iblommer_path, created_at)
      select id, 'B' || id, 'bench_' || id, 'bench_' || id || '@bench.local', ${hash}, 1 + id % 4, parent, depth, path, '/' || id || '/', now() - (id % 1000) * interval '1 hour'
      from unnest(${sql.raw(`'{${ids.join(',')}}'::int[]`)}, ${sql.raw(`'{${parents.map((p) => p ?? 'NULL').join(',')}}'::int[]`)},
                  ${sql.raw(`'{${depths.join(',')}}'::int[]`)}, ${sql.raw(`'{${rows.join(',')}}'::text[]`)}) as t(id, parent, depth, path)`);
    if ((start / BATCH) % 10 === 0) process.stdout.write(`  loaded ${start + BATCH} members\r`);
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
  await db.execute(sql`vacuum analyze users`);
}

export async function benchTree(): Promise<void> {
  const database = await openBenchDatabase(SERVER);
  const { db } = database;
  const FIRST_ID = 10_000_000;
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where id >= ${FIRST_ID}`,
  );
  if (Number(existing?.n) !== MEMBERS) {
    console.log(`generating ${MEMBERS.toLocaleString()} members…`);
    await db.execute(sql`delete from users where id >= ${FIRST_ID}`);
    const t0 = performance.now();
    await loadTree(db, MEMBERS, FIRST_ID);
    console.log(`\n  generated in ${(ms(t0) / 1000).toFixed(1)} s`);
  }
  const { size, parent } = generateTree(MEMBERS);
  const [maxDepth] = await queryRows<{ d: number }>(db, sql`select max(tree_depth) as d from users`);
  console.log(`tree: ${MEMBERS.toLocaleString()} members, max depth ${maxDepth?.d}`);

  const app = await buildApp({ db, config: { ...testConfig(), databaseUrl: SERVER } });
  await app.ready();
  await ensureBenchAdmin(db);
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { account: 'bench_admin', password: 'bench-pass' },
  });
  const token = login.json().data.access_token as string;
  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  // 1. Genealogy pages: 10 levels below nodes with a 1,000-2,000 member downline.
  const candidates: number[] = [];
  for (let i = 0; i < MEMBERS && candidates.length < SAMPLES * 20; i++)
    if (size[i]! >= 1000 && size[i]! <= 2000) candidates.push(i);
  const rng = seededRandom(7);
  const picks = Array.from(
    { length: SAMPLES },
    () => candidates[Math.floor(rng.next() * candidates.length)]!,
  );
  for (const i of picks.slice(0, 20)) await call('GET', `/api/users/tree?user_id=${FIRST_ID + i}`); // warm-up
  const times: number[] = [];
  let nodes = 0;
  for (const i of picks) {
    const t0 = performance.now();
    const res = await call('GET', `/api/users/tree?user_id=${FIRST_ID + i}&levels=10`);
    times.push(ms(t0));
    if (res.statusCode !== 200) throw new Error(`tree answered ${res.statusCode}`);
    nodes += size[i]!;
  }
  console.log(
    `GET /api/users/tree (10 levels, ${SAMPLES} nodes, avg ${Math.round(nodes / SAMPLES)} members each): p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
  );

  // 2. Whole-downline count of the root.
  const counts: number[] = [];
  let total = 0;
  for (let k = 0; k < 10; k++) {
    const t0 = performance.now();
    total = await downlineCount(db, 'sponsor', `/${FIRST_ID}/`);
    counts.push(ms(t0));
  }
  console.log(
    `downline count of the root (${total.toLocaleString()}): p50 ${pct(counts, 50).toFixed(1)} ms, max ${Math.max(...counts).toFixed(1)} ms`,
  );

  // 3. Upline move of a ~10,000-member subtree to a member outside it, and back.
  let best = 1;
  for (let i = 1; i < MEMBERS; i++)
    if (Math.abs(size[i]! - 10_000) < Math.abs(size[best]! - 10_000)) best = i;
  const inside = (i: number) => {
    for (let k = i; k >= 0; k = parent[k]!) if (k === best) return true;
    return false;
  };
  let outside = MEMBERS - 1;
  while (inside(outside)) outside--;
  for (const to of [outside, parent[best]!]) {
    const t0 = performance.now();
    const res = await call('PUT', '/api/users/update/refererUser', {
      user_id: FIRST_ID + best,
      parent_user_id: FIRST_ID + to,
    });
    const took = ms(t0);
    if (res.statusCode !== 200) throw new Error(`move answered ${res.statusCode} ${res.body}`);
    console.log(`move of a ${res.json().data.moved.toLocaleString()}-member subtree: ${took.toFixed(0)} ms`);
  }
  await app.close();
  await database.close();
}

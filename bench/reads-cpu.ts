/**
 * The API's own CPU per authenticated read (on demand: `node --import tsx bench/reads-cpu.ts` after
 * `npm run bench -- reads` made the `bench_reads` database). In one process: the real app answering injected
 * requests (no HTTP sockets; the wallet read and `/api/me` make one statement, caller and data) beside a bare
 * pg pool making the principal's and the wallet's two statements, 16 in flight, CPU time
 * (user + system) per request, `BENCH_REQUESTS` (3,000) per line and `BENCH_ROUNDS` (2) rounds. On a shared
 * machine CPU time per request is steadier than requests per second (docs/performance/reads.md).
 */
import { openSync, writeSync } from 'node:fs';
import pg from 'pg';
import { sessionToken } from '../apps/api/src/access/sessions';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { testConfig } from '../apps/api/src/test/test-app';

const url = process.env.BENCH_READS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_reads';
process.env.DB_POOL_MAX = '16';
const database = openDatabase({ url });
const devNull = openSync('/dev/null', 'w');
const app = await buildApp({
  db: database.db,
  config: { ...testConfig(), databaseUrl: url, logLevel: 'info' },
  logStream: { write: (l: string) => writeSync(devNull, l) },
});
await app.ready();
const ids = Array.from({ length: 200 }, (_, i) => i + 2);
const tokens = new Map<number, string>();
for (const id of ids) tokens.set(id, await sessionToken(app.appContext.db, app.appContext.tokens, id));
const pool = new pg.Pool({ connectionString: url, max: 16 });
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const P = `select u.id, u.name, u.is_admin, u.is_super, u.status, u.level_id, case when u.is_super then null else array( select distinct rp.permission_id from user_roles ur join roles r on r.id = ur.role_id and r.status = 1 join role_permissions rp on rp.role_id = r.id join permissions p on p.id = rp.permission_id and p.status = 1 where ur.user_id = u.id order by 1) end as permission_ids from users u where u.id = $1`;
async function run(label: string, one: (id: number) => Promise<unknown>, n = REQUESTS, conc = 16) {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const id = ids[next++ % ids.length]!;
      await one(id);
    }
  };
  await Promise.all(Array.from({ length: conc }, worker)); // warm
  next = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: conc }, worker));
  const c = process.cpuUsage(c0);
  console.log(
    `${label}: ${((c.user + c.system) / n).toFixed(0)} µs CPU per request (user ${(c.user / n).toFixed(0)}, system ${(c.system / n).toFixed(0)}), ${(n / ((performance.now() - t0) / 1000)).toFixed(0)}/s`,
  );
}
for (let round = 0; round < ROUNDS; round++) {
  await run('bare pg, two statements', async (id) => {
    await pool.query({ name: 'p', text: P, values: [id] });
    await pool.query({
      name: 'w',
      text: 'select available_cents, frozen_cents from wallets where user_id = $1',
      values: [id],
    });
  });
  await run('app inject GET /api/wallet/:id', async (id) => {
    const r = await app.inject({
      url: `/api/wallet/${id}`,
      headers: { authorization: `Bearer ${tokens.get(id)}` },
    });
    if (r.statusCode !== 200) throw new Error(r.body);
  });
  await run('app inject GET /api/me', async (id) => {
    const r = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${tokens.get(id)}` } });
    if (r.statusCode !== 200) throw new Error(r.body);
  });
}
await pool.end();
await app.close();
await database.close();

/**
 * Orders buyer searches benchmark (on demand: `npm run bench -- order-names`, never a timed test), on the
 * orders benchmark's database and data (bench/orders.ts: BENCH_DATABASE_URL, BENCH_MEMBERS, BENCH_ORDERS;
 * loaded there once when missing). Through the real app, as admin:
 *  - POST /api/orders/list with the name, e-mail, phone and WordPress-id filters, alone and with others,
 *    from the broadest name (a common surname) to a single buyer: the first request of each (cold) and the
 *    p50 / p95 of BENCH_SAMPLES more;
 *  - every filter combination of this and the orders benchmark at BENCH_IN_FLIGHT (4) requests in flight,
 *    BENCH_ROUNDS (3) times over: p50 / p95 / max per request.
 * The bulk loader gives every member a phone and WordPress id derived from the id.
 * The load average is printed before and after: the machine may be shared.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/platform/db/client';
import { ORDERS_BENCH_SERVER, openOrdersBench, orderScenarios } from './orders';
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

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const ms = (v: number) => v.toFixed(1).padStart(7);

interface Task {
  port: number;
  token: string;
  searches: [string, object][];
  mixed: object[];
}
interface Search {
  first: number;
  times: number[];
  total: string;
}

/**
 * The load process: each search alone (first request, then SAMPLES more), then the mixed queue of every
 * combination ROUNDS times in a shuffled order, IN_FLIGHT at a time.
 */
async function loadProcess() {
  const { task, answer } = await loadTask<Task>();
  const client = keepAliveClient(task.port, IN_FLIGHT);
  const call = async (filters: object) => {
    const res = await client.send('POST', '/api/orders/list', task.token, { pageSize: 20, ...filters });
    if (res.status !== 200) throw new Error(`${JSON.stringify(filters)}: ${res.status} ${res.body}`);
    const meta = JSON.parse(res.body).data.meta as { total: number; totalAtLeast?: boolean };
    return { took: res.ms, total: `${meta.totalAtLeast ? 'at least ' : ''}${meta.total.toLocaleString()}` };
  };
  const searches: Search[] = [];
  for (const [, filters] of task.searches) {
    const first = await call(filters);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) times.push((await call(filters)).took);
    searches.push({ first: first.took, times, total: first.total });
  }
  const queue = Array.from({ length: ROUNDS }, (_, r) =>
    task.mixed.map((f, i) => ({ f, key: (i * 7919 + r * 104729) % 1009 })),
  )
    .flat()
    .sort((a, b) => a.key - b.key)
    .map((x) => x.f);
  const mixed: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) mixed.push((await call(f)).took);
    }),
  );
  client.close();
  answer({ searches, mixed, seconds: (performance.now() - started) / 1000 });
}

async function main() {
  const { database, db, app, headers } = await openOrdersBench();
  const pick = async (q: string) => (await queryRows<{ v: string }>(db, sql.raw(q)))[0]!.v;
  const buyer = await pick(
    // The newest member with orders: bulk<id> of the highest id names no one else.
    'select max(user_id)::text as v from orders',
  );
  const [one] = await queryRows<{ phone: string; platform_id: string; email: string; display_name: string }>(
    db,
    sql`select phone, platform_id, email, display_name from users where id = ${Number(buyer)}`,
  );
  const providerId = Number(await pick('select min(id)::text as v from providers'));
  const month = (m: number) => {
    const d = new Date();
    d.setUTCMonth(d.getUTCMonth() - m, 1);
    return d.toISOString().slice(0, 7);
  };
  const names: Record<string, object> = {
    'name "Chan" (common surname)': { name: 'Chan' },
    'name "Chan" + this month': { name: 'Chan', date_from: `${month(0)}-01` },
    'name "Chan" + provider': { name: 'Chan', provider_id: providerId },
    'name "Chan" + one day + type': {
      name: 'Chan',
      date_from: `${month(2)}-10T00:00:00Z`,
      date_to: `${month(2)}-10T23:59:59Z`,
      source_type: 2,
    },
    'name "Chan", sort amount': { name: 'Chan', sort: 'amount' },
    'name "Chan", sort referer': { name: 'Chan', sort: 'referer', order: 'asc' },
    'name "Chan", page 50': { name: 'Chan', page: 50 },
    'name "a" (most members)': { name: 'a' },
    'full name (one surname + first name)': { name: one!.display_name },
    'name "bulk1234" (~11 buyers)': { name: 'bulk1234' },
    'name "bulk2" (111,111 buyers)': { name: 'bulk2' },
    'name of one buyer': { name: `bulk${buyer}` },
    'name, no match': { name: 'nobody-such' },
    'e-mail': { email: one!.email },
    phone: { phone: one!.phone },
    'phone + this month': { phone: one!.phone, date_from: `${month(0)}-01` },
    'WordPress id': { wordpress_id: one!.platform_id },
  };

  const { scenarios } = await orderScenarios(db);
  const token = headers.authorization.slice('Bearer '.length);
  await app.close();
  await database.close();

  const api = await startApi(import.meta.url);
  console.log(loadAverage());
  const searches = Object.entries(names);
  const result = await runLoad<{ searches: Search[]; mixed: number[]; seconds: number }>(import.meta.url, {
    port: api.port,
    token,
    searches,
    mixed: [...Object.values(scenarios), ...Object.values(names)],
  } satisfies Task);
  await api.stop();

  const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
  console.log(`buyer searches (first request, then ${SAMPLES} runs each):`);
  for (const [k, [name]] of searches.entries()) {
    const { first, times, total } = result.searches[k]!;
    const t = sorted(times);
    console.log(
      `  ${name.padEnd(38)} first ${ms(first)} ms  p50 ${ms(percentile(t, 0.5))} ms  p95 ${ms(percentile(t, 0.95))} ms  (${total} rows)`,
    );
  }
  const all = sorted(result.searches.flatMap((s) => [s.first, ...s.times]));
  console.log(
    `  ${'all buyer searches'.padEnd(38)} p50 ${ms(percentile(all, 0.5))} ms  p95 ${ms(percentile(all, 0.95))} ms`,
  );
  const mixed = sorted(result.mixed);
  console.log(
    `mixed filters (${Object.keys(scenarios).length + searches.length} combinations × ${ROUNDS}, ${IN_FLIGHT} in flight): ` +
      `p50 ${ms(percentile(mixed, 0.5))} ms  p95 ${ms(percentile(mixed, 0.95))} ms  max ${ms(mixed[mixed.length - 1]!)} ms  ` +
      `(${(mixed.length / result.seconds).toFixed(1)} requests/s)`,
  );
  console.log(loadAverage());
}

export const benchOrderNames = main;

if (childRole() === 'api') await serveApi(ORDERS_BENCH_SERVER);
if (childRole() === 'load') await loadProcess();

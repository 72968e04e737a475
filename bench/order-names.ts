/**
 * Orders buyer searches benchmark (on demand: `npm run bench -- order-names`, never a timed test), on the
 * orders benchmark's database and data (bench/orders.ts: BENCH_DATABASE_URL, BENCH_MEMBERS, BENCH_ORDERS;
 * loaded there once when missing). Through the real app, as admin:
 *  - POST /api/orders/list with the name, e-mail, phone and WordPress-id filters, alone and with others,
 *    from the broadest name (a common surname) to a single buyer: the first request of each (cold) and the
 *    p50 / p95 of BENCH_SAMPLES more;
 *  - every filter combination of this and the orders benchmark at BENCH_IN_FLIGHT (4) requests in flight,
 *    BENCH_ROUNDS (3) times over: p50 / p95 / max per request.
 * The bulk members have no phone or WordPress id: the first run gives every member one (derived from the id).
 * The load average is printed before and after: the machine may be shared.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/platform/db/client';
import { openOrdersBench, orderScenarios } from './orders';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (v: number) => v.toFixed(1).padStart(7);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim();

async function main() {
  const { database, db, app, headers } = await openOrdersBench();
  const t0 = performance.now();
  const updated = await db.execute(
    sql`update users set phone = '6' || lpad(id::text, 7, '0'), platform_id = 'wp' || id
        where phone is null and not is_admin`,
  );
  if ((updated as { rowCount?: number }).rowCount)
    console.log(`  phones and WordPress ids given in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await db.execute(sql`vacuum (analyze) users`);

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

  const call = async (filters: object) => {
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/list',
      headers,
      payload: { pageSize: 20, ...filters },
    });
    const took = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`${JSON.stringify(filters)}: ${res.statusCode} ${res.body}`);
    const meta = res.json().data.meta as { total: number; totalAtLeast?: boolean };
    return { took, total: `${meta.totalAtLeast ? 'at least ' : ''}${meta.total.toLocaleString()}` };
  };

  console.log(`load average before: ${loadavg()}`);
  console.log(`buyer searches (first request, then ${SAMPLES} runs each):`);
  const all: number[] = [];
  for (const [name, filters] of Object.entries(names)) {
    const first = await call(filters);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) times.push((await call(filters)).took);
    all.push(first.took, ...times);
    console.log(
      `  ${name.padEnd(38)} first ${ms(first.took)} ms  p50 ${ms(pct(times, 50))} ms  p95 ${ms(pct(times, 95))} ms  (${first.total} rows)`,
    );
  }
  console.log(`  ${'all buyer searches'.padEnd(38)} p50 ${ms(pct(all, 50))} ms  p95 ${ms(pct(all, 95))} ms`);

  // Mixed: every combination of both benchmarks, in a shuffled order, IN_FLIGHT at a time.
  const { scenarios } = await orderScenarios(db);
  const mixed = [...Object.values(scenarios), ...Object.values(names)];
  const queue = Array.from({ length: ROUNDS }, (_, r) =>
    mixed.map((f, i) => ({ f, key: (i * 7919 + r * 104729) % 1009 })),
  )
    .flat()
    .sort((a, b) => a.key - b.key)
    .map((x) => x.f);
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) times.push((await call(f)).took);
    }),
  );
  const wall = (performance.now() - started) / 1000;
  console.log(
    `mixed filters (${mixed.length} combinations × ${ROUNDS}, ${IN_FLIGHT} in flight): p50 ${ms(pct(times, 50))} ms  ` +
      `p95 ${ms(pct(times, 95))} ms  max ${ms(Math.max(...times))} ms  (${(times.length / wall).toFixed(1)} requests/s)`,
  );
  console.log(`load average after: ${loadavg()}`);
  await app.close();
  await database.close();
}

export const benchOrderNames = main;

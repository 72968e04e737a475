/**
 * Header search benchmark (on demand: `npm run bench -- search`, never a timed test), on the orders benchmark's
 * database and data (bench/orders.ts: BENCH_DATABASE_URL, BENCH_MEMBERS, BENCH_ORDERS; loaded there once when
 * missing). Over keep-alive HTTP from a separate load process to the real app in its own process
 * (bench/outside.ts): GET /api/search for each kind of keyword, as an administrator and as members near the top of
 * the tree (a downline of every member) and in its middle; the first request of each (cold) and the p50 / p95 of
 * BENCH_SAMPLES more, then all of them together. Beside each, the raw SQL baseline: the same look-ups as
 * members/member-search.ts and orders/order-search.ts make, timed in the parent on one connection
 * (`explain analyze` execution time), so the API's own cost shows as the difference.
 * The load average is printed before and after: the machine may be shared.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/platform/db/client';
import { ORDERS_BENCH_SERVER, openOrdersBench } from './orders';
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
const TARGET_MS = 100;

const ms = (v: number) => v.toFixed(1).padStart(7);

interface Scenario {
  name: string;
  token: string;
  q: string;
}
interface Task {
  port: number;
  scenarios: Scenario[];
}
interface Timed {
  first: number;
  times: number[];
  hits: string;
}

/** The load process: each search's first request, then SAMPLES more. */
async function loadProcess() {
  const { task, answer } = await loadTask<Task>();
  const client = keepAliveClient(task.port, 1);
  const results: Timed[] = [];
  for (const s of task.scenarios) {
    const call = async () => {
      const res = await client.send('GET', `/api/search?q=${encodeURIComponent(s.q)}`, s.token);
      if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${res.body}`);
      const data = JSON.parse(res.body).data as { members?: unknown[]; orders?: unknown[] };
      return {
        took: res.ms,
        hits: `${data.members?.length ?? '-'} members, ${data.orders?.length ?? '-'} orders`,
      };
    };
    const first = await call();
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) times.push((await call()).took);
    results.push({ first: first.took, times, hits: first.hits });
  }
  client.close();
  answer(results);
}

/** The execution time PostgreSQL reports for `query` (the best of three, warm). */
async function sqlTime(db: Parameters<typeof queryRows>[0], query: string): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql.raw(`explain analyze ${query}`));
    const line = plan.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time'));
    best = Math.min(best, Number(line?.match(/[\d.]+/)?.[0] ?? Number.NaN));
  }
  return best;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The raw SQL of an administrator's member look-ups (members/member-search.ts), the baseline. */
const adminMembersSql = (q: string) => {
  const contains =
    q.length < 3 ? `${literal(q.toLowerCase())} || '%'` : `'%' || ${literal(q.toLowerCase())} || '%'`;
  return `select id, min(rank) from (
    (select id, 0 as rank from users where not is_admin and (user_no = upper(${literal(q)}) or phone = ${literal(q)} or platform_id = ${literal(q)}) limit 8)
    union all (select id, 1 from users where not is_admin and lower(email) like lower(${literal(q)}) || '%' limit 8)
    union all (select id, 2 from users where not is_admin and (name_lower like ${contains} or display_name_lower like ${contains}) limit 8)
  ) hits group by id order by 2, 1 limit 8`;
};

const ordersSql = (q: string) =>
  `select order_no from orders where order_no = upper(${literal(q)}) or platform_order_no = ${literal(q)}
   ${q.length >= 4 ? `or order_no like upper(${literal(q)}) || '%'` : ''} order by order_no limit 8`;

async function main() {
  const { database, db, app, token: admin } = await openOrdersBench();
  const login = async (account: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { account, password } });
    return res.json().data.access_token as string;
  };
  const [one] = await queryRows<{
    id: number;
    user_no: string;
    email: string;
    phone: string;
    platform_id: string;
    display_name: string;
  }>(
    db,
    sql`select id, user_no, email, phone, platform_id, display_name from users where not is_admin order by id desc limit 1`,
  );
  const [order] = await queryRows<{ order_no: string; platform_order_no: string }>(
    db,
    sql`select order_no, platform_order_no from orders order by id desc limit 1`,
  );
  // The top of the tree (the largest downline: the seed's demo members come first) and a member in the middle of a chain (a downline of thousands).
  const [top] = await queryRows<{ name: string }>(
    db,
    sql`select u.name from users u join downline_counts d on d.user_id = u.id order by d.sponsor_count desc limit 1`,
  );
  const [mid] = await queryRows<{ name: string; below: string }>(
    db,
    sql`select p.name, c.name as below from users c join users p on p.id = split_part(c.tree_path, '/', 6)::int
        where c.id >= (select min(id) + count(*) / 3 from users where not is_admin) order by c.id limit 1`,
  );
  const topToken = await login(top!.name, 'member123');
  const midToken = await login(mid!.name, 'member123');
  const masked = (name: string) => `${name.slice(0, 3)}***${name.slice(-3)}`;
  const surname = one!.display_name.split(' ')[0]!;

  const scenarios: (Scenario & { baseline?: string })[] = [
    { name: 'admin: member id', token: admin, q: one!.user_no, baseline: adminMembersSql(one!.user_no) },
    { name: 'admin: phone', token: admin, q: one!.phone, baseline: adminMembersSql(one!.phone) },
    {
      name: 'admin: WordPress id',
      token: admin,
      q: one!.platform_id,
      baseline: adminMembersSql(one!.platform_id),
    },
    { name: 'admin: e-mail', token: admin, q: one!.email, baseline: adminMembersSql(one!.email) },
    {
      name: 'admin: display name',
      token: admin,
      q: one!.display_name,
      baseline: adminMembersSql(one!.display_name),
    },
    { name: `admin: surname "${surname}"`, token: admin, q: surname, baseline: adminMembersSql(surname) },
    { name: 'admin: 2 characters "ch"', token: admin, q: 'ch', baseline: adminMembersSql('ch') },
    {
      name: 'admin: account "bulk12345"',
      token: admin,
      q: 'bulk12345',
      baseline: adminMembersSql('bulk12345'),
    },
    { name: 'admin: no match', token: admin, q: 'nobody-such', baseline: adminMembersSql('nobody-such') },
    { name: 'admin: order number', token: admin, q: order!.order_no, baseline: ordersSql(order!.order_no) },
    {
      name: 'admin: order number start',
      token: admin,
      q: order!.order_no.slice(0, -2),
      baseline: ordersSql(order!.order_no.slice(0, -2)),
    },
    {
      name: 'admin: platform order no',
      token: admin,
      q: order!.platform_order_no,
      baseline: ordersSql(order!.platform_order_no),
    },
    { name: 'top member: masked name', token: topToken, q: masked(mid!.below) },
    { name: `top member: surname "${surname}"`, token: topToken, q: surname },
    { name: 'top member: order number', token: topToken, q: order!.order_no },
    { name: 'mid member: masked name', token: midToken, q: masked(mid!.below) },
    { name: 'mid member: "bul" (whole downline)', token: midToken, q: 'bul' },
    { name: 'mid member: order number', token: midToken, q: order!.order_no },
  ];
  const baselines = new Map<string, number>();
  for (const s of scenarios) if (s.baseline) baselines.set(s.name, await sqlTime(db, s.baseline));
  await app.close();
  await database.close();

  const api = await startApi(import.meta.url);
  console.log(loadAverage());
  const results = await runLoad<Timed[]>(import.meta.url, {
    port: api.port,
    scenarios: scenarios.map(({ name, token, q }) => ({ name, token, q })),
  } satisfies Task);
  await api.stop();

  const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
  console.log(`GET /api/search (first request, then ${SAMPLES} runs each; SQL: the raw look-ups alone):`);
  for (const [i, s] of scenarios.entries()) {
    const { first, times, hits } = results[i]!;
    const t = sorted(times);
    const base = baselines.get(s.name);
    console.log(
      `  ${s.name.padEnd(40)} first ${ms(first)} ms  p50 ${ms(percentile(t, 0.5))} ms  p95 ${ms(percentile(t, 0.95))} ms` +
        `${base === undefined ? '' : `  SQL ${ms(base)} ms`}  (${hits})`,
    );
  }
  const all = sorted(results.flatMap((r) => [r.first, ...r.times]));
  const p95 = percentile(all, 0.95);
  console.log(
    `  ${'all searches'.padEnd(40)} p50 ${ms(percentile(all, 0.5))} ms  p95 ${ms(p95)} ms  (target < ${TARGET_MS} ms: ${p95 < TARGET_MS ? 'met' : 'MISSED'})`,
  );
  console.log(loadAverage());
}

export const benchSearch = main;

if (childRole() === 'api') await serveApi(ORDERS_BENCH_SERVER);
if (childRole() === 'load') await loadProcess();

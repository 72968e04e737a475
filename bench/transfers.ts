/**
 * Transfer benchmark (run on demand: `npm run bench -- transfers`, never as a timed test).
 * On a fresh PostgreSQL database (BENCH_TRANSFERS_DATABASE_URL, default `bench_transfers` on the local
 * server) it creates BENCH_WALLETS funded members, then runs BENCH_TRANSFERS transfers between random
 * distinct wallets with BENCH_CONCURRENCY in flight:
 *  - through the service (one statement, so one transaction, per transfer: transfer row, two ledger postings),
 *  - through the real app (Fastify inject: auth, validation, Idempotency-Key, envelope),
 * in BENCH_PROCESSES processes at once (like several API processes on one database),
 * and checks the ledger invariant and that the total money is unchanged after each.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { like } from 'drizzle-orm';
import { sessionToken } from '../apps/api/src/access/sessions';
import { buildApp } from '../apps/api/src/app';
import { type UserRow, users } from '../apps/api/src/members/members.schema';
import { type Db, openDatabase } from '../apps/api/src/platform/db/client';
import { seededRandom } from '../apps/api/src/seed/random';
import { testConfig } from '../apps/api/src/test/test-app';
import { checkInvariant } from '../apps/api/src/wallet/invariant';
import { walletBalance } from '../apps/api/src/wallet/ledger';
import { sendTransfer } from '../apps/api/src/wallet/transfers.service';
import { freshDatabaseWithMembers } from './fresh-database';

const SERVER =
  process.env.BENCH_TRANSFERS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_transfers';
const WALLETS = Number(process.env.BENCH_WALLETS ?? 1_000);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
const START_CENTS = 1_000_000;

/** Runs jobs start..end-1 with `inFlight` at a time; returns how many succeeded. */
async function run(start: number, end: number, inFlight: number, job: (i: number) => Promise<boolean>) {
  let next = start;
  let ok = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < end) if (await job(next++)) ok++;
    }),
  );
  return ok;
}

async function totalMoney(db: Db, members: UserRow[]): Promise<number> {
  let total = 0;
  for (const m of members) {
    const b = await walletBalance(db, m.id);
    total += b.availableCents + b.frozenCents;
  }
  return total;
}

async function verify(db: Db, members: UserRow[], label: string) {
  const report = await checkInvariant(db);
  const total = await totalMoney(db, members);
  console.log(
    `${label}: invariant ${report.ok ? 'holds' : 'BROKEN'} over ${report.wallets} wallets / ${report.records} records; total ${total === WALLETS * START_CENTS ? 'unchanged' : `CHANGED to ${total}`}`,
  );
  if (!report.ok || total !== WALLETS * START_CENTS) process.exitCode = 1;
}

/** The same random pairs of distinct wallets in every process. */
function transferPairs(members: UserRow[]) {
  const rng = seededRandom(42);
  return Array.from({ length: TRANSFERS }, () => {
    const from = rng.int(0, WALLETS - 1);
    const to = (from + rng.int(1, WALLETS - 1)) % WALLETS;
    return [members[from]!, members[to]!] as const;
  });
}

type Mode = 'service' | 'api';

/**
 * One load process (as one API process would be): its own pool, a slice of the transfers, started
 * on the parent's signal so all processes run at once.
 */
async function loadProcess(mode: Mode, slice: [number, number]): Promise<void> {
  process.env.DB_POOL_MAX = String(Math.ceil(CONCURRENCY / PROCESSES));
  const database = openDatabase({ url: SERVER });
  const { db } = database;
  const members = await db.select().from(users).where(like(users.name, 'bench\\_%')).orderBy(users.id);
  const pairs = transferPairs(members);
  const app = await buildApp({ db, config: { ...testConfig(), databaseUrl: SERVER } });
  await app.ready();
  const tokens = new Map<number, string>();
  for (const m of members) tokens.set(m.id, await sessionToken(db, app.appContext.tokens, m.id));
  const transfer = async (i: number) => {
    const [from, to] = pairs[i]!;
    if (mode === 'service') {
      await sendTransfer(db, { fromUserId: from.id, toUserNo: to.userNo, amountCents: 1 + (i % 500) });
      return true;
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/sendTransfer',
      payload: { user_no: to.userNo, amount: '0.01' },
      headers: { authorization: `Bearer ${tokens.get(from.id)}`, 'idempotency-key': `bench-${i}-${from.id}` },
    });
    return res.statusCode === 200;
  };
  process.send?.('ready');
  await new Promise((resolve) => process.once('message', resolve));
  const ok = await run(slice[0], slice[1], Math.ceil(CONCURRENCY / PROCESSES), transfer);
  process.send?.({ ok });
  await app.close();
  await database.close();
}

/** Runs the transfers in PROCESSES processes at once; returns transfers per second over all of them. */
async function runProcesses(mode: Mode): Promise<{ perSecond: number; ok: number }> {
  const share = Math.ceil(TRANSFERS / PROCESSES);
  const children = Array.from({ length: PROCESSES }, (_, p) =>
    fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_CHILD: `${mode}:${p * share}:${Math.min(TRANSFERS, (p + 1) * share)}` },
    }),
  );
  const exited = children.map((c) => once(c, 'exit'));
  await Promise.all(children.map((c) => once(c, 'message')));
  const t0 = performance.now();
  for (const c of children) c.send('go');
  const results = await Promise.all(children.map((c) => once(c, 'message')));
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(exited);
  const ok = results.reduce((n, [r]) => n + (r as { ok: number }).ok, 0);
  return { perSecond: Math.round(TRANSFERS / seconds), ok };
}

export async function benchTransfers(): Promise<void> {
  const { database, members } = await freshDatabaseWithMembers(SERVER, WALLETS, 'bench', [START_CENTS]);
  const { db } = database;
  console.log(
    `${WALLETS} wallets, ${TRANSFERS} transfers, ${CONCURRENCY} in flight over ${PROCESSES} processes, PostgreSQL ${SERVER}`,
  );
  for (const [mode, label] of [
    ['service', 'service (one statement per transfer)'],
    ['api', 'api (inject: auth, validation, Idempotency-Key)'],
  ] as const) {
    const result = await runProcesses(mode);
    console.log(`${label}: ${result.perSecond} transfers/s (${result.ok} ok)`);
    await verify(db, members, mode);
  }
  await database.close();
}

if (process.env.BENCH_CHILD) {
  const [mode, start, end] = process.env.BENCH_CHILD.split(':');
  await loadProcess(mode as Mode, [Number(start), Number(end)]);
}

/**
 * Authenticated reads benchmark (on demand: `npm run bench -- reads`, never a timed test).
 * docs/performance/reads.md: "the API serves ≥ 5,000 authenticated reads/s on 2 cores".
 * On a fresh PostgreSQL database (BENCH_READS_DATABASE_URL, default `bench_reads`) it creates
 * BENCH_MEMBERS members with a few wallet records each, starts BENCH_API_PROCESSES real API servers
 * (Fastify listening on 127.0.0.1, each with its own pool, like processes behind a load balancer), then
 * BENCH_LOAD_PROCESSES load processes keep BENCH_CONNECTIONS keep-alive HTTP connections busy for
 * BENCH_SECONDS per scenario, each request signed in as a random member reading their own data
 * (JWT check, principal lookup, permission, the query, the envelope).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { testConfig } from '../apps/api/src/test/test-app';
import { freshDatabaseWithMembers } from './fresh-database';

const SERVER = process.env.BENCH_READS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_reads';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000);
const API_PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 2);
const LOAD_PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 3;

/** What is read: a member's wallet summary, and the first page of their wallet records. */
const SCENARIOS: Record<string, (userId: number) => string> = {
  'GET /api/wallet/:id': (id) => `/api/wallet/${id}`,
  'GET /api/wallet/:id/record': (id) => `/api/wallet/${id}/record?page=1&pageSize=10`,
};

interface Member {
  id: number;
  token: string;
}
interface LoadResult {
  ok: number;
  failed: number;
  latencies: number[];
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** An API process: the real app on its own pool, listening on a free port it reports to the parent. */
async function apiProcess() {
  process.env.DB_POOL_MAX = process.env.BENCH_POOL ?? '16';
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

/** Keeps `connections` requests in flight for `ms`, spread over the API ports; counts and times them. */
async function hammer(
  ports: number[],
  members: Member[],
  path: (userId: number) => string,
  connections: number,
  ms: number,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const result: LoadResult = { ok: 0, failed: 0, latencies: [] };
  const until = performance.now() + ms;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const member = members[i % members.length]!;
      const started = performance.now();
      const req = http.get(
        {
          agent,
          host: '127.0.0.1',
          port: ports[i % ports.length],
          path: path(member.id),
          headers: { authorization: `Bearer ${member.token}` },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) result.ok++;
            else result.failed++;
            result.latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', () => {
        result.failed++;
        resolve();
      });
    });
  let next = Math.floor(Math.random() * members.length);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await one(next++);
    }),
  );
  agent.destroy();
  return result;
}

/** A load process: told the ports, members and scenario, it runs a warm-up then the measured period. */
async function loadProcess() {
  const [message] = (await once(process, 'message')) as [
    { ports: number[]; members: Member[]; scenario: string; connections: number; ms: number },
  ];
  const path = SCENARIOS[message.scenario]!;
  const result = await hammer(message.ports, message.members, path, message.connections, message.ms);
  process.send?.(result, () => process.disconnect());
}

const child = (role: string) =>
  fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_READS_CHILD: role },
  });

async function runScenario(ports: number[], members: Member[], scenario: string, seconds: number) {
  const loaders = Array.from({ length: LOAD_PROCESSES }, () => child('load'));
  const started = performance.now();
  for (const loader of loaders)
    loader.send({
      ports,
      members,
      scenario,
      connections: Math.ceil(CONNECTIONS / LOAD_PROCESSES),
      ms: seconds * 1000,
    });
  const results = (await Promise.all(loaders.map((l) => once(l, 'message')))).map(([r]) => r as LoadResult);
  const elapsed = (performance.now() - started) / 1000;
  const ok = results.reduce((n, r) => n + r.ok, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    perSecond: Math.round(ok / elapsed),
    ok,
    failed,
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
  };
}

export async function benchReads(): Promise<void> {
  const credits = [1_000, 2_000, 3_000, 4_000, 5_000];
  const { database, members: created } = await freshDatabaseWithMembers(SERVER, MEMBERS, 'reader', credits);
  const app = await buildApp({ db: database.db, config: { ...testConfig(), databaseUrl: SERVER } });
  const members: Member[] = [];
  for (const m of created)
    members.push({
      id: m.id,
      token: await app.appContext.tokens.sign({ userId: m.id, version: m.tokenVersion }),
    });
  await app.close();
  await database.close();

  const apis = Array.from({ length: API_PROCESSES }, () => child('api'));
  const ports = (await Promise.all(apis.map((a) => once(a, 'message')))).map(
    ([m]) => (m as { port: number }).port,
  );
  console.log(
    `${MEMBERS} members; ${API_PROCESSES} API processes, ${LOAD_PROCESSES} load processes, ${CONNECTIONS} connections, ${SECONDS} s per scenario; PostgreSQL ${SERVER}`,
  );
  for (const scenario of Object.keys(SCENARIOS)) {
    await runScenario(ports, members, scenario, WARM_UP_SECONDS);
    const r = await runScenario(ports, members, scenario, SECONDS);
    console.log(
      `${scenario}: ${r.perSecond} reads/s (${r.ok} ok, ${r.failed} failed), latency p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`,
    );
    if (r.failed > 0) process.exitCode = 1;
  }
  for (const api of apis) api.disconnect();
  await Promise.all(apis.map((a) => once(a, 'exit')));
}

if (process.env.BENCH_READS_CHILD === 'api') await apiProcess();
if (process.env.BENCH_READS_CHILD === 'load') await loadProcess();

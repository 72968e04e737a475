/**
 * Authenticated reads benchmark (on demand: `npm run bench -- reads`, never a timed test).
 * docs/performance/reads.md: "the API serves ≥ 5,000 authenticated reads/s on 2 cores".
 * On a fresh PostgreSQL database (BENCH_READS_DATABASE_URL, default `bench_reads`) it creates
 * BENCH_MEMBERS members with a few wallet records each, starts BENCH_API_PROCESSES real API servers
 * (Fastify listening on 127.0.0.1, each with its own pool, like processes behind a load balancer), then
 * BENCH_LOAD_PROCESSES load processes keep BENCH_CONNECTIONS keep-alive HTTP connections busy for
 * BENCH_SECONDS per scenario, each request signed in as a random member reading their own data
 * (JWT check, principal lookup, permission, the query, the envelope). In the same run, as many bare Fastify+pg
 * processes making the API's statement give the baseline each line is compared with (the wallet and profile reads).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { openSync, readFileSync, writeSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { sessionToken } from '../apps/api/src/access/sessions';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { testConfig } from '../apps/api/src/test/test-app';
import { bareReads } from './bare-reads';
import { freshDatabaseWithMembers } from './fresh-database';

const SERVER = process.env.BENCH_READS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_reads';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000);
const API_PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 2);
const LOAD_PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 3;
/** The API processes log like the server (`LOG_LEVEL`, default info), written synchronously to /dev/null. */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

/** What is read: a member's wallet summary, the first page of their wallet records, their profile. */
const SCENARIOS: Record<string, (userId: number) => string> = {
  'GET /api/wallet/:id': (id) => `/api/wallet/${id}`,
  'GET /api/wallet/:id/record': (id) => `/api/wallet/${id}/record?page=1&pageSize=10`,
  'GET /api/me': () => '/api/me',
};
/** The bare baseline's path for the scenarios it answers too, with the API's statement (bare-reads.ts). */
const BASELINE_PATHS: Record<string, (userId: number) => string> = {
  'GET /api/wallet/:id': (id) => `/api/wallet/${id}`,
  'GET /api/me': (id) => `/bare/me/${id}`,
};
const BARE = 'bare ';
const CHOSEN = (process.env.BENCH_SCENARIOS ?? Object.keys(SCENARIOS).join(',')).split(',');

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
  const devNull = openSync('/dev/null', 'w');
  const app = await buildApp({
    db: database.db,
    config: { ...testConfig(), databaseUrl: SERVER, logLevel: LOG_LEVEL },
    logStream: { write: (line: string) => writeSync(devNull, line) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
  answerCpuQuestions();
  process.once('disconnect', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

/** The baseline: a bare Fastify process on its own pg pool answering the reads with the API's statements (bare-reads.ts). */
async function baselineProcess() {
  const pool = new pg.Pool({ connectionString: SERVER, max: Number(process.env.BENCH_POOL ?? 16) });
  const app = Fastify({ logger: false });
  bareReads(app, pool);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
  answerCpuQuestions();
  process.once('disconnect', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}

/**
 * A server process answers 'cpu' with the CPU time (user + system, µs) it has used: on a shared machine the
 * CPU time per read is steadier than reads per second, which follow whatever else runs.
 */
function answerCpuQuestions() {
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpu: user + system });
    }
  });
}

type Server = ReturnType<typeof child>;
async function cpuOf(servers: Server[]): Promise<number> {
  const answers = servers.map(
    (server) =>
      new Promise<number>((resolve) => {
        const listen = (message: { cpu?: number }) => {
          if (message.cpu === undefined) return;
          server.off('message', listen);
          resolve(message.cpu);
        };
        server.on('message', listen);
        server.send('cpu');
      }),
  );
  return (await Promise.all(answers)).reduce((a, b) => a + b, 0);
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
  const path = (message.scenario.startsWith(BARE) ? BASELINE_PATHS : SCENARIOS)[
    message.scenario.replace(BARE, '')
  ]!;
  const result = await hammer(message.ports, message.members, path, message.connections, message.ms);
  process.send?.(result, () => process.disconnect());
}

const child = (role: string) =>
  fork(fileURLToPath(import.meta.url), [], {
    // BENCH_CPU_PROF=<dir>: each API process writes a V8 CPU profile there when it exits.
    execArgv: [
      '--import',
      'tsx',
      ...(role === 'api' && process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
    ],
    env: { ...process.env, BENCH_READS_CHILD: role },
  });

async function runScenario(
  ports: number[],
  members: Member[],
  scenario: string,
  seconds: number,
  servers: Server[],
) {
  const cpuBefore = await cpuOf(servers);
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
    cpuPerRead: ok ? ((await cpuOf(servers)) - cpuBefore) / ok : 0,
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
      token: await sessionToken(database.db, app.appContext.tokens, m.id),
    });
  await app.close();
  await database.close();

  const apis = Array.from({ length: API_PROCESSES }, () => child('api'));
  const baselines = Array.from({ length: API_PROCESSES }, () => child('baseline'));
  const portsOf = async (processes: Server[]) =>
    (await Promise.all(processes.map((a) => once(a, 'message')))).map(([m]) => (m as { port: number }).port);
  const ports = await portsOf(apis);
  const baselinePorts = await portsOf(baselines);
  console.log(
    `${MEMBERS} members; ${API_PROCESSES} API processes (log level ${LOG_LEVEL}) and ${API_PROCESSES} bare baseline processes, ${LOAD_PROCESSES} load processes, ${CONNECTIONS} connections, ${SECONDS} s per scenario; PostgreSQL ${SERVER}`,
  );
  console.log(`load average before: ${readLoadAverage()}`);
  const runs: Array<[string, string, number[], Server[]]> = [];
  for (const scenario of CHOSEN) {
    if (BASELINE_PATHS[scenario])
      runs.push([`baseline ${scenario}`, `${BARE}${scenario}`, baselinePorts, baselines]);
    runs.push([scenario, scenario, ports, apis]);
  }
  let baseline = { perSecond: 0, cpuPerRead: 0 };
  for (const [label, scenario, on, servers] of runs) {
    await runScenario(on, members, scenario, WARM_UP_SECONDS, servers);
    const r = await runScenario(on, members, scenario, SECONDS, servers);
    if (label.startsWith('baseline')) baseline = r;
    const ratio = baseline.perSecond
      ? ` (${((100 * r.perSecond) / baseline.perSecond).toFixed(0)}% of the baseline's reads/s, ${(r.cpuPerRead / baseline.cpuPerRead).toFixed(2)}× its server CPU per read)`
      : '';
    console.log(
      `${label}: ${r.perSecond} reads/s, server processes' CPU ${r.cpuPerRead.toFixed(0)} µs per read${ratio} (${r.ok} ok, ${r.failed} failed), latency p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; load average ${readLoadAverage()}`,
    );
    if (r.failed > 0) process.exitCode = 1;
  }
  for (const api of [...apis, ...baselines]) api.disconnect();
  await Promise.all([...apis, ...baselines].map((a) => once(a, 'exit')));
}

const readLoadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

if (process.env.BENCH_READS_CHILD === 'api') await apiProcess();
if (process.env.BENCH_READS_CHILD === 'baseline') await baselineProcess();
if (process.env.BENCH_READS_CHILD === 'load') await loadProcess();

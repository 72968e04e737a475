/**
 * Imports benchmark (on demand: `npm run bench -- imports`, never a timed test).
 * On embedded PGlite in memory (one connection, everything serialised) the real app listens on
 * 127.0.0.1; an admin uploads a BENCH_IMPORT_ROWS-row provider .xlsx (default 100,000) to
 * POST /api/provider/import while a client in another process (as a browser would be) reads
 * GET /api/user/info (token check, principal lookup, the user's row) again and again, one request at a time. Reports the read's latency before and during
 * the import (p50/p95/p99/max), the import's time and rate, the process's peak RSS and the load average.
 */

import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app';
import { prepareDatabase } from '../apps/api/src/bootstrap';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { writeXlsx } from '../apps/api/src/platform/xlsx/export';
import { PROVIDER_COLUMNS } from '../apps/api/src/providers/providers.import';
import { TEST_PASSWORD, TestFactory } from '../apps/api/src/test/factory';
import { testConfig } from '../apps/api/src/test/test-app';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const BASELINE_MS = 10_000;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** A provider sheet of `rows` new providers, written by the app's own streaming writer. */
async function providerSheet(rows: number): Promise<Buffer> {
  const cells: Partial<Record<(typeof PROVIDER_COLUMNS)[number], (i: number) => string | number>> = {
    name: (i) => `Bench provider ${i}`,
    proportion: () => 5,
    email: (i) => `p${i}@bench.test`,
    status: () => 1,
  };
  const columns = PROVIDER_COLUMNS.map((header) => ({
    header,
    value: (i: number) => cells[header]?.(i) ?? null,
  }));
  async function* batches() {
    for (let from = 0; from < rows; from += 5000)
      yield Array.from({ length: Math.min(5000, rows - from) }, (_, i) => from + i);
  }
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (chunk: Buffer) => parts.push(chunk));
  await writeXlsx(out, columns, batches());
  return Buffer.concat(parts);
}

interface JobState {
  status: string;
  processed: number;
  total: number;
  error: string | null;
}

function multipart(filename: string, content: Buffer) {
  const boundary = `----bench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads GET /api/user/info one request at a time from a child process until `until` settles, and answers
 * the latencies. In this process its requests would also wait for the import between their client-side steps.
 */
async function reads(base: string, token: string, until: Promise<unknown>): Promise<number[]> {
  const reader = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_IMPORTS_READER: '1' },
  });
  reader.send({ base, token });
  await until;
  reader.send('stop');
  const [latencies] = (await once(reader, 'message')) as [number[]];
  return latencies;
}

async function readerProcess() {
  const [{ base, token }] = (await once(process, 'message')) as [{ base: string; token: string }];
  let stopped = false;
  process.on('message', () => {
    stopped = true;
  });
  const latencies: number[] = [];
  while (!stopped) {
    const started = performance.now();
    const res = await fetch(`${base}/api/user/info`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`read failed: ${body.code} ${body.msg}`);
    latencies.push(performance.now() - started);
  }
  process.send?.(latencies, () => process.disconnect());
}

export async function benchImports(): Promise<void> {
  const database = openDatabase({});
  await prepareDatabase(database);
  const admin = await new TestFactory(database.db).superAdmin();
  const app = await buildApp({ db: database.db, config: testConfig() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const call = async (path: string, init: RequestInit = {}, token?: string) => {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      return (await res.json()) as { code: number; msg: string; data: unknown };
    };
    const login = await call('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: admin.name, password: TEST_PASSWORD }),
    });
    const token = (login.data as { access_token: string }).access_token;

    const sheet = await providerSheet(ROWS);
    console.log(
      `sheet: ${ROWS.toLocaleString()} rows, ${(sheet.length / 1e6).toFixed(1)} MB; load average ${load()}`,
    );

    const report = (label: string, latencies: number[]) =>
      console.log(
        `${label}: ${latencies.length} reads, p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))}, ` +
          `p99 ${ms(pct(latencies, 99))}, max ${ms(Math.max(...latencies))}`,
      );

    report('read, no import', await reads(base, token, sleep(BASELINE_MS)));

    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 100);
    const started = performance.now();
    const { body, type } = multipart('providers.xlsx', sheet);
    const accepted = await call(
      '/api/provider/import',
      { method: 'POST', headers: { 'content-type': type }, body },
      token,
    );
    if (accepted.code !== 200) throw new Error(`import refused: ${accepted.code} ${accepted.msg}`);
    const acceptedMs = performance.now() - started;
    const { url } = accepted.data as { url: string };
    let finished: JobState | null = null;
    const poll = (async () => {
      while (!finished) {
        await sleep(500);
        const job = (await call(url, {}, token)).data as JobState;
        if (job.status === 'done' || job.status === 'failed') finished = job;
      }
    })();
    const during = await reads(base, token, poll);
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    const job = finished!;
    console.log(
      `import: ${job.status}${job.error ? ` (${job.error})` : ''}, ${job.processed.toLocaleString()} of ` +
        `${job.total.toLocaleString()} rows in ${seconds.toFixed(1)} s (${Math.round(job.processed / seconds)} rows/s; ` +
        `upload answered in ${ms(acceptedMs)}), peak RSS ${Math.round(peakRss / 2 ** 20)} MB; load average ${load()}`,
    );
    report('read, during the import', during);
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.env.BENCH_IMPORTS_READER) await readerProcess();

/**
 * Measuring from outside the API (docs/performance/README.md): a bench forks its own module twice, once as the
 * API process (the real app on its own pool, listening on 127.0.0.1) and once as the load process, which talks
 * to it over keep-alive HTTP. The parent only prepares the data and prints what the load process measured.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app';
import type { Config } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { testConfig } from '../apps/api/src/test/test-app';

/** The role a forked bench module plays: 'api', 'load', or undefined in the parent. */
export const childRole = (): string | undefined => process.env.BENCH_CHILD;

/** Forks the bench module at `moduleUrl` (its `import.meta.url`) in `role`. */
export const forkChild = (moduleUrl: string, role: string): ChildProcess =>
  fork(fileURLToPath(moduleUrl), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_CHILD: role },
  });

/** The API process's body: serves the real app on `databaseUrl` until the parent disconnects. */
export async function serveApi(databaseUrl: string, config: Partial<Config> = {}): Promise<void> {
  const database = openDatabase({ url: databaseUrl });
  const app = await buildApp({ db: database.db, config: { ...testConfig(), databaseUrl, ...config } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
  process.once('disconnect', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

/** Forks the API process of the bench at `moduleUrl`; resolves once it listens. */
export async function startApi(moduleUrl: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const api = forkChild(moduleUrl, 'api');
  const [{ port }] = (await once(api, 'message')) as [{ port: number }];
  return {
    port,
    stop: async () => {
      api.disconnect();
      await once(api, 'exit');
    },
  };
}

/** Forks the load process of the bench at `moduleUrl`, sends it `task` and resolves with what it answers. */
export async function runLoad<T>(moduleUrl: string, task: unknown): Promise<T> {
  const loader = forkChild(moduleUrl, 'load');
  loader.send(task as object);
  const [result] = (await once(loader, 'message')) as [T];
  return result;
}

/** In the load process: the task the parent sent, and a way to answer it (which ends the process). */
export async function loadTask<T>(): Promise<{ task: T; answer: (result: unknown) => void }> {
  const [task] = (await once(process, 'message')) as [T];
  return { task, answer: (result) => process.send?.(result as object, () => process.disconnect()) };
}

export interface Answer {
  ms: number;
  status: number;
  body: string;
}

/** Keep-alive HTTP to the API on `port`, at most `sockets` connections. */
export function keepAliveClient(port: number, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const send = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = performance.now();
      const req = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          path,
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              ms: performance.now() - started,
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

/** `p` (0–1) percentile of ascending `sorted`. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** The 1-, 5- and 15-minute load averages, for the lines printed before and after a run. */
export const loadAverage = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

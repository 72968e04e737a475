import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// `npm start` as operators and supervisors run it: the root's start script, the built bundle, the embedded
// database in a temporary folder shared by the tests (migrated by the first start), its own process group.
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const API_DIR = join(ROOT, 'apps/api');
/** Starting takes seconds on an idle machine (migrations at the first start) and a minute on a loaded one. */
const START_MS = 180_000;
const TEST_MS = START_MS + 60_000;

let folder: string;
beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: API_DIR });
  folder = mkdtempSync(join(tmpdir(), 'npm-start-signals-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface NpmStart {
  npm: ChildProcess;
  /** npm's exit code (or the signal that ended it), once it exited. */
  exited: Promise<number | string | null>;
  output(): string;
}

/** `npm start`, its output to a file, or to a pipe read by this test until it drops it. */
function npmStart(to: 'file' | 'pipe', env: Record<string, string>): NpmStart {
  const { DATABASE_URL: _url, ...inherited } = process.env;
  const logFile = join(folder, `output-${readdirSync(folder).length}.log`);
  const fd = to === 'file' ? openSync(logFile, 'w') : undefined;
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', fd ?? 'pipe', fd ?? 'pipe'],
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: '',
      DATA_DIR: join(folder, 'data'),
      SEED_DEMO: 'false',
      JWT_SECRET: 'npm-start-signals-test-secret-32-bytes',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  if (fd !== undefined) closeSync(fd);
  let piped = '';
  npm.stdout?.on('data', (chunk) => (piped += chunk));
  npm.stderr?.on('data', (chunk) => (piped += chunk));
  const exited = new Promise<number | string | null>((resolve) =>
    npm.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { npm, exited, output: () => (fd === undefined ? piped : readFileSync(logFile, 'utf8')) };
}

async function until<T>(what: string, ms: number, found: () => T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Server {
  pid: number;
  url: string;
}

/** The server's pid (from its first log line) and URL, once it listens. */
function listening(started: NpmStart): Promise<Server> {
  return until('start', START_MS, () => {
    const pid = /"pid":(\d+)[^\n]*Server listening/.exec(started.output())?.[1];
    const url = /running at (http:\/\/[\w.:]+)["\s]/.exec(started.output())?.[1];
    return pid && url ? { pid: Number(pid), url: url.replace('localhost', '127.0.0.1') } : undefined;
  });
}

/** Whether the process is gone (a zombie waiting for its parent counts as gone). */
function gone(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

/** npm's exit code, which is the server's since npm waits for it. */
const exitCode = (started: NpmStart, ms = 20_000) =>
  Promise.race([
    started.exited,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`npm start still running after ${ms} ms`)), ms),
    ),
  ]);

const logged = (started: NpmStart, text: string) =>
  until(`log line "${text}"`, 30_000, () => (started.output().includes(text) ? true : undefined));

/** A sign-in to an unknown account: in flight for the length of one password hash (about half a second). */
function signIn(url: string): Promise<number> {
  return fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'nobody-here', password: 'not-a-password' }),
  }).then((res) => res.status);
}

/** A request whose body never comes: in flight until the process ends. */
function endlessRequest(url: string): Socket {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => {});
  socket.write(
    'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"acc',
  );
  return socket;
}

let started: NpmStart | undefined;
let server: Server | undefined;
let socket: Socket | undefined;
afterEach(() => {
  socket?.destroy();
  for (const pid of [server?.pid, started?.npm.pid]) if (pid && !gone(pid)) process.kill(pid, 'SIGKILL');
  started = server = socket = undefined;
});

describe('npm start stopped by a signal', () => {
  it(
    'SIGTERM to npm alone (as a supervisor sends it) reaches the server: the request in flight is answered, both exit 0',
    async () => {
      started = npmStart('file', {});
      server = await listening(started);
      const answer = signIn(server.url);
      await logged(started, '"url":"/api/login"');
      started.npm.kill('SIGTERM');

      expect(await answer).toBe(400);
      expect(await exitCode(started)).toBe(0);
      expect(gone(server.pid)).toBe(true);
      expect(started.output()).toContain('"msg":"stopped"');
    },
    TEST_MS,
  );

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to its process group (Ctrl+C sends SIGINT), whose output pipe has lost its reader: exits 0 within the grace',
    async (signal) => {
      started = npmStart('pipe', { SHUTDOWN_GRACE_MS: '5000' });
      server = await listening(started);
      started.npm.stdout?.destroy();
      started.npm.stderr?.destroy();
      const signalled = Date.now();
      process.kill(-started.npm.pid!, signal);

      // 0, not 1: npm's copy of the signal the group got is no second signal.
      expect(await exitCode(started)).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5000);
      expect(gone(server.pid)).toBe(true);
    },
    TEST_MS,
  );

  it(
    'SIGTERM to npm, output pipe without reader, a request that never ends: exits non-zero at the grace, not before',
    async () => {
      started = npmStart('pipe', { SHUTDOWN_GRACE_MS: '2000' });
      server = await listening(started);
      socket = endlessRequest(server.url);
      await logged(started, '"url":"/api/login"');
      started.npm.stdout?.destroy();
      started.npm.stderr?.destroy();
      const signalled = Date.now();
      started.npm.kill('SIGTERM');

      expect(await exitCode(started)).not.toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1900);
      expect(Date.now() - signalled).toBeLessThan(6000);
      expect(gone(server.pid)).toBe(true);
    },
    TEST_MS,
  );

  it(
    'SIGTERM while the server is still starting: it stops once started, exits 0, and its embedded database starts again',
    async () => {
      const dataDir = join(folder, 'stopped-while-starting');
      started = npmStart('file', { DATA_DIR: dataDir });
      // The database folder appears once the server opens it: its signal handlers are in place by then, and a
      // first start still has every migration to apply.
      await until('the database opened', START_MS, () =>
        existsSync(join(dataDir, 'pglite')) ? true : undefined,
      );
      started.npm.kill('SIGTERM');

      expect(await exitCode(started, START_MS)).toBe(0);
      expect(started.output()).toContain('SIGTERM while starting: stopping once started');
      expect(started.output()).toContain('"msg":"stopped"');

      started = npmStart('file', { DATA_DIR: dataDir });
      server = await listening(started);
      started.npm.kill('SIGTERM');
      expect(await exitCode(started)).toBe(0);
    },
    TEST_MS + START_MS,
  );

  it(
    'a second SIGTERM during the drain exits at once with 1',
    async () => {
      started = npmStart('file', { SHUTDOWN_GRACE_MS: '60000' });
      server = await listening(started);
      socket = endlessRequest(server.url);
      await logged(started, '"url":"/api/login"');
      started.npm.kill('SIGTERM');
      await logged(started, 'SIGTERM: stopping');
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const again = Date.now();
      started.npm.kill('SIGTERM');

      expect(await exitCode(started)).not.toBe(0);
      expect(Date.now() - again).toBeLessThan(3000);
      expect(gone(server.pid)).toBe(true);
      expect(started.output()).toContain('SIGTERM while stopping: exiting now');
    },
    TEST_MS,
  );
});

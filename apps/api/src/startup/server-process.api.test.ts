import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type FreshDatabaseSettings, freshDatabaseSettings } from '../test/test-database';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** The URL the banner printed, once it did. */
  url: Promise<string>;
}

/** `npm start` as an operator runs it: its own process, settings from the environment. */
function startProcess(env: Record<string, string>): ServerProcess {
  const { DATABASE_URL: _d, SEED_DEMO: _s, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', WEB_DIST: '', JWT_SECRET: 'process-test', ...env },
  });
  let output = '';
  let found: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => (found = resolve));
  const collect = (chunk: Buffer) => {
    output += chunk;
    const match = /running at (http:\/\/\S+)/.exec(output);
    if (match) found(match[1]!.replace('localhost', '127.0.0.1'));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, url };
}

const within = <T>(ms: number, promise: Promise<T>, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms),
    ),
  ]);

/** A request on a connection of its own (no keep-alive agent reusing an open one). */
function freshRequest(url: string): Promise<{ status: number } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

/** Until a backend of that database waits for a lock (another client: reads in a transaction are frozen). */
async function waitingForLock(url: string): Promise<void> {
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  try {
    for (let i = 0; i < 200; i++) {
      const { rows } = await monitor.query(
        `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no request waiting for the lock within 10 s');
  } finally {
    await monitor.end();
  }
}

let server: ServerProcess | undefined;
let settings: FreshDatabaseSettings | undefined;
afterEach(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await settings?.dispose();
  server = settings = undefined;
});

describe('the server process', () => {
  it('gives up with a clear message and exit code 1 when PostgreSQL does not answer, never printing the password', async () => {
    server = startProcess({
      DATABASE_URL: 'postgres://backoffice:s3cret-pass@127.0.0.1:1/nowhere',
      DB_START_ATTEMPTS: '3',
      DB_START_DELAY_MS: '100',
    });
    expect(await within(30_000, server.exited, 'exit')).toBe(1);
    const output = server.output();
    expect(output).toContain('waiting for PostgreSQL at 127.0.0.1:1/nowhere (attempt 1/3)');
    expect(output).toContain('waiting for PostgreSQL at 127.0.0.1:1/nowhere (attempt 2/3)');
    expect(output).toContain(
      'The server did not start: PostgreSQL at 127.0.0.1:1/nowhere did not answer after 3 attempts',
    );
    expect(output).not.toContain('s3cret-pass');
  });

  it('refuses an unknown BUSINESS_TIME_ZONE with a clear message and exit code 1, before opening any database', async () => {
    server = startProcess({
      BUSINESS_TIME_ZONE: 'Mars/Olympus',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x',
    });
    expect(await within(30_000, server.exited, 'exit')).toBe(1);
    expect(server.output()).toContain(
      'The server did not start: BUSINESS_TIME_ZONE must be an IANA time zone name such as Asia/Hong_Kong or UTC, not "Mars/Olympus"',
    );
    expect(server.output()).not.toContain('waiting for PostgreSQL');
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'on SIGTERM takes no new connection, lets the request in flight finish and commit, and exits 0',
    async () => {
      settings = await freshDatabaseSettings();
      server = startProcess({ ...settings.env, SEED_DEMO: 'true' });
      const url = await within(120_000, server.url, 'start');
      const login = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'member', password: 'member123' }),
      });
      const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;

      const db = new pg.Client({ connectionString: settings.env.DATABASE_URL });
      await db.connect();
      try {
        const member = (await db.query(`select id from users where name = 'member'`)).rows[0].id as number;
        const peer = (
          await db.query(`select user_no from users where not is_admin and name <> 'member' limit 1`)
        ).rows[0].user_no as string;
        const before = Number((await db.query('select count(*) from transfers')).rows[0].count);
        // Hold the member's wallet so the transfer waits inside the server, in flight.
        await db.query('begin');
        await db.query('select 1 from wallets where user_id = $1 for update', [member]);
        const transfer = fetch(`${url}/api/wallet/sendTransfer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ user_no: peer, amount: '1.00' }),
        });
        await waitingForLock(settings.env.DATABASE_URL!);
        server.child.kill('SIGTERM');
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(server.child.exitCode).toBeNull();
        expect(await freshRequest(`${url}/healthz`)).toEqual({ error: 'ECONNREFUSED' });
        await db.query('rollback');

        const answer = await within(20_000, transfer, 'transfer');
        expect(answer.status).toBe(200);
        expect(await within(20_000, server.exited, 'exit')).toBe(0);
        expect(Number((await db.query('select count(*) from transfers')).rows[0].count)).toBe(before + 1);
      } finally {
        await db.end();
      }
    },
  );
});

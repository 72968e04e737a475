import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
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
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: '',
      JWT_SECRET: 'process-test-secret-of-thirty-two-bytes',
      ...env,
    },
  });
  let output = '';
  let found: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => (found = resolve));
  const collect = (chunk: Buffer) => {
    output += chunk;
    const banner = logLines(output).find((line) => typeof line.url === 'string');
    if (banner) found((banner.url as string).replace('localhost', '127.0.0.1'));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, url };
}

/** The JSON lines of a process's output, as a log collector reads them. */
const logLines = (output: string): Array<Record<string, unknown>> =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.endsWith('}'))
    .map((line) => JSON.parse(line));

/** A TCP port that counts the connections made to it, where a database would be. */
async function countingPort(): Promise<{ port: number; connections: () => number; close: () => void }> {
  let connections = 0;
  const listener: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as { port: number };
  return { port, connections: () => connections, close: () => listener.close() };
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
  it('gives up naming the database, in JSON lines, with exit code 1 when PostgreSQL does not answer, never printing the password', async () => {
    server = startProcess({
      DATABASE_URL: 'postgres://backoffice:s3cret-pass@127.0.0.1:1/nowhere',
      DB_START_ATTEMPTS: '3',
      DB_START_DELAY_MS: '100',
    });
    expect(await within(30_000, server.exited, 'exit')).toBe(1);
    const output = server.output();
    expect(logLines(output).map(({ level, msg }) => ({ level, msg }))).toEqual([
      {
        level: 40,
        msg: expect.stringMatching(/^waiting for PostgreSQL at 127.0.0.1:1\/nowhere \(attempt 1\/3\): /),
      },
      {
        level: 40,
        msg: expect.stringMatching(/^waiting for PostgreSQL at 127.0.0.1:1\/nowhere \(attempt 2\/3\): /),
      },
      {
        level: 60,
        msg: expect.stringMatching(
          /^The server did not start: cannot connect to the database at 127.0.0.1:1\/nowhere: .*ECONNREFUSED.* \(after 3 attempts\)$/,
        ),
      },
    ]);
    expect(output).not.toContain('s3cret-pass');
  });

  it('refuses a setting it cannot take at once, naming it in a JSON line, with exit code 1, before touching the database', async () => {
    const database = await countingPort();
    try {
      server = startProcess({
        TOKEN_TTL_SECONDS: 'abc',
        DATABASE_URL: `postgres://nobody@127.0.0.1:${database.port}/x`,
      });
      expect(await within(30_000, server.exited, 'exit')).toBe(1);
      const fatal = logLines(server.output()).filter((line) => line.level === 60);
      expect(fatal).toEqual([
        expect.objectContaining({
          settings: ['TOKEN_TTL_SECONDS'],
          msg: 'The server did not start: TOKEN_TTL_SECONDS must be a whole number of seconds ≥ 60, got "abc"',
        }),
      ]);
      expect(server.output()).not.toContain('waiting for PostgreSQL');
      expect(database.connections()).toBe(0);
    } finally {
      database.close();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'stops at once, naming the database, when the server says it has no such database',
    async () => {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = '/no_such_database';
      server = startProcess({ DATABASE_URL: url.toString(), DB_START_ATTEMPTS: '8' });
      expect(await within(30_000, server.exited, 'exit')).toBe(1);
      expect(logLines(server.output()).at(-1)?.msg).toBe(
        `The server did not start: cannot connect to the database at ${url.hostname}:${url.port || 5432}/no_such_database: database "no_such_database" does not exist`,
      );
    },
  );

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
    // Its start loads the demo (up to 120 s above on a loaded machine), then the transfer and the stop.
    180_000,
  );
});

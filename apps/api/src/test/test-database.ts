import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../bootstrap';
import { DEFAULT_QUERY_TIMEOUTS } from '../config';
import { type Database, openDatabase } from '../platform/db/client';
import { ReadReplicas } from '../platform/db/read-replicas';
import { BASELINE_TAG, migrationsUpTo } from '../platform/db/upgrade/migrations.testing';
import { seedDemo } from '../seed/demo';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default,
 * or, when DATABASE_URL names a PostgreSQL server, a uniquely named database on
 * it that is dropped again on close. With TEST_DB_FROM_BASELINE=true it is migrated
 * to the baseline first and then upgraded to the head, as an installation of the
 * first versioned release is. `empty: true` leaves it unmigrated; `demo: true` loads the demo data.
 */
export async function createTestDatabase(
  options: { empty?: boolean; demo?: boolean } = {},
): Promise<TestDatabase> {
  const template = options.empty ? undefined : templateFile(options.demo ? 'demo' : 'migrated');
  if (template && existsSync(template))
    return openDatabase({ snapshot: new Blob([await readFile(template)]) });
  const database = await openTestDatabase();
  if (options.empty) return database;
  if (process.env.TEST_DB_FROM_BASELINE === 'true') await database.migrate(migrationsUpTo(BASELINE_TAG));
  await prepareDatabase(database);
  if (options.demo) await database.db.transaction((tx) => seedDemo(tx));
  if (template) await saveTemplate(database, template);
  return database;
}

/**
 * Where the run keeps the embedded database a test file starts from (`migrated` or `demo`), made by the first file
 * that needs it: loading one takes 0.6 s, where a new PGlite, its migrations and the demo data took 1.5, 2.5 and
 * 5 s. TEST_TEMPLATE_DIR is the run's own folder (global-setup.ts), so a changed migration or seed is never
 * served stale. A server's databases migrate in 0.4 s and CI upgrades each from the baseline: none there.
 */
function templateFile(name: 'migrated' | 'demo'): string | undefined {
  const dir = process.env.TEST_TEMPLATE_DIR;
  if (!dir || process.env.DATABASE_URL || process.env.TEST_DB_FROM_BASELINE === 'true') return undefined;
  return join(dir, `${name}.tar`);
}

/** Written aside and renamed, so a file starting meanwhile in another worker never loads half of it. */
async function saveTemplate(database: Database, file: string): Promise<void> {
  const snapshot = await database.snapshot?.();
  if (!snapshot) return;
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await snapshot.arrayBuffer()));
  await rename(partial, file);
}

/** A test's database, and the read replicas of it that its app routes heavy reads to (DATABASE_READ_URL). */
export interface TestDatabase extends Database {
  replicas?: ReadReplicas;
}

async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const server = await createServerDatabase(serverUrl);
  // The server's limits on waiting for an answer, so the suite runs as production does (COPY and cursors too).
  const database = openDatabase({ url: server.url, queryTimeouts: DEFAULT_QUERY_TIMEOUTS });
  const replicas = replicasOf(database.db, server.name);
  return {
    ...database,
    replicas,
    close: async () => {
      await replicas?.close();
      await database.close();
      await server.drop();
    },
  };
}

/**
 * TEST_DATABASE_READ_URL names streaming replicas of DATABASE_URL's server (`.ci/run` starts one): the copies there
 * of the database `name`. Not DATABASE_READ_URL itself, which the servers that tests start would inherit.
 */
function replicaUrlsOf(name: string): string[] | undefined {
  return process.env.TEST_DATABASE_READ_URL?.split(',').map((readUrl) => {
    const url = new URL(readUrl.trim());
    url.pathname = `/${name}`;
    return url.toString();
  });
}

/** The replicas of the test database, polled often so that reads move to them soon after it is made. */
function replicasOf(primary: Database['db'], name: string): ReadReplicas | undefined {
  const urls = replicaUrlsOf(name);
  return (
    urls &&
    ReadReplicas.open(primary, { urls, maxLagMs: 5_000, pollMs: 100, queryTimeouts: DEFAULT_QUERY_TIMEOUTS })
  );
}

export interface ServerDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A uniquely named, empty database on the server of `serverUrl`; `drop` removes it, ending its connections. */
export async function createServerDatabase(serverUrl: string): Promise<ServerDatabase> {
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

/**
 * An empty database for another process (a CLI, a server start) to open through its settings: a
 * uniquely named one on DATABASE_URL's server, else embedded PGlite, both with a temporary DATA_DIR.
 */
export interface FreshDatabaseSettings {
  env: { DATA_DIR: string; DATABASE_URL?: string; DATABASE_READ_URL?: string };
  dispose(): Promise<void>;
}

export async function freshDatabaseSettings(): Promise<FreshDatabaseSettings> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backoffice-test-'));
  const serverUrl = process.env.DATABASE_URL;
  const server = serverUrl ? await createServerDatabase(serverUrl) : null;
  return {
    env: server
      ? {
          DATA_DIR: dataDir,
          DATABASE_URL: server.url,
          DATABASE_READ_URL: replicaUrlsOf(server.name)?.join(','),
        }
      : { DATA_DIR: dataDir },
    dispose: async () => {
      await server?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

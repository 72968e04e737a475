import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../bootstrap';
import { DEFAULT_QUERY_TIMEOUTS } from '../config';
import { type Database, openDatabase } from '../platform/db/client';
import { BASELINE_TAG, migrationsUpTo } from '../platform/db/upgrade/migrations.testing';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default,
 * or, when DATABASE_URL names a PostgreSQL server, a uniquely named database on
 * it that is dropped again on close. With TEST_DB_FROM_BASELINE=true it is migrated
 * to the baseline first and then upgraded to the head, as an installation of the
 * first versioned release is. `empty: true` leaves it unmigrated.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<Database> {
  const database = await openTestDatabase();
  if (options.empty) return database;
  if (process.env.TEST_DB_FROM_BASELINE === 'true') await database.migrate(migrationsUpTo(BASELINE_TAG));
  await prepareDatabase(database);
  return database;
}

async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const server = await createServerDatabase(serverUrl);
  // The server's limits on waiting for an answer, so the suite runs as production does (COPY and cursors too).
  const database = openDatabase({ url: server.url, queryTimeouts: DEFAULT_QUERY_TIMEOUTS });
  return {
    ...database,
    close: async () => {
      await database.close();
      await server.drop();
    },
  };
}

export interface ServerDatabase {
  url: string;
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
    drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

/**
 * An empty database for another process (a CLI, a server start) to open through its settings: a
 * uniquely named one on DATABASE_URL's server, else embedded PGlite, both with a temporary DATA_DIR.
 */
export interface FreshDatabaseSettings {
  env: { DATA_DIR: string; DATABASE_URL?: string };
  dispose(): Promise<void>;
}

export async function freshDatabaseSettings(): Promise<FreshDatabaseSettings> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backoffice-test-'));
  const serverUrl = process.env.DATABASE_URL;
  const server = serverUrl ? await createServerDatabase(serverUrl) : null;
  return {
    env: server ? { DATA_DIR: dataDir, DATABASE_URL: server.url } : { DATA_DIR: dataDir },
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

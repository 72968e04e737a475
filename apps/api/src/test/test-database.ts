import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { prepareDatabase } from '../platform/db/bootstrap';
import { type Database, openDatabase } from '../platform/db/client';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default,
 * or, when DATABASE_URL names a PostgreSQL server, a uniquely named database on
 * it that is dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = openDatabase({});
    await prepareDatabase(database);
    return database;
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString() });
  await prepareDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
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

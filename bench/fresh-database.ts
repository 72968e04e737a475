import { sql } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../apps/api/src/access/passwords';
import { prepareDatabase } from '../apps/api/src/bootstrap';
import type { UserRow } from '../apps/api/src/members/members.schema';
import { createAdmin, createMember } from '../apps/api/src/members/members.service';
import { type Db, openDatabase, queryRows } from '../apps/api/src/platform/db/client';
import { postEntry } from '../apps/api/src/wallet/ledger';

/** Runs `work` on a client of the server's `postgres` database, given the database name a bench URL names. */
async function onServer(
  url: string,
  work: (client: pg.Client, name: string) => Promise<unknown>,
): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    await work(client, name);
  } finally {
    await client.end();
  }
}

/** Drops (with its connections) and creates again the database a bench URL names. */
export const freshDatabase = (url: string) =>
  onServer(url, async (client, name) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });

/** Creates the database a bench URL names when it is missing (an existing one is upgraded by the migrations). */
export const ensureDatabase = (url: string) =>
  onServer(url, async (client, name) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}"`);
  });

/**
 * A fresh, migrated database with `count` members named `${prefix}_<n>`, each credited through the ledger
 * once per amount of `creditsCents`; the caller closes the database.
 */
export async function freshDatabaseWithMembers(
  url: string,
  count: number,
  prefix: string,
  creditsCents: readonly number[],
) {
  await freshDatabase(url);
  const database = openDatabase({ url });
  await prepareDatabase(database);
  const passwordHash = await hashPassword('bench-pass');
  const members: UserRow[] = [];
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const m = await createMember(tx, {
        name: `${prefix}_${i}`,
        email: `${prefix}_${i}@bench.local`,
        password: '',
        passwordHash,
      });
      for (const amountCents of creditsCents)
        await postEntry(tx, { userId: m.id, amountCents, move: 'credit', kind: 'adjustment' });
      members.push(m);
    }
  });
  return { database, members };
}

/** Makes the super administrator `bench_admin` (password `bench-pass`) when the database has none. */
export async function ensureBenchAdmin(db: Db): Promise<void> {
  const [admin] = await queryRows(db, sql`select id from users where name = 'bench_admin'`);
  if (!admin)
    await createAdmin(db, {
      name: 'bench_admin',
      email: 'bench_admin@bench.local',
      password: 'bench-pass',
      isSuper: true,
    });
}

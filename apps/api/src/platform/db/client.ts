import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services take either, so they can join a caller's transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Extensions the schema needs (pg_trgm: trigram indexes for `%…%` name search), created before the
 * migrations because drizzle-kit does not generate CREATE EXTENSION.
 */
const createExtensions = (db: Db) => db.execute(sql`create extension if not exists pg_trgm`);

/** A real PostgreSQL server when a URL is given, else embedded PGlite (in memory when dataDir is omitted). */
export function openDatabase(opts: { url?: string; dataDir?: string }): Database {
  const migrationsFolder = findMigrationsFolder();
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.DB_POOL_MAX ?? 10) });
    // An idle connection the server ends (restart, dropped test database) must not crash the process.
    pool.on('error', (error) => console.warn(`idle database connection closed: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await createExtensions(db);
        await migratePg(db as never, { migrationsFolder });
      },
      close: () => pool.end(),
    };
  }
  const client = new PGlite({ dataDir: opts.dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await createExtensions(db);
      await migratePglite(db as never, { migrationsFolder });
    },
    close: () => client.close(),
  };
}

/** The generated SQL migrations sit in apps/api/drizzle, both beside the sources and the built bundle. */
function findMigrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('SQL migrations (apps/api/drizzle) not found; run npm run db:generate');
}

/**
 * Whether `db` is a pool of server connections, which can hold several transactions open side by side
 * (embedded PGlite has one connection; a transaction has its own one).
 */
export const hasConnectionPool = (db: DbOrTx): db is Db =>
  (db as { $client?: unknown }).$client instanceof pg.Pool;

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs a read without parallel workers, for the batches of a large export: the app writes one
 * batch while the next is read, and on a small machine the workers take the CPU it needs (a
 * 100,000-order export took a third longer with them on 2 cores).
 */
export function withoutParallelWorkers<T>(db: Db, read: (tx: DbOrTx) => PromiseLike<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return read(tx);
  });
}

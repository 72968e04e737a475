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
import { claimFolder } from './folder-lock';
import { NO_QUERY_TIMEOUTS, type QueryTimeouts, timedClients, useQueryTimeout } from './query-timeout';

/**
 * Queries name their tables (db.select().from(table)); drizzle's relational `db.query` API is not used, so the
 * connection needs no schema and the platform knows no domain's tables (apps/api/src/schema.ts is drizzle-kit's).
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Services take either, so they can join a caller's transaction. */
export type DbOrTx = Db | Tx;

/** DB_POOL_IDLE_MS's default: ten minutes. */
export const DEFAULT_POOL_IDLE_MS = 600_000;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations of `folder` (default: apps/api/drizzle) not applied yet. */
  migrate(folder?: string): Promise<void>;
  /** Embedded PGlite only: its whole data directory, for `openDatabase({ snapshot })` (the tests' templates). */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * A connection the server ends (restart, failover, pg_terminate_backend, a TCP reset) emits 'error'. pg-pool
 * listens only while the connection is idle; one lent to a request had no listener, and the error ended the
 * process. Every connection now has one: the statement in flight fails (the route answers 503, see
 * isDatabaseUnavailable), and the pool drops the broken connection and opens a new one when asked.
 */
function keepServingWhenConnectionsDie(pool: pg.Pool): void {
  const lost = (error: Error) => console.warn(`database connection lost: ${error.message}`);
  pool.on('connect', (client) => client.on('error', lost));
  // pg-pool re-emits an idle connection's error on the pool, already logged by the connection's listener.
  pool.on('error', () => undefined);
}

/**
 * TCP keepalive probes start after a connection has been idle this long, so a database host that vanished
 * from the network (no reset, no answer) is noticed by the operating system instead of never.
 */
const KEEPALIVE_DELAY_MS = 10_000;

/** A real PostgreSQL server when a URL is given, else embedded PGlite (in memory when dataDir is omitted). */
export function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** Embedded PGlite in memory starting as this dumped data directory (Database.snapshot) instead of empty. */
  snapshot?: Blob;
  statementTimeoutMs?: number;
  /** Most connections to the server (DB_POOL_MAX). */
  poolMax?: number;
  /** How long an unused connection stays open (DB_POOL_IDLE_MS). */
  poolIdleMs?: number;
  /** How long to wait for a new connection (DB_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** How long each query waits for its answer (TimedClient); default without end. */
  queryTimeouts?: QueryTimeouts;
}): Database {
  const migrationsFolder = findMigrationsFolder();
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 10,
      // A new connection is a new PostgreSQL process, slow at first: it maps each shared buffer it touches (a
      // name search's deep page took 200 ms on a new connection, 58 ms on a used one; docs/performance/orders.md).
      // pg's default closed connections after 10 s unused, so every pause in the traffic cost that again.
      idleTimeoutMillis: opts.poolIdleMs ?? DEFAULT_POOL_IDLE_MS,
      // A server out of reach fails a request after this long instead of letting it wait for ever.
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
      Client: timedClients(opts.queryTimeouts ?? NO_QUERY_TIMEOUTS),
      // Each connection's default; what may take longer says so (withoutStatementTimeout, migrateAlone).
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    });
    // Every checkout starts at the default limit, whatever the work before it raised it to.
    pool.on('acquire', (client) => useQueryTimeout(client, 'default'));
    keepServingWhenConnectionsDie(pool);
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: (folder = migrationsFolder) => migrateAlone(pool, folder),
      close: () => pool.end(),
    };
  }
  const release = opts.dataDir ? claimFolder(opts.dataDir) : () => undefined;
  const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.snapshot, extensions: { pg_trgm } });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async (folder = migrationsFolder) => {
      await migratePglite(db as never, { migrationsFolder: folder });
    },
    // Uncompressed: loading 66 MB as it is takes a third of the time of gunzipping 7 MB.
    snapshot: () => client.dumpDataDir('none'),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * Migrates on one connection holding a session advisory lock, so API processes started together apply each
 * migration once: the others wait, then find nothing pending (drizzle's migrator takes no lock of its own).
 */
async function migrateAlone(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    // An upgrade may rebuild indexes of millions of rows: minutes, beyond any request's timeout.
    useQueryTimeout(client, 'none');
    await client.query(`select pg_advisory_lock(${MIGRATIONS_LOCK})`);
    await client.query('set statement_timeout = 0');
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('reset statement_timeout');
      await client.query(`select pg_advisory_unlock(${MIGRATIONS_LOCK})`);
    }
  } finally {
    client.release();
  }
}

/** The advisory lock key of migrations (an arbitrary constant of this application). */
const MIGRATIONS_LOCK = 7_160_316;

/** The SQL migrations sit in apps/api/drizzle, both beside the sources and the built bundle. */
export function findMigrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('SQL migrations (apps/api/drizzle) not found');
}

/**
 * Whether `db` is a pool of server connections, which can hold several transactions open side by side
 * (embedded PGlite has one connection; a transaction has its own one).
 */
export const hasConnectionPool = (db: DbOrTx): db is Db =>
  (db as { $client?: unknown }).$client instanceof pg.Pool;

/**
 * The server connection a transaction runs on, for what drizzle cannot send (COPY); null on PGlite, or for a
 * pool itself (a COPY must run on the connection of the transaction it belongs to).
 */
export function serverConnection(db: DbOrTx): pg.ClientBase | null {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : null;
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Lifts the statement timeout for the rest of `tx` (long work by design: a settlement run's statements), and
 * lets its queries wait for their answers as long as long work may (DB_LONG_QUERY_TIMEOUT_MS) instead of a
 * request's limit.
 */
export async function withoutStatementTimeout(tx: DbOrTx): Promise<void> {
  useQueryTimeout(serverConnection(tx), 'long');
  await tx.execute(sql`set local statement_timeout = 0`);
}

/**
 * Runs a read without parallel workers: for the batches of a large export (the app writes one batch while
 * the next is read, and on a small machine the workers take the CPU it needs: a 100,000-order export took a
 * third longer with them on 2 cores), and for a walk that stops early (each worker walks its share past the
 * point where the walk alone would have stopped).
 */
export function withoutParallelWorkers<T>(db: DbOrTx, read: (tx: DbOrTx) => PromiseLike<T>): Promise<T> {
  return withLocalSetting(db, sql`set local max_parallel_workers_per_gather = 0`, read);
}

/**
 * Runs a read without JIT compilation: for a statement of many small index probes whose estimated cost passes
 * jit_above_cost, where compiling took 165 ms of a 40 ms read (a member's team sales, dashboard.team.ts).
 */
export function withoutJit<T>(db: DbOrTx, read: (tx: DbOrTx) => PromiseLike<T>): Promise<T> {
  return withLocalSetting(db, sql`set local jit = off`, read);
}

function withLocalSetting<T>(db: DbOrTx, setting: SQL, read: (tx: DbOrTx) => PromiseLike<T>): Promise<T> {
  return (db as Db).transaction(async (tx) => {
    await tx.execute(setting);
    return read(tx);
  });
}

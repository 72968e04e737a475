import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, queryRows } from './client';

/**
 * Two connections of a test's own to the database behind `db` (PostgreSQL only), to make the server kill the
 * app's connections as a restart or failover would: `admin` watches pg_stat_activity and terminates backends;
 * `holder` holds row locks in a transaction of its own (pg_stat_activity reads are frozen inside one).
 */
export interface ConnectionKiller {
  database: string;
  admin: pg.Client;
  holder: pg.Client;
  /** Backends of this database waiting for a lock (requests in flight held by `holder`). */
  waiting(): Promise<number[]>;
  close(): Promise<void>;
}

export async function connectionKiller(db: Db): Promise<ConnectionKiller> {
  const [row] = await queryRows<{ name: string }>(db, sql`select current_database() as name`);
  const database = row!.name;
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  const holder = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await holder.connect();
  return {
    database,
    admin,
    holder,
    waiting: async () =>
      (
        await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity
           where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          [database],
        )
      ).rows.map((r) => r.pid),
    close: async () => {
      await admin.end();
      await holder.end();
    },
  };
}

/** Polls `probe` every 50 ms until `done` holds (10 s at most). */
export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not reached in 10 s');
}

import { sql } from 'drizzle-orm';
import { type Database, type Db, openDatabase, queryRows } from './client';
import { hasSqlState, isDatabaseUnavailable } from './errors';
import type { QueryTimeouts } from './query-timeout';
import { laterPosition, parseWalPosition, type WalPosition } from './wal-position';

export interface ReadReplicaOptions {
  /** DATABASE_READ_URL: one or more streaming replicas of the primary. */
  urls: string[];
  /** A replica further behind the primary than this is skipped (DB_READ_MAX_LAG_MS). */
  maxLagMs: number;
  /** How often each replica's replayed position is read (DB_READ_POLL_MS). */
  pollMs: number;
  poolMax?: number;
  poolIdleMs?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  queryTimeouts?: QueryTimeouts;
  /** Where a replica going out of use or back into it is told (the app's log). */
  log?: (level: 'info' | 'warn', message: string) => void;
}

/** One replica as the last poll found it. */
export interface ReplicaServer {
  /** Its host and port, the label of its metrics and log lines (never its password). */
  readonly name: string;
  readonly db: Db;
  /** The WAL position it had replayed at the last poll that reached it. */
  replayed: WalPosition | null;
  /** How long it has lacked WAL the primary had written (0 when it had replayed all of it). */
  lagMs: number;
  /** When a poll last reached it as a standby (ms since the epoch; 0 never). */
  seenAt: number;
  /** Reads it served. */
  reads: number;
}

/** A standby cancels a read that holds back the replay of a conflicting change (SQLSTATE 40001). */
const RECOVERY_CONFLICT = '40001';
/** A caller's write is remembered this long; longer than any lag a replica may have and still be used. */
const WRITES_REMEMBERED_MS = 5 * 60_000;

/**
 * The heavy reads' way to streaming replicas (DATABASE_READ_URL). A read goes to a replica that answers,
 * is at most `maxLagMs` behind the primary, and has replayed the position the caller needs (their own latest
 * write, so they see it on their next read); otherwise to the primary. A replica that fails a read is put out
 * of use until its next poll, and the read runs again on the primary.
 */
export class ReadReplicas {
  readonly servers: ReplicaServer[];
  /** Reads the primary served in the replicas' stead. */
  primaryReads = 0;
  private readonly databases: Database[];
  /** The primary's WAL position at each recent poll, oldest first: a replica's lag is read off them. */
  private samples: Array<{ at: number; position: WalPosition }> = [];
  private readonly writes = new Map<number, { position: WalPosition; at: number }>();
  private next = 0;
  private polling: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** Whether each replica was in use when last told (absent: not told yet). */
  private readonly inUse = new Map<ReplicaServer, boolean>();

  private constructor(
    readonly primary: Db,
    private readonly options: ReadReplicaOptions,
  ) {
    this.databases = options.urls.map((url) =>
      openDatabase({
        url,
        poolMax: options.poolMax,
        poolIdleMs: options.poolIdleMs,
        connectTimeoutMs: options.connectTimeoutMs,
        statementTimeoutMs: options.statementTimeoutMs,
        queryTimeouts: options.queryTimeouts,
      }),
    );
    this.servers = this.databases.map((database, i) => ({
      name: serverName(options.urls[i]!),
      db: database.db,
      replayed: null,
      lagMs: 0,
      seenAt: 0,
      reads: 0,
    }));
  }

  /** Opens the replicas' pools and polls them every `pollMs`; reads use the primary until a first poll answers. */
  static open(primary: Db, options: ReadReplicaOptions): ReadReplicas {
    const replicas = new ReadReplicas(primary, options);
    replicas.timer = setInterval(() => void replicas.poll(), options.pollMs);
    replicas.timer.unref();
    void replicas.poll();
    return replicas;
  }

  /** Whether `server` may serve a read that needs `position` replayed. */
  usable(server: ReplicaServer, position: WalPosition | null, now = Date.now()): boolean {
    const fresh = now - server.seenAt <= Math.max(3 * this.options.pollMs, 1_000);
    return (
      fresh &&
      server.replayed !== null &&
      server.lagMs <= this.options.maxLagMs &&
      (position === null || server.replayed >= position)
    );
  }

  /** The replica a read needing `position` goes to, taking turns among the usable ones; null: the primary. */
  choose(position: WalPosition | null): ReplicaServer | null {
    const now = Date.now();
    for (let i = 0; i < this.servers.length; i++) {
      const server = this.servers[(this.next + i) % this.servers.length]!;
      if (this.usable(server, position, now)) {
        this.next = (this.next + i + 1) % this.servers.length;
        return server;
      }
    }
    return null;
  }

  /**
   * Runs `read` on the database chosen for `position`. When a replica cannot answer (unreachable, or it
   * cancelled the read for a conflict with its replay), the read runs again on the primary if `mayRetry()`.
   */
  async serve<T>(
    position: WalPosition | null,
    read: (db: Db) => Promise<T>,
    mayRetry: () => boolean = () => true,
  ): Promise<T> {
    const server = this.choose(position);
    return server ? this.readOn(server, read, mayRetry) : this.onPrimary(read);
  }

  /**
   * The reads of a job a request started, made after the answer (an export's batches): on `db`, the database the
   * request read (so they see what it saw, the caller's own writes included), or on the primary from the first
   * that `db`, a replica, fails as `serve` would retry it.
   */
  readerFrom(db: Db): Reader {
    let server = this.servers.find((s) => s.db === db);
    return (read) => {
      if (!server) return this.onPrimary(read);
      // A read the replica failed runs on the primary, and so do the job's reads after it.
      return this.readOn(server, read, () => {
        server = undefined;
        return true;
      });
    };
  }

  /** Runs `read` on `server`; on the primary instead when the replica cannot answer it and `mayRetry()`. */
  private async readOn<T>(server: ReplicaServer, read: (db: Db) => Promise<T>, mayRetry: () => boolean) {
    server.reads++;
    try {
      return await read(server.db);
    } catch (error) {
      const lost = isDatabaseUnavailable(error);
      if (!(lost || hasSqlState(error, RECOVERY_CONFLICT)) || !mayRetry()) throw error;
      if (lost) this.putOutOfUse(server, error);
      return this.onPrimary(read);
    }
  }

  /** Remembers that `callerId` wrote up to the primary's current position; returns that position. */
  async noteWrite(callerId: number): Promise<WalPosition | null> {
    const position = await this.primaryPosition();
    if (position !== null) this.writes.set(callerId, { position, at: Date.now() });
    return position;
  }

  /** The position `callerId`'s reads need replayed: their latest write this process saw, or `told` if later. */
  neededBy(callerId: number | null, told: WalPosition | null): WalPosition | null {
    const own = callerId === null ? undefined : this.writes.get(callerId);
    return laterPosition(own?.position ?? null, told);
  }

  /** Reads the primary's position and each replica's replayed one; a replica that does not answer is out of use. */
  poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.polling;
    await Promise.all(this.databases.map((database) => database.close()));
  }

  private async pollOnce(): Promise<void> {
    const now = Date.now();
    const position = await this.primaryPosition();
    if (position !== null) this.samples.push({ at: now, position });
    const keepFrom = now - Math.max(2 * this.options.maxLagMs, 60_000);
    while (this.samples.length > 1 && this.samples[0]!.at < keepFrom) this.samples.shift();
    for (const [callerId, write] of this.writes)
      if (now - write.at > WRITES_REMEMBERED_MS) this.writes.delete(callerId);
    await Promise.all(this.servers.map((server) => this.pollServer(server)));
  }

  private async pollServer(server: ReplicaServer): Promise<void> {
    let problem: string;
    try {
      const [row] = await queryRows<{ replayed: string | null }>(
        server.db,
        sql`select pg_last_wal_replay_lsn()::text as replayed`,
      );
      const replayed = parseWalPosition(row?.replayed);
      if (replayed === null) throw new Error('it is no standby (pg_last_wal_replay_lsn() is null)');
      server.replayed = replayed;
      server.lagMs = this.lagOf(replayed);
      server.seenAt = Date.now();
      problem = `${server.lagMs} ms behind the primary (DB_READ_MAX_LAG_MS ${this.options.maxLagMs})`;
    } catch (error) {
      server.seenAt = 0;
      problem = (error as Error).message;
    }
    this.tellChange(server, problem);
  }

  /** Logs a replica going into use or out of it (and its state at the first poll). */
  private tellChange(server: ReplicaServer, problem: string): void {
    const inUse = this.usable(server, null);
    if (this.inUse.get(server) === inUse) return;
    this.inUse.set(server, inUse);
    if (inUse) this.tell('info', `read replica ${server.name} in use`);
    else this.tell('warn', `read replica ${server.name} out of use: ${problem}`);
  }

  /** Since when the primary has had WAL past `replayed`: the oldest sample beyond it (0 when none is). */
  private lagOf(replayed: WalPosition): number {
    const behind = this.samples.find((sample) => sample.position > replayed);
    return behind ? Date.now() - behind.at : 0;
  }

  private putOutOfUse(server: ReplicaServer, error: unknown): void {
    server.seenAt = 0;
    this.tellChange(server, (error as Error).message);
  }

  private async onPrimary<T>(read: (db: Db) => Promise<T>): Promise<T> {
    this.primaryReads++;
    return read(this.primary);
  }

  private async primaryPosition(): Promise<WalPosition | null> {
    try {
      const [row] = await queryRows<{ position: string }>(
        this.primary,
        sql`select pg_current_wal_lsn()::text as position`,
      );
      return parseWalPosition(row?.position);
    } catch {
      return null;
    }
  }

  private tell(level: 'info' | 'warn', message: string): void {
    this.options.log?.(level, message);
  }
}

/** Reads on whichever database a Reader chose for them. */
export type Reader = <T>(read: (db: Db) => Promise<T>) => Promise<T>;

/**
 * How a job started by a request reads once the request is answered: ReadReplicas.readerFrom the request's
 * database, or that database itself without replicas.
 */
export const jobReader = (app: { db: Db; replicas?: ReadReplicas }): Reader =>
  app.replicas ? app.replicas.readerFrom(app.db) : (read) => read(app.db);

/** A replica's host and port from its URL. */
function serverName(url: string): string {
  const parsed = URL.parse(url);
  return parsed ? `${parsed.hostname}:${parsed.port || '5432'}` : 'replica';
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { ResultCode } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';
import { type Db, hasConnectionPool } from '../db/client';
import type { ReadReplicas, ReplicaServer } from '../db/read-replicas';
import { AppError, notFound } from '../http/errors';
import { onJobFinished } from '../jobs/jobs.runner';
import { jobCounts } from '../jobs/jobs.service';

export interface MetricsOptions {
  db: Db;
  /** The read replicas (DATABASE_READ_URL), whose reads and lag are reported. */
  replicas?: ReadReplicas;
  enabled: boolean;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
  /** Subscribes to the password hashes this process runs (app.ts passes access/passwords.ts); returns the unsubscribe. */
  onPasswordHashed: (listener: (hash: { cost: { N: number }; seconds: number }) => void) => () => void;
}

/** Requests that matched no route (the web app's fallback, 404s) share one label value. */
const UNMATCHED_ROUTE = '(unmatched)';

/**
 * GET /metrics in Prometheus' text format when METRICS is on (404 otherwise). Built on prom-client with
 * this app's own registry rather than fastify-metrics, whose route metrics live in prom-client's global
 * registry (two apps in one process, as in the tests, collide) and whose releases for Node 20 are old.
 *
 * Across several API processes: the request, pool and job-duration figures are each process's own
 * (sum them); the job counts come from the shared jobs table, so every process reports the same
 * figures (take max, not sum).
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { db, enabled, token } = options;
  if (!enabled) {
    app.get('/metrics', async () => {
      throw notFound('common.routeNotFound');
    });
    return;
  }
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  observeRequests(app, registry);
  if (hasConnectionPool(db)) observePool((db as unknown as { $client: pg.Pool }).$client, registry);
  observeJobs(app, db, registry);
  if (options.replicas) observeReplicas(options.replicas, registry);
  observePasswordHashing(app, registry, options.onPasswordHashed);
  app.get('/metrics', { logLevel: 'warn' }, async (req, reply) => {
    if (token !== undefined && !bearerMatches(req, token))
      throw new AppError(ResultCode.UNAUTHORIZED, 'health.metricsTokenRequired');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/** Request durations by method, route pattern (never the raw URL: bounded label values) and status. */
function observeRequests(app: FastifyInstance, registry: client.Registry) {
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    duration.observe({ method: req.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });
}

function observePool(pool: pg.Pool, registry: client.Registry) {
  const gauge = (name: string, help: string, read: () => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge('db_pool_connections', 'Connections the pool holds to PostgreSQL', () => pool.totalCount);
  gauge('db_pool_idle_connections', 'Pool connections not in use', () => pool.idleCount);
  gauge('db_pool_waiting_requests', 'Queries waiting for a pool connection', () => pool.waitingCount);
}

/**
 * Job counts are read from the jobs table at scrape time (the table is the truth across processes, and
 * a job whose process died is counted as failed, as the jobs screen shows it); durations are observed by
 * the process that ran the job when it ends.
 */
function observeJobs(app: FastifyInstance, db: Db, registry: client.Registry) {
  new client.Gauge({
    name: 'jobs_recorded',
    help: 'Recorded jobs (the last 24 hours) by kind and status, from the shared jobs table',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      // Without the database the other metrics still answer; readiness reports the outage.
      const rows = await jobCounts(db).catch((error: unknown) => {
        app.log.warn({ err: error }, 'job counts not read for the metrics');
        return [];
      });
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, row.count);
    },
  });
  const duration = new client.Histogram({
    name: 'job_duration_seconds',
    help: 'Run time of the jobs this process ran, by kind and outcome (done, failed, interrupted)',
    labelNames: ['kind', 'outcome'],
    buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800],
    registers: [registry],
  });
  const stop = onJobFinished((job) => {
    if (job.db === db) duration.observe({ kind: job.kind, outcome: job.outcome }, job.seconds);
  });
  app.addHook('onClose', async () => {
    stop();
  });
}

/**
 * Heavy reads by the server that served them (this process's), and each replica's lag and whether reads may
 * use it, as the last poll found them.
 */
function observeReplicas(replicas: ReadReplicas, registry: client.Registry) {
  new client.Counter({
    name: 'db_reads_total',
    help: 'Heavy reads (lists, trees, reports, exports) by the server that served them: primary or a replica',
    labelNames: ['server'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ server: 'primary' }, replicas.primaryReads);
      for (const server of replicas.servers) this.inc({ server: server.name }, server.reads);
    },
  });
  const perReplica = (name: string, help: string, read: (server: ReplicaServer) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['server'],
      registers: [registry],
      collect() {
        for (const server of replicas.servers) this.set({ server: server.name }, read(server));
      },
    });
  perReplica(
    'db_replica_lag_seconds',
    'How long a replica has lacked WAL the primary had written',
    (server) => server.lagMs / 1000,
  );
  perReplica('db_replica_in_use', 'Whether heavy reads may use a replica now (1) or not (0)', (server) =>
    Number(replicas.usable(server, null)),
  );
}

/** Every scrypt run (sign-ins, unknown accounts included, and new passwords): each costs ~0.3 s of CPU and 128 MiB. */
function observePasswordHashing(
  app: FastifyInstance,
  registry: client.Registry,
  onPasswordHashed: MetricsOptions['onPasswordHashed'],
) {
  const duration = new client.Histogram({
    name: 'password_hash_duration_seconds',
    help: 'Time of the password hashes (scrypt) this process ran, by the cost N they ran at',
    labelNames: ['n'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
    registers: [registry],
  });
  const stop = onPasswordHashed(({ cost, seconds }) => duration.observe({ n: cost.N }, seconds));
  app.addHook('onClose', async () => {
    stop();
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function bearerMatches(req: FastifyRequest, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

import { type MessageKey, ResultCode, resolveLocale, translate } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { pendingMigrations } from '../db/migration-state';
import { AppError } from '../http/errors';

/** A database slower than this to answer `select 1` counts as unreachable for readiness. */
const READY_TIMEOUT_MS = 2_000;

/**
 * Probes for a process manager or load balancer, outside /api (no session, no access rule):
 * - GET /healthz: the process serves requests (liveness);
 * - GET /readyz: the database answers and every shipped migration is applied (readiness), else 503.
 * Both answer the usual envelope. Probes come every few seconds, so their request log lines are left out.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  const quiet = { logLevel: 'warn' } as const;
  app.get('/healthz', quiet, async (req) => envelope(req, 'common.ok', null));
  app.get('/readyz', quiet, async (req) => {
    const pending = await withinTime(reachableThenPending(db), READY_TIMEOUT_MS).catch((error: unknown) => {
      req.log.warn({ err: error }, 'not ready: the database does not answer');
      throw new AppError(ResultCode.SERVICE_UNAVAILABLE, 'health.databaseUnreachable');
    });
    if (pending.length > 0) {
      req.log.warn({ pending }, 'not ready: migrations not applied');
      throw new AppError(
        ResultCode.SERVICE_UNAVAILABLE,
        'health.migrationsPending',
        { count: pending.length },
        { pending_migrations: pending },
      );
    }
    return envelope(req, 'common.ok', { database: 'reachable', pending_migrations: [] });
  });
}

async function reachableThenPending(db: Db): Promise<string[]> {
  await db.execute(sql`select 1`);
  return pendingMigrations(db);
}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const envelope = (req: FastifyRequest, key: MessageKey, data: unknown) => ({
  code: ResultCode.OK,
  msg: translate(key, resolveLocale(req.headers.locale as string | undefined)),
  data,
});

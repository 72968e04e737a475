import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../caller';
import type { Db } from '../db/client';
import type { ReadReplicas } from '../db/read-replicas';
import { formatWalPosition, parseWalPosition, type WalPosition } from '../db/wal-position';

/**
 * Carries the WAL position of a caller's latest write to their next request, whichever API process it reaches
 * (processes on several hosts do not share memory): only a position, no secret.
 */
const POSITION_COOKIE = 'read_after';
const POSITION_IN_COOKIE = new RegExp(`(?:^|;\\s*)${POSITION_COOKIE}=([0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8})`);
/** Longer than a replica may lag and still be used (DB_READ_MAX_LAG_MS). */
const POSITION_COOKIE_SECONDS = 300;

interface HandlerContext<App extends { db: Db }> {
  req: FastifyRequest;
  reply: FastifyReply;
  caller: Caller;
  app: App;
}

/**
 * Runs a route's handler with read replicas (DATABASE_READ_URL) configured. A heavy read (`route({ reads:
 * 'replica' })`) runs on a replica that has replayed the caller's latest write, else on the primary; any
 * other request but GET and HEAD may write, so the caller's position is noted after it for their next reads.
 */
export async function runWithReplicas<App extends { db: Db }, T>(
  replicas: ReadReplicas,
  reads: 'replica' | undefined,
  ctx: HandlerContext<App>,
  handler: (ctx: HandlerContext<App>) => Promise<T>,
): Promise<T> {
  const { req, reply, caller } = ctx;
  if (reads === 'replica') {
    const needed = replicas.neededBy(caller.id, positionTold(req));
    return replicas.serve(
      needed,
      (db) => handler(db === ctx.app.db ? ctx : { ...ctx, app: { ...ctx.app, db } }),
      () => !reply.sent,
    );
  }
  if (req.method === 'GET' || req.method === 'HEAD') return handler(ctx);
  try {
    return await handler(ctx);
  } finally {
    if (caller.id !== null) tellPosition(reply, await replicas.noteWrite(caller.id));
  }
}

function positionTold(req: FastifyRequest): WalPosition | null {
  const cookie = req.headers.cookie;
  return cookie ? parseWalPosition(POSITION_IN_COOKIE.exec(cookie)?.[1]) : null;
}

function tellPosition(reply: FastifyReply, position: WalPosition | null): void {
  if (position === null || reply.sent) return;
  reply.header(
    'set-cookie',
    `${POSITION_COOKIE}=${formatWalPosition(position)}; Path=/api; Max-Age=${POSITION_COOKIE_SECONDS}; HttpOnly; SameSite=Lax`,
  );
}

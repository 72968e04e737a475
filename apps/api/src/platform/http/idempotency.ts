import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { ago } from '../db/ago';
import type { DbOrTx, Tx } from '../db/client';
import { conflict, fieldError } from './errors';
import { idempotencyKeys } from './idempotency.schema';
import type { AuthedCtx } from './route';

const KEY_PATTERN = /^[\w.:-]{8,128}$/;

/** How long a first answer is kept for its retries; a retry after that runs again. */
export const IDEMPOTENCY_KEPT_DAYS = 7;

/**
 * Runs a money-moving call in one transaction, honouring the `Idempotency-Key` header (docs/product/wallet.md).
 *
 * The key is claimed with an INSERT in the same transaction as the money movement, so:
 * - a retry after success finds the stored first answer and returns it, moving nothing;
 * - a concurrent duplicate blocks on the key's unique index until the first commits, then returns the
 *   first answer (or, if the first failed and rolled back, runs itself);
 * - a failed call stores nothing, so a retry runs again.
 * A key reused for another route or another payload answers 409. Without the header the call simply runs.
 */
export async function idempotent<T>(
  ctx: AuthedCtx<unknown, unknown, unknown>,
  payload: unknown,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const header = ctx.req.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return ctx.app.db.transaction(work);
  if (!KEY_PATTERN.test(key)) throw fieldError('Idempotency-Key', 'validation.invalid');
  const route = `${ctx.req.method} ${ctx.req.routeOptions.url}`;
  const requestHash = createHash('sha256')
    .update(JSON.stringify([ctx.req.url, payload ?? null]))
    .digest('hex');
  const where = and(eq(idempotencyKeys.userId, ctx.caller.id), eq(idempotencyKeys.key, key));
  return ctx.app.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: ctx.caller.id, key, route, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(where);
      if (!first || first.route !== route || first.requestHash !== requestHash)
        throw conflict('wallet.idempotencyReused');
      return first.response as T;
    }
    const data = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: (data ?? null) as never })
      .where(where);
    return data;
  });
}

/** Forgets the first answers older than IDEMPOTENCY_KEPT_DAYS (the table would grow by one row per money call). */
export async function forgetOldIdempotencyKeys(db: DbOrTx): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, ago({ days: IDEMPOTENCY_KEPT_DAYS })));
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../members/members.schema';
import { lockTree, pathRange, type TreeKind } from '../members/tree-path';
import type { Db, DbOrTx } from '../platform/db/client';
import { hasSqlState, LOCK_NOT_AVAILABLE } from '../platform/db/errors';
import { addOrderTotals } from './orders.rollup';
import { orders, orderTotalsDaily, orderTotalsScopes } from './orders.schema';

/**
 * How long adding a scope waits for order writers in flight (an import) before giving up; writers
 * arriving meanwhile queue behind it.
 */
const WAIT_FOR_WRITERS = '300ms';

/** Scopes being added in the background, per database, by tree and ancestor. */
const adding = new WeakMap<Db, Map<string, Promise<void>>>();

/**
 * The scope of order_totals_daily that counts the orders bought in `ancestorId`'s downline in
 * `tree` (the ancestor included), or null when it does not exist yet: it is then added in the
 * background (once at a time) and the caller counts exactly this time.
 */
export async function scopeOf(
  db: Db,
  tree: TreeKind,
  ancestorId: number,
  onError: (error: unknown) => void,
): Promise<number | null> {
  const existing = await findScope(db, tree, ancestorId);
  if (existing !== undefined) return existing;
  const pending = adding.get(db) ?? new Map<string, Promise<void>>();
  adding.set(db, pending);
  const key = `${tree}:${ancestorId}`;
  if (!pending.has(key))
    pending.set(
      key,
      addScope(db, tree, ancestorId)
        .then(() => undefined, onError)
        .finally(() => pending.delete(key)),
    );
  return null;
}

/** Waits for the scopes being added to `db` (before it closes, and in tests). */
export async function scopesAdded(db: Db): Promise<void> {
  await Promise.all(adding.get(db)?.values() ?? []);
}

/**
 * Adds the scope: its rows are aggregated from the orders while order writes and moves of that
 * tree wait (a share lock on `orders`, then the tree's shared advisory lock, in that order as the
 * triggers take theirs; orders.rollup.ts), so no write is missed or counted twice. A transaction
 * of its own (`Db`): inside an older one, its snapshot could predate writes that committed while it
 * waited. Nothing is added when writers held `orders` for longer than WAIT_FOR_WRITERS (the next
 * request tries again).
 */
async function addScope(db: Db, tree: TreeKind, ancestorId: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${WAIT_FOR_WRITERS}'`));
      await tx.execute(sql`lock table orders in share mode`);
      await lockTree(tx, tree, 'shared');
      const path = tree === 'sponsor' ? users.treePath : users.iblommerPath;
      const [ancestor] = await tx.select({ path }).from(users).where(eq(users.id, ancestorId));
      if (!ancestor) return;
      // The members' orders by their user_id index (a join would scan every order), grouped in memory.
      await tx.execute(sql`set local work_mem = '64MB'`);
      const [added] = await tx
        .insert(orderTotalsScopes)
        .values({ tree, ancestorId })
        .onConflictDoNothing()
        .returning({ id: orderTotalsScopes.id });
      // Added meanwhile by another process.
      if (!added) return;
      await addOrderTotals(
        tx,
        added.id,
        sql`${orders.userId} = any(array(select ${users.id} from ${users} where ${pathRange(path, ancestor.path)}))`,
      );
    });
  } catch (error) {
    if (!hasSqlState(error, LOCK_NOT_AVAILABLE)) throw error;
  }
}

async function findScope(db: DbOrTx, tree: TreeKind, ancestorId: number) {
  const [row] = await db
    .select({ id: orderTotalsScopes.id })
    .from(orderTotalsScopes)
    .where(and(eq(orderTotalsScopes.tree, tree), eq(orderTotalsScopes.ancestorId, ancestorId)));
  return row?.id;
}

/** The scope's rows (null: the rollup of every order), as a condition on order_totals_daily. */
export const inScope = (scopeId: number | null) =>
  scopeId === null ? isNull(orderTotalsDaily.scopeId) : eq(orderTotalsDaily.scopeId, scopeId);

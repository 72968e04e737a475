import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '../../members/members.schema';
import type { Db, DbOrTx } from '../../platform/db/client';
import { hasSqlState, LOCK_NOT_AVAILABLE } from '../../platform/db/errors';
import { treeColumns } from '../../tree/tree-columns';
import { lockTree, pathRange, type TreeKind } from '../../tree/tree-path';
import { orders, orderTotalsDaily, orderTotalsScopes } from '../orders.schema';
import { TOTALS_CONFIG, type TotalsConfig } from './config';
import { addScopeTotals } from './rollup';

/** What adding a scope may take: how long it waits for order writers in flight (an import; writers
 * arriving meanwhile queue behind it), and the memory it groups a downline's orders in. */
type ScopeSettings = Pick<TotalsConfig, 'waitForWriters' | 'scopeWorkMem'>;

/** Scopes being added, per database, by tree and ancestor. */
const adding = new WeakMap<Db, Map<string, Promise<boolean>>>();

/** A scope of the downline of `ancestorId`, whose path in the scope's tree is `path`. */
export interface Scope {
  id: number;
  ancestorId: number;
  path: string;
}

/**
 * The deepest scope of `tree` at or above the member whose path there is `path` (its own, or an
 * ancestor's): the smallest downline with a scope that holds the member's.
 */
export async function nearestScope(db: DbOrTx, tree: TreeKind, path: string): Promise<Scope | undefined> {
  const line = path.split('/').filter(Boolean).map(Number);
  const rows = await db
    .select({ id: orderTotalsScopes.id, ancestorId: orderTotalsScopes.ancestorId })
    .from(orderTotalsScopes)
    .where(and(eq(orderTotalsScopes.tree, tree), inArray(orderTotalsScopes.ancestorId, line)));
  const depth = (row: { ancestorId: number }) => line.indexOf(row.ancestorId);
  const deepest = rows.sort((a, b) => depth(b) - depth(a))[0];
  return deepest && { ...deepest, path: `/${line.slice(0, depth(deepest) + 1).join('/')}/` };
}

/**
 * Adds the scope of `ancestorId`'s downline in `tree` unless it is being added already (by a request
 * or by scopes-ahead). True once the scope exists; false when it could not be added this time.
 */
export function addScopeOnce(
  db: Db,
  tree: TreeKind,
  ancestorId: number,
  settings: ScopeSettings = TOTALS_CONFIG,
): Promise<boolean> {
  const pending = adding.get(db) ?? new Map<string, Promise<boolean>>();
  adding.set(db, pending);
  const key = `${tree}:${ancestorId}`;
  const running = pending.get(key);
  if (running) return running;
  const added = addScope(db, tree, ancestorId, settings).finally(() => pending.delete(key));
  pending.set(key, added);
  return added;
}

/** Waits for the scopes being added to `db` (before it closes, and in tests). */
export async function scopesAdded(db: Db): Promise<void> {
  await Promise.allSettled(adding.get(db)?.values() ?? []);
}

/**
 * Adds the scope: its rows (its buckets of order_totals_daily and its done sales per hour, scope_sales_hours) are
 * aggregated from the orders in one statement while order writes and moves of that
 * tree wait (a share lock on `orders`, then the tree's shared advisory lock, in that order as the
 * triggers take theirs; rollup.ts), so no write is missed or counted twice. A transaction
 * of its own (`Db`): inside an older one, its snapshot could predate writes that committed while it
 * waited. Nothing is added when writers held `orders` for longer than `waitForWriters` (the next
 * request, or the next pass of the scopes ahead, tries again).
 */
async function addScope(
  db: Db,
  tree: TreeKind,
  ancestorId: number,
  { waitForWriters, scopeWorkMem }: ScopeSettings,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${waitForWriters}'`));
      await tx.execute(sql`lock table orders in share mode`);
      await lockTree(tx, tree, 'shared');
      const path = treeColumns[tree].path;
      const [ancestor] = await tx.select({ path }).from(users).where(eq(users.id, ancestorId));
      if (!ancestor) return false;
      // The members' orders by their user_id index (a join would scan every order), grouped in memory.
      await tx.execute(sql.raw(`set local work_mem = '${scopeWorkMem}'`));
      const [added] = await tx
        .insert(orderTotalsScopes)
        .values({ tree, ancestorId })
        .onConflictDoNothing()
        .returning({ id: orderTotalsScopes.id });
      // Added meanwhile by another process.
      if (!added) return true;
      await addScopeTotals(
        tx,
        added.id,
        sql`${orders.userId} = any(array(select ${users.id} from ${users} where ${pathRange(path, ancestor.path)}))`,
      );
      return true;
    });
  } catch (error) {
    if (!hasSqlState(error, LOCK_NOT_AVAILABLE)) throw error;
    return false;
  }
}

/** The scope's rows (null: the rollup of every order), as a condition on order_totals_daily. */
export const inScope = (scopeId: number | null) =>
  scopeId === null ? isNull(orderTotalsDaily.scopeId) : eq(orderTotalsDaily.scopeId, scopeId);

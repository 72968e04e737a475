import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';

/**
 * Materialised paths look like '/1/5/23/'. Every descendant's path starts with
 * its ancestor's path, so "below `path`" is the index range
 * [path, path with its final '/' replaced by '0') under text_pattern_ops.
 */
export function pathRange(column: SQL | SQL.Aliased | unknown, path: SQL | string): SQL {
  return sql`(${column} ~>=~ ${path} and ${column} ~<~ ${pathRangeEnd(path)})`;
}

/** The first path after a subtree's range: '/1/5/' → '/1/50' (the next character after '/' is '0'). */
export function pathRangeEnd(path: SQL | string): SQL {
  return sql`(left(${path}, -1) || '0')`;
}

/** Ids of the ancestors in a path, top-down, without the node itself. */
export function ancestorIds(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number).slice(0, -1);
}

/** The two referral trees share one shape: parent id, depth and a materialised path ('/1/5/23/', self included). */
export type TreeKind = 'sponsor' | 'iblommer';

/** The advisory lock's key; the orders totals' triggers take the shared lock in SQL too. */
export const treeLockKey = (tree: TreeKind) => `tree-move:${tree}`;

/**
 * The per-tree advisory lock, held until the transaction ends. A move rewrites
 * paths under the exclusive lock; creating a member reads its parent's path
 * under the shared one, so it waits for a running move and then sees the moved
 * path (and a move waits for creations in flight, whose rows it then moves too).
 * Take the sponsor tree's lock before the iBloomer tree's.
 */
export async function lockTree(tx: DbOrTx, tree: TreeKind, mode: 'exclusive' | 'shared'): Promise<void> {
  const key = treeLockKey(tree);
  await tx.execute(
    mode === 'exclusive'
      ? sql`select pg_advisory_xact_lock(hashtext(${key}))`
      : sql`select pg_advisory_xact_lock_shared(hashtext(${key}))`,
  );
}

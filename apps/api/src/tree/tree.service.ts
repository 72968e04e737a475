import { type Locale, TREE_MAX_LEVELS, TREE_NODE_CAP, type TreeAnswer, type TreeNode } from '@app/contracts';
import { levelName } from '../access/current-user';
import { treeNames } from '../members/member.presenter';
import { levels } from '../members/members.schema';
import type { AccountCaller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { forbidden, notFound } from '../platform/http/errors';
import {
  childCounts,
  findPosition,
  levelRows,
  storedDownlineCount,
  type TreePosition,
  type TreeRow,
  topRows,
} from './tree.queries';
import type { TreeKind } from './tree-path';

/**
 * The root a caller may look at: members only inside their own downline (403
 * elsewhere), admins anywhere. `null` = an admin's view of the whole forest.
 */
export async function scopedRoot(
  db: DbOrTx,
  tree: TreeKind,
  viewer: AccountCaller,
  userId: number | undefined,
): Promise<TreePosition | null> {
  if (viewer.isAdmin && userId === undefined) return null;
  const root = await findPosition(db, tree, userId ?? viewer.id);
  if (!root) throw notFound('access.userNotFound');
  if (!viewer.isAdmin && root.id !== viewer.id) {
    const own = await findPosition(db, tree, viewer.id);
    if (!own || !root.path.startsWith(own.path)) throw forbidden();
  }
  return root;
}

/**
 * Keeps at most `cap` rows of a (depth, path)-ordered list without leaving a
 * level half loaded: the cut level is dropped (its parents then load it
 * lazily), unless it is the first one.
 */
export function capLevels(rows: TreeRow[], cap: number): { rows: TreeRow[]; truncated: boolean } {
  if (rows.length <= cap) return { rows, truncated: false };
  const cutDepth = rows[cap]!.depth;
  const whole = rows.filter((r) => r.depth < cutDepth);
  return { rows: whole.length > 0 ? whole : rows.slice(0, cap), truncated: true };
}

/**
 * Child counts of the rows: counted among the rows themselves above the
 * deepest level kept (all their children are there), and asked of the
 * database for that deepest level only.
 */
async function countChildren(db: DbOrTx, tree: TreeKind, rows: TreeRow[]): Promise<Map<number, number>> {
  const deepest = rows.reduce((max, r) => Math.max(max, r.depth), 0);
  const counts = await childCounts(
    db,
    tree,
    rows.filter((r) => r.depth === deepest).map((r) => r.id),
  );
  for (const r of rows) if (r.parent_id != null) counts.set(r.parent_id, (counts.get(r.parent_id) ?? 0) + 1);
  return counts;
}

/** Nests rows under their parents; rows whose parent is not in the list are the roots. */
export async function nest(
  db: DbOrTx,
  tree: TreeKind,
  rows: TreeRow[],
  viewer: AccountCaller,
  locale: Locale,
): Promise<TreeNode[]> {
  const [levelList, counts] = await Promise.all([db.select().from(levels), countChildren(db, tree, rows)]);
  const levelRefs = new Map(levelList.map((l) => [l.id, { id: l.id, name: levelName(l, locale) }]));
  const byId = new Map<number, TreeNode>();
  const roots: TreeNode[] = [];
  for (const r of rows) {
    const childCount = counts.get(r.id) ?? 0;
    const node: TreeNode = {
      id: r.id,
      ...treeNames(viewer, r),
      user_no: r.user_no,
      level: levelRefs.get(r.level_id) ?? { id: r.level_id, name: String(r.level_id) },
      created_at: new Date(r.created_at).toISOString(),
      tree_level: r.depth,
      child_count: childCount,
      has_children: childCount > 0,
      children: [],
    };
    byId.set(r.id, node);
    const parent = r.parent_id == null ? undefined : byId.get(r.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  const byAge = (a: TreeNode, b: TreeNode) => a.id - b.id;
  for (const node of byId.values()) node.children.sort(byAge);
  return roots.sort(byAge);
}

/** A downline `levels` deep from the scoped root, or the admin's forest of top members. */
export async function loadTree(
  db: DbOrTx,
  tree: TreeKind,
  viewer: AccountCaller,
  query: { user_id?: number; levels: number },
  locale: Locale,
): Promise<TreeAnswer> {
  const root = await scopedRoot(db, tree, viewer, query.user_id);
  let rows: TreeRow[];
  if (root) {
    rows = await levelRows(db, tree, {
      path: root.path,
      fromDepth: root.depth,
      toDepth: root.depth + query.levels,
      limit: TREE_NODE_CAP + 1,
    });
  } else {
    const tops = await topRows(db, tree, TREE_NODE_CAP);
    const below = await levelRows(db, tree, {
      fromDepth: 1,
      toDepth: query.levels,
      limit: TREE_NODE_CAP + 1 - tops.length,
    });
    rows = [...tops, ...below];
  }
  const capped = capLevels(rows, TREE_NODE_CAP);
  const [roots, downlineCount] = await Promise.all([
    nest(db, tree, capped.rows, viewer, locale),
    root ? storedDownlineCount(db, tree, root.id) : null,
  ]);
  return { roots, downline_count: downlineCount, truncated: capped.truncated };
}

/** The children of one node (lazy loading), or its whole subtree up to the caps when `isAll`. */
export async function loadChildren(
  db: DbOrTx,
  tree: TreeKind,
  viewer: AccountCaller,
  query: { user_id: number; isAll: boolean },
  locale: Locale,
): Promise<TreeNode[]> {
  const root = (await scopedRoot(db, tree, viewer, query.user_id))!;
  const rows = await levelRows(db, tree, {
    path: root.path,
    fromDepth: root.depth + 1,
    toDepth: root.depth + (query.isAll ? TREE_MAX_LEVELS : 1),
    limit: TREE_NODE_CAP + 1,
  });
  return nest(db, tree, capLevels(rows, TREE_NODE_CAP).rows, viewer, locale);
}

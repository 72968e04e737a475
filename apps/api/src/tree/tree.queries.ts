import { type SQL, sql } from 'drizzle-orm';
import { pathRange } from '../members/tree-path';
import { type DbOrTx, queryRows } from '../platform/db/client';

/** The two referral trees share one shape: parent id, depth and a materialised path ('/1/5/23/', self included). */
export type TreeKind = 'sponsor' | 'iblommer';

const COLUMNS = {
  sponsor: { parent: 'parent_user_id', depth: 'tree_depth', path: 'tree_path' },
  iblommer: { parent: 'iblommer_parent_user_id', depth: 'iblommer_depth', path: 'iblommer_path' },
} as const;

/** A tree column of the users table (qualified by `alias`, default `u`; '' for none), as an SQL identifier. */
export const col = (tree: TreeKind, name: keyof (typeof COLUMNS)['sponsor'], alias = 'u'): SQL =>
  sql.raw(alias ? `${alias}.${COLUMNS[tree][name]}` : COLUMNS[tree][name]);

const intArray = (values: number[]) => sql.raw(`array[${values.map(Number).join(',')}]::int[]`);

/** The rows of `path`'s subtree (itself included), as an index range on the tree's path column. */
export const inSubtree = (tree: TreeKind, path: string): SQL => pathRange(col(tree, 'path'), path);

export interface TreeRow extends Record<string, unknown> {
  id: number;
  name: string;
  display_name: string | null;
  user_no: string;
  level_id: number;
  created_at: Date | string;
  depth: number;
  path: string;
  parent_id: number | null;
}

const selectRows = (tree: TreeKind) =>
  sql`select u.id, u.name, u.display_name, u.user_no, u.level_id, u.created_at,
             ${col(tree, 'depth')} as depth, ${col(tree, 'path')} as path, ${col(tree, 'parent')} as parent_id
      from users u`;

const normalise = (rows: TreeRow[]) =>
  rows.map((r) => ({
    ...r,
    id: Number(r.id),
    depth: Number(r.depth),
    parent_id: r.parent_id && Number(r.parent_id),
  }));

export interface TreePosition extends Record<string, unknown> {
  id: number;
  depth: number;
  path: string;
  parent_id: number | null;
}

/** A member's place in a tree, or nothing for unknown ids and administrators. */
export async function findPosition(db: DbOrTx, tree: TreeKind, id: number): Promise<TreePosition | null> {
  const [row] = await queryRows<TreePosition>(
    db,
    sql`select u.id, ${col(tree, 'depth')} as depth, ${col(tree, 'path')} as path, ${col(tree, 'parent')} as parent_id
        from users u where u.id = ${id} and not u.is_admin`,
  );
  if (!row) return null;
  const parentId = row.parent_id == null ? null : Number(row.parent_id);
  return { id: Number(row.id), depth: Number(row.depth), path: row.path, parent_id: parentId };
}

/**
 * Members at depths [fromDepth, toDepth] (inside `path`'s subtree when given),
 * in (depth, path) order and at most `limit` of them: one index descent per
 * depth on (depth, path), so the cost follows the size of the answer, not of the tree.
 */
export async function levelRows(
  db: DbOrTx,
  tree: TreeKind,
  opts: { path?: string; fromDepth: number; toDepth: number; limit: number },
): Promise<TreeRow[]> {
  const depths = Array.from({ length: opts.toDepth - opts.fromDepth + 1 }, (_, i) => opts.fromDepth + i);
  const scope = opts.path ? sql`and ${inSubtree(tree, opts.path)}` : sql``;
  const rows = await queryRows<TreeRow>(
    db,
    sql`${selectRows(tree)}
        where ${col(tree, 'depth')} = any(${intArray(depths)}) ${scope} and not u.is_admin
        order by ${col(tree, 'depth')}, ${col(tree, 'path')}
        limit ${opts.limit}`,
  );
  return normalise(rows);
}

/** The tops of the tree that have a downline (an admin's genealogy without a chosen root). */
export async function topRows(db: DbOrTx, tree: TreeKind, limit: number): Promise<TreeRow[]> {
  const rows = await queryRows<TreeRow>(
    db,
    sql`${selectRows(tree)}
        where u.id in (select distinct ${col(tree, 'parent')} from users u where ${col(tree, 'depth')} = 1)
        order by u.id limit ${limit}`,
  );
  return normalise(rows);
}

/** Number of direct children of each given member (those without children are absent). */
export async function childCounts(db: DbOrTx, tree: TreeKind, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; n: number }>(
    db,
    sql`select ${col(tree, 'parent')} as id, count(*)::int as n from users u
        where ${col(tree, 'parent')} = any(${intArray(ids)}) group by 1`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** Size of a member's whole downline (itself excluded): one index-only range scan. */
export async function downlineCount(db: DbOrTx, tree: TreeKind, path: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u where ${inSubtree(tree, path)}`,
  );
  return Number(row?.n ?? 1) - 1;
}

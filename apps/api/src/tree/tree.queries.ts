import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { col } from './tree-columns';
import { pathRange, type TreeKind } from './tree-path';

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

/** A row of a downline export: a tree row with its sponsor's member id. */
export interface SponsoredRow extends TreeRow {
  sponsor_no: string | null;
}

const selectRows = (tree: TreeKind, withSponsor = false) =>
  sql`select u.id, u.name, u.display_name, u.user_no, u.level_id, u.created_at,
             ${col(tree, 'depth')} as depth, ${col(tree, 'path')} as path, ${col(tree, 'parent')} as parent_id
             ${withSponsor ? sql`, p.user_no as sponsor_no` : sql``}
      from users u ${withSponsor ? sql`left join users p on p.id = ${col(tree, 'parent')}` : sql``}`;

const normalise = <R extends TreeRow>(rows: R[]) =>
  rows.map((r) => ({
    ...r,
    id: Number(r.id),
    depth: Number(r.depth),
    parent_id: r.parent_id && Number(r.parent_id),
  }));

export interface TreePosition extends Record<string, unknown> {
  id: number;
  user_no: string;
  depth: number;
  path: string;
  parent_id: number | null;
}

/** A member's place in a tree, or nothing for unknown ids and administrators. */
export async function findPosition(db: DbOrTx, tree: TreeKind, id: number): Promise<TreePosition | null> {
  const [row] = await queryRows<TreePosition>(
    db,
    sql`select u.id, u.user_no, ${col(tree, 'depth')} as depth, ${col(tree, 'path')} as path,
               ${col(tree, 'parent')} as parent_id
        from users u where u.id = ${id} and not u.is_admin`,
  );
  if (!row) return null;
  const parentId = row.parent_id == null ? null : Number(row.parent_id);
  return { ...row, id: Number(row.id), depth: Number(row.depth), parent_id: parentId };
}

/**
 * Members at depths [fromDepth, toDepth] (inside `path`'s subtree when given),
 * in (depth, path) order and at most `limit` of them: one index descent per
 * depth on (depth, path), so the cost follows the size of the answer, not of the tree.
 * Paths are ordered byte-wise (`~<~`, the index's text_pattern_ops order): in the
 * database collation's order a big downline's deepest level would be read whole and sorted.
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
        order by ${col(tree, 'depth')}, ${col(tree, 'path')} using ~<~
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

/**
 * Size of a member's whole downline (itself excluded) as `downline_counts` keeps it (exact, one row
 * read); the genealogy page and the member list read this rather than counting.
 */
export async function storedDownlineCount(db: DbOrTx, tree: TreeKind, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select ${sql.raw(tree === 'sponsor' ? 'sponsor_count' : 'iblommer_count')} as n
        from downline_counts where user_id = ${id}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Size of a member's downline counted from the rows (itself excluded): one index-only range scan, the
 * root's a parallel scan of most of the table. For bounded counts; the whole downline is `storedDownlineCount`.
 * `maxDepth` leaves out deeper members; with `upTo` the scan stops once it has
 * counted more than that many (the answer is then upTo + 1).
 */
export async function downlineCount(
  db: DbOrTx,
  tree: TreeKind,
  path: string,
  opts: { maxDepth?: number; upTo?: number } = {},
): Promise<number> {
  const deep = opts.maxDepth === undefined ? sql`` : sql`and ${col(tree, 'depth')} <= ${opts.maxDepth}`;
  const limit = opts.upTo === undefined ? sql`` : sql`limit ${opts.upTo + 2}`;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from users u where ${inSubtree(tree, path)} ${deep} ${limit}) s`,
  );
  return Number(row?.n ?? 1) - 1;
}

/**
 * The downline of `root` (itself excluded) in generation order, down to
 * `maxDepth` when given, in keyset batches: per depth, the rows after the last
 * path in byte order (the order of the (depth, path text_pattern_ops) index), so
 * every batch is one index range scan and memory stays flat on any downline.
 */
export async function* downlineBatches(
  db: DbOrTx,
  tree: TreeKind,
  root: TreePosition,
  opts: { maxDepth?: number; batchSize?: number } = {},
): AsyncGenerator<SponsoredRow[]> {
  const batchSize = opts.batchSize ?? 2000;
  for (let depth = root.depth + 1; opts.maxDepth === undefined || depth <= opts.maxDepth; depth++) {
    let after: string | null = null;
    for (;;) {
      const rows: SponsoredRow[] = await queryRows<SponsoredRow>(
        db,
        sql`${selectRows(tree, true)}
            where ${col(tree, 'depth')} = ${depth} and ${inSubtree(tree, root.path)} and not u.is_admin
              ${after === null ? sql`` : sql`and ${col(tree, 'path')} ~>~ ${after}`}
            order by ${col(tree, 'path')} using ~<~
            limit ${batchSize}`,
      );
      // Levels are contiguous: nobody at this depth means nobody deeper.
      if (rows.length === 0 && after === null) return;
      if (rows.length > 0) yield normalise(rows);
      if (rows.length < batchSize) break;
      after = rows[rows.length - 1]!.path;
    }
  }
}

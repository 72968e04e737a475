import { z } from 'zod';
import { UI } from '../constants';
import { int, intFromQuery, PG_INTEGER_MAX } from '../integers';
import type { LevelRef } from './auth';

/** Most nodes one tree answer carries; deeper or wider parts load lazily per node. */
export const TREE_NODE_CAP = 2_000;
/** Most members of a downline export: the rows of one spreadsheet less the header. Bigger downlines are refused, never cut. */
export const LEGEND_EXPORT_CAP = 1_048_575;
/** Deepest a request may reach below its root (isAll = this many levels). */
export const TREE_MAX_LEVELS = 100;

const userId = intFromQuery(1, PG_INTEGER_MAX);
const levels = intFromQuery(1, TREE_MAX_LEVELS);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { message: 'validation.boolean' })
  .transform((v) => v === true || v === 'true' || v === '1');

/** `GET /api/users/tree` and `/api/users/iblommeTree`: a root (default: the caller, or the top sponsors for admins) and a depth. */
export const treeQuery = z.object({
  user_id: userId.optional(),
  levels: levels.default(UI.genealogyLevels),
});
export type TreeQuery = z.input<typeof treeQuery>;

/** `GET /api/users/tree/user`: the children of one node, or its whole subtree (isAll) up to the caps. */
export const treeChildrenQuery = z.object({
  user_id: userId,
  isAll: flag.default(false),
});
export type TreeChildrenQuery = z.input<typeof treeChildrenQuery>;

const memberId = int(1, PG_INTEGER_MAX);

/** `PUT /api/users/update/refererUser`: moves a member and its whole downline under a new sponsor. */
export const moveSponsorBody = z.object({ user_id: memberId, parent_user_id: memberId });
export type MoveSponsorBody = z.infer<typeof moveSponsorBody>;

/**
 * `PUT /api/users/update/iblommerUser`: moves a member and its whole iBloomer downline under a new iBloomer
 * upline, or (null) out of its line, as the top of its own.
 */
export const moveIblommerBody = z.object({ user_id: memberId, parent_user_id: memberId.nullable() });
export type MoveIblommerBody = z.infer<typeof moveIblommerBody>;

/** `POST /api/users/exportLegend`: the downline of one member as .xlsx, whole unless `levels` limits the depth. */
export const exportLegendBody = z.object({
  user_id: userId,
  levels: levels.optional(),
});
export type ExportLegendBody = z.input<typeof exportLegendBody>;

/** One member in a tree answer (docs/product/tree.md). Names are masked for non-admins. */
export interface TreeNode {
  id: number;
  /** Display name (falls back to the account name). */
  full_name: string;
  name: string;
  user_no: string;
  level: LevelRef;
  created_at: string;
  /** Depth in the tree (0 = top). */
  tree_level: number;
  /** Direct children in the database; `children` may hold fewer (not loaded yet). */
  child_count: number;
  has_children: boolean;
  children: TreeNode[];
}

export interface MoveResult {
  user_id: number;
  /** Null: the member left its iBloomer line. */
  parent_user_id: number | null;
  /** The member plus its downline. */
  moved: number;
}

/** `GET /api/users/tree` and `/api/users/iblommeTree`. */
export interface TreeAnswer {
  /** The chosen root (one node), or the top members of the tree for an admin who chose none. */
  roots: TreeNode[];
  /** Size of the chosen root's whole downline; null for the forest. */
  downline_count: number | null;
  /** The node cap cut the answer: deeper levels load per node. */
  truncated: boolean;
}

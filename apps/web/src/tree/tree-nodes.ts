import { TREE_NODE_CAP, type TreeNode } from '@app/contracts';
import type { ChartNode } from './OrgChart/model';

export type MemberNode = ChartNode<TreeNode>;

/** An API tree node as an org chart node: nodes with unloaded children stay expandable (lazy). */
export function toChartNode(node: TreeNode, pid: number | string | null = null): MemberNode {
  return {
    id: node.id,
    pid,
    label: node.full_name,
    isLeaf: !node.has_children,
    children: node.children.map((c) => toChartNode(c, node.id)),
    data: node,
  };
}

/**
 * After a lazy load of `loaded` children of `node`: how many of its direct members are shown of how many, when the
 * server's cap (TREE_NODE_CAP members at once) left some out; else null.
 */
export function cappedChildren(node: MemberNode, loaded: number): { shown: number; total: number } | null {
  const total = node.data?.child_count ?? 0;
  return loaded >= TREE_NODE_CAP && total > loaded ? { shown: loaded, total } : null;
}

/** The id of the synthetic root that holds an admin's forest of top members. */
export const FOREST_ROOT = 'top';

/** One chart root: the chosen member, or a disabled holder node over several top members. */
export function chartRoot(roots: TreeNode[], forestLabel: string): MemberNode | null {
  if (roots.length === 1) return toChartNode(roots[0]!);
  if (roots.length === 0) return null;
  return {
    id: FOREST_ROOT,
    label: forestLabel,
    disabled: true,
    isLeaf: false,
    children: roots.map((r) => toChartNode(r, FOREST_ROOT)),
  };
}

/** Finds members by name, full name or member id (case-insensitive). */
export const matchesMember = (value: string, node: MemberNode) => {
  const v = value.trim().toLowerCase();
  const d = node.data;
  return [node.label, d?.name, d?.user_no].some((s) => s?.toLowerCase().includes(v));
};

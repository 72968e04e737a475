import { type ChartNode, findNode, type NodeId, walk } from './model';

/**
 * The expanded set of a collapsible chart (docs/product/tree.md): collapsing a node
 * collapses all its descendants; expand-all opens every node; collapse-all
 * clears the set.
 */
export function toggle(root: ChartNode, expanded: ReadonlySet<NodeId>, id: NodeId): Set<NodeId> {
  const next = new Set(expanded);
  if (!expanded.has(id)) {
    next.add(id);
    return next;
  }
  const node = findNode(root, id);
  if (node) for (const { node: n } of walk(node)) next.delete(n.id);
  next.delete(id);
  return next;
}

export function expandAll(root: ChartNode): Set<NodeId> {
  const all = new Set<NodeId>();
  for (const { node } of walk(root)) if (node.children.length > 0) all.add(node.id);
  return all;
}

export const collapseAll = (): Set<NodeId> => new Set();

/** Whether every node with children is open (the toolbar's expand-all then collapses). */
export function allExpanded(root: ChartNode, expanded: ReadonlySet<NodeId>): boolean {
  for (const { node } of walk(root)) if (node.children.length > 0 && !expanded.has(node.id)) return false;
  return true;
}

/** The starting set: nodes shallower than `level` plus nodes flagged `expand` and the given keys. */
export function initialExpanded(root: ChartNode, level: number, keys: readonly NodeId[] = []): Set<NodeId> {
  const set = new Set<NodeId>(keys);
  for (const { node, depth } of walk(root)) if (depth < level || node.expand) set.add(node.id);
  return set;
}

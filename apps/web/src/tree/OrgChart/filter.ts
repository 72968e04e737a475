import type { ChartNode, NodeId } from './model';

export type FilterMethod<T = unknown> = (value: string, node: ChartNode<T>) => boolean;

export interface FilterResult {
  hidden: Set<NodeId>;
  /** Nodes to open so every match is visible (the matches and their ancestors). */
  expand: Set<NodeId>;
  /** Whether any node matches (an empty value matches everything). */
  matched: boolean;
}

/**
 * Hides every node that neither matches nor has a matching descendant (the
 * root stays), and opens the visible ones. An empty value hides nothing.
 */
export function filterTree<T>(root: ChartNode<T>, value: string, method?: FilterMethod<T>): FilterResult {
  if (!method) throw new Error('[OrgChart] a filter method is required to filter');
  const hidden = new Set<NodeId>();
  const expand = new Set<NodeId>();
  if (!value) return { hidden, expand, matched: true };
  let matched = false;
  const visit = (node: ChartNode<T>): boolean => {
    let anyChild = false;
    for (const child of node.children) anyChild = visit(child) || anyChild;
    const self = method(value, node);
    matched ||= self;
    const visible = self || anyChild;
    if (!visible) hidden.add(node.id);
    else if (node.children.length > 0) expand.add(node.id);
    return visible;
  };
  visit(root);
  hidden.delete(root.id);
  if (root.children.length > 0) expand.add(root.id);
  return { hidden, expand, matched };
}

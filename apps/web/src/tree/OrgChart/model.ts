/** The org chart's own node (docs/product/tree.md): the host maps its data onto it. */
export type NodeId = string | number;

export interface ChartNode<T = unknown> {
  id: NodeId;
  pid?: NodeId | null;
  label: string;
  expand?: boolean;
  children: ChartNode<T>[];
  /** Known to have no children (lazy loading found none). */
  isLeaf?: boolean;
  hidden?: boolean;
  disabled?: boolean;
  className?: string;
  style?: Record<string, string | number>;
  focused?: boolean;
  /** A draft added from the context menu, not saved yet. */
  new?: boolean;
  /** The host's data behind the node. */
  data?: T;
}

/** Every node of the tree, depth-first, with its depth and parent. */
export function* walk<T>(
  root: ChartNode<T>,
  depth = 0,
  parent: ChartNode<T> | null = null,
): Generator<{ node: ChartNode<T>; depth: number; parent: ChartNode<T> | null }> {
  const stack: Array<{ node: ChartNode<T>; depth: number; parent: ChartNode<T> | null }> = [
    { node: root, depth, parent },
  ];
  while (stack.length > 0) {
    const item = stack.pop()!;
    yield item;
    for (let i = item.node.children.length - 1; i >= 0; i--)
      stack.push({ node: item.node.children[i]!, depth: item.depth + 1, parent: item.node });
  }
}

export function findNode<T>(root: ChartNode<T>, id: NodeId): ChartNode<T> | undefined {
  for (const { node } of walk(root)) if (node.id === id) return node;
  return undefined;
}

/** A copy of the tree where the node `id` is replaced by `change(node)`; untouched branches are shared. */
export function updateNode<T>(
  root: ChartNode<T>,
  id: NodeId,
  change: (node: ChartNode<T>) => ChartNode<T> | null,
): ChartNode<T> | null {
  if (root.id === id) return change(root);
  let changed = false;
  const children: ChartNode<T>[] = [];
  for (const child of root.children) {
    const next = updateNode(child, id, change);
    if (next !== child) changed = true;
    if (next) children.push(next);
  }
  return changed ? { ...root, children } : root;
}

/** A new draft child: timestamp-based id, the parent's id as pid, empty label, collapsed, focused. */
export function newChild<T>(parent: ChartNode<T>, now: number = Date.now()): ChartNode<T> {
  return { id: `${now}`, pid: parent.id, label: '', expand: false, children: [], new: true, focused: true };
}

export function addChild<T>(root: ChartNode<T>, parentId: NodeId, child: ChartNode<T>): ChartNode<T> {
  return updateNode(root, parentId, (p) => ({ ...p, isLeaf: false, children: [...p.children, child] }))!;
}

export class RootNotDeletableError extends Error {
  constructor() {
    super('tree.rootNotDeletable');
  }
}

/** The tree without node `id` (and its subtree); the root itself cannot be deleted. */
export function removeNode<T>(root: ChartNode<T>, id: NodeId): ChartNode<T> {
  if (root.id === id) throw new RootNotDeletableError();
  return updateNode(root, id, () => null)!;
}

export function editLabel<T>(root: ChartNode<T>, id: NodeId, label: string): ChartNode<T> {
  return updateNode(root, id, (n) => ({ ...n, label, new: false, focused: false }))!;
}

/** When focus leaves a draft: a draft with an empty id or label is dropped, otherwise it loses focus. */
export function leaveDraft<T>(root: ChartNode<T>, id: NodeId): ChartNode<T> {
  const node = findNode(root, id);
  if (!node) return root;
  if (node.new && (node.id === '' || node.label.trim() === '') && node !== root) return removeNode(root, id);
  return updateNode(root, id, (n) => ({ ...n, focused: false }))!;
}

/** Lazy loading's answer: children attached (and shown), or the node marked as a leaf when none came. */
export function attachChildren<T>(root: ChartNode<T>, id: NodeId, children: ChartNode<T>[]): ChartNode<T> {
  return updateNode(root, id, (n) =>
    children.length === 0
      ? { ...n, isLeaf: true, children: [] }
      : { ...n, isLeaf: false, expand: true, children: children.map((c) => ({ ...c, pid: n.id })) },
  )!;
}

/** Whether a node may still have children to show or load. */
export const hasChildren = (node: ChartNode) => node.children.length > 0 || node.isLeaf === false;

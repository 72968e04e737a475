import type { ChartNode, NodeId } from './model';

export interface LayoutOptions {
  nodeWidth: number;
  nodeHeight: number;
  /** Space between siblings. */
  gap: number;
  /** Space between generations. */
  levelGap: number;
  horizontal: boolean;
  /** Whether a node's children are shown (always, for a chart that does not collapse). */
  isOpen: (id: NodeId) => boolean;
  hidden: ReadonlySet<NodeId>;
}

export interface LayoutItem<T = unknown> {
  node: ChartNode<T>;
  /** Top-left corner in chart coordinates. */
  x: number;
  y: number;
  depth: number;
}

export interface LayoutLink {
  from: NodeId;
  to: NodeId;
  /** Elbow connector: parent's edge centre → child's edge centre. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Layout<T = unknown> {
  items: LayoutItem<T>[];
  links: LayoutLink[];
  width: number;
  height: number;
}

/**
 * A tidy top-down (or left-right) layout of the visible nodes: each subtree
 * takes the breadth of its children side by side and a parent sits centred
 * over them. Linear in the number of visible nodes; pure, so hosts memoise it
 * per change of tree, expansion or filter.
 */
export function layoutTree<T>(root: ChartNode<T>, o: LayoutOptions): Layout<T> {
  const breadthOfNode = o.horizontal ? o.nodeHeight : o.nodeWidth;
  const depthStep = (o.horizontal ? o.nodeWidth : o.nodeHeight) + o.levelGap;
  const shownChildren = (n: ChartNode<T>) =>
    o.isOpen(n.id) ? n.children.filter((c) => !c.hidden && !o.hidden.has(c.id)) : [];

  const breadth = new Map<NodeId, number>();
  const measure = (n: ChartNode<T>): number => {
    const kids = shownChildren(n);
    const inner = kids.reduce((sum, c, i) => sum + measure(c) + (i > 0 ? o.gap : 0), 0);
    const b = Math.max(breadthOfNode, inner);
    breadth.set(n.id, b);
    return b;
  };
  measure(root);

  const items: LayoutItem<T>[] = [];
  const links: LayoutLink[] = [];
  let maxDepth = 0;
  const place = (n: ChartNode<T>, start: number, depth: number) => {
    const b = breadth.get(n.id)!;
    const across = start + (b - breadthOfNode) / 2;
    const along = depth * depthStep;
    items.push({ node: n, depth, x: o.horizontal ? along : across, y: o.horizontal ? across : along });
    maxDepth = Math.max(maxDepth, depth);
    const kids = shownChildren(n);
    const inner = kids.reduce((sum, c, i) => sum + breadth.get(c.id)! + (i > 0 ? o.gap : 0), 0);
    let cursor = start + (b - inner) / 2;
    for (const c of kids) {
      const cb = breadth.get(c.id)!;
      const parentCentre = across + breadthOfNode / 2;
      const childCentre = cursor + cb / 2;
      const parentEdge = along + (o.horizontal ? o.nodeWidth : o.nodeHeight);
      const childEdge = along + depthStep;
      links.push(
        o.horizontal
          ? { from: n.id, to: c.id, x1: parentEdge, y1: parentCentre, x2: childEdge, y2: childCentre }
          : { from: n.id, to: c.id, x1: parentCentre, y1: parentEdge, x2: childCentre, y2: childEdge },
      );
      place(c, cursor, depth + 1);
      cursor += cb + o.gap;
    }
  };
  place(root, 0, 0);
  const total = breadth.get(root.id)!;
  const deep = maxDepth * depthStep + (o.horizontal ? o.nodeWidth : o.nodeHeight);
  return { items, links, width: o.horizontal ? deep : total, height: o.horizontal ? total : deep };
}

/** SVG path of an elbow connector. */
export function linkPath(l: LayoutLink, horizontal: boolean): string {
  if (horizontal) {
    const mid = (l.x1 + l.x2) / 2;
    return `M${l.x1} ${l.y1}H${mid}V${l.y2}H${l.x2}`;
  }
  const mid = (l.y1 + l.y2) / 2;
  return `M${l.x1} ${l.y1}V${mid}H${l.x2}V${l.y2}`;
}

import { Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/feedback';
import { isCancel } from '../../platform/http';
import { t as translate } from '../../platform/locales';
import { ContextMenu, type MenuCommand } from './ContextMenu';
import { ChildLoader } from './child-loader';
import { allExpanded, collapseAll, expandAll, initialExpanded, toggle } from './expand';
import { type FilterMethod, filterTree } from './filter';
import { ClickGate, type DragProps, dragDelta, validateDragProps } from './gestures';
import { type Layout, layoutTree, linkPath } from './layout';
import { Minimap } from './Minimap';
import {
  addChild,
  attachChildren,
  type ChartNode,
  editLabel,
  findNode,
  leaveDraft,
  type NodeId,
  newChild,
  RootNotDeletableError,
  removeNode,
} from './model';
import { NodeBox } from './NodeBox';
import { Toolbar } from './Toolbar';
import {
  centreOn,
  cull,
  fitTransform,
  homeTransform,
  panTo,
  stepScale,
  type Transform,
  visibleRect,
  zoomAt,
} from './viewport';
import './org-chart.css';

export interface OrgChartProps<T = unknown> {
  data: ChartNode<T>;
  horizontal?: boolean;
  /** Nodes open and close (default true); otherwise every node is shown. */
  collapsable?: boolean;
  /** Wheel and toolbar zoom (default true). */
  scalable?: boolean;
  /** Drag the canvas to pan (default true). */
  draggable?: boolean;
  dragProps?: DragProps;
  /** Nodes can be dragged onto another node (a clone follows the pointer); see onNodeDrop. */
  nodeDraggable?: boolean;
  /** No add/edit/delete anywhere. */
  disabled?: boolean;
  defaultExpandLevel?: number;
  defaultExpandedKeys?: NodeId[];
  /** Lazy loading: opening a node without children asks the host for them. */
  lazy?: boolean;
  load?: (node: ChartNode<T>) => Promise<ChartNode<T>[]>;
  filterValue?: string;
  filterMethod?: FilterMethod<T>;
  nodeWidth?: number;
  nodeHeight?: number;
  renderContent?: (node: ChartNode<T>) => ReactNode;
  /** Text the "copy" command puts on the clipboard (default: the label). */
  copyText?: (node: ChartNode<T>) => string;
  /** Extra context menu commands of the host, after the four defaults. */
  menuCommands?: (node: ChartNode<T>) => MenuCommand[];
  onNodeClick?: (node: ChartNode<T>) => void;
  onNodeDblclick?: (node: ChartNode<T>) => void;
  /**
   * A node dropped onto another (the host confirms and moves it). When the answer resolves true (the host moved it and gave a new tree), the
   * target opens and the node is centred once it shows under the target.
   */
  onNodeDrop?: (node: ChartNode<T>, target: ChartNode<T>) => Promise<boolean>;
  onNodeAdd?: (node: ChartNode<T>) => void;
  onNodeEdit?: (node: ChartNode<T>, label: string) => void;
  onNodeDelete?: (node: ChartNode<T>) => void;
}

type Drag =
  | { kind: 'pan'; x: number; y: number; from: Transform; moved: boolean }
  | { kind: 'node'; x: number; y: number; node: ChartNode; moved: boolean };

const nodeIdOf = (target: EventTarget | null) =>
  (target as Element | null)?.closest?.('[data-node-id]')?.getAttribute('data-node-id') ?? null;

/**
 * The org chart (docs/product/tree.md): pan, zoom, toolbar, context menu,
 * click/double click, collapsible and lazy nodes, filter, horizontal or
 * vertical. The layout is a pure function memoised per change; only the nodes
 * inside the viewport are rendered.
 */
export function OrgChart<T>(props: OrgChartProps<T>) {
  const {
    data,
    horizontal = false,
    collapsable = true,
    scalable = true,
    draggable = true,
    disabled = false,
    defaultExpandLevel = 0,
    nodeWidth = 168,
    nodeHeight = 60,
  } = props;
  const { t } = useTranslation();
  const latest = useRef(props);
  latest.current = props;
  const drag = useMemo(() => validateDragProps(props.dragProps ?? {}), [props.dragProps]);
  const size = useMemo(() => ({ width: nodeWidth, height: nodeHeight }), [nodeWidth, nodeHeight]);

  const [root, setRoot] = useState<ChartNode<T>>(data);
  const [expanded, setExpanded] = useState(() =>
    initialExpanded(data, defaultExpandLevel, props.defaultExpandedKeys),
  );
  // A node to centre once the layout shows it (under `under`, when given).
  const [centre, setCentre] = useState<{ id: NodeId; under?: NodeId } | null>(null);
  // A tree with another root starts over (its own expansion state and home view); the same tree refreshed
  // (after a move) keeps what is open and where the view is.
  const [seen, setSeen] = useState(data);
  if (seen !== data) {
    setSeen(data);
    setRoot(data);
    if (seen.id !== data.id) {
      setExpanded(initialExpanded(data, defaultExpandLevel, props.defaultExpandedKeys));
      setCentre(null);
    }
  }

  const filter = useMemo(
    () => (props.filterValue === undefined ? null : filterTree(root, props.filterValue, props.filterMethod)),
    [root, props.filterValue, props.filterMethod],
  );
  const open = useMemo(
    () => (filter && filter.expand.size > 0 ? new Set([...expanded, ...filter.expand]) : expanded),
    [expanded, filter],
  );
  const layout = useMemo(
    () =>
      layoutTree(root, {
        nodeWidth,
        nodeHeight,
        gap: 24,
        levelGap: 48,
        horizontal,
        isOpen: collapsable ? (id) => open.has(id) : () => true,
        hidden: filter?.hidden ?? new Set(),
      }),
    [root, open, filter, horizontal, collapsable, nodeWidth, nodeHeight],
  );

  const container = useRef<HTMLDivElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ width: 800, height: 600 });
  const [transform, setTransform] = useState<Transform>({ x: 0, y: 0, scale: 1 });
  const [menu, setMenu] = useState<{ x: number; y: number; node: ChartNode<T> } | null>(null);
  const [editing, setEditing] = useState<NodeId | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [clone, setClone] = useState<{ x: number; y: number; node: ChartNode<T> } | null>(null);
  const dragState = useRef<Drag | null>(null);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setView({ width: el.clientWidth, height: el.clientHeight }));
    observer.observe(el);
    setView({ width: el.clientWidth, height: el.clientHeight });
    return () => observer.disconnect();
  }, []);

  const restore = useCallback(
    () => setTransform(homeTransform(layout, view, horizontal)),
    [layout, view, horizontal],
  );
  // Home position for every new tree and once the viewport is measured.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new tree or viewport re-homes the view
  useEffect(restore, [seen.id, view.width, view.height, horizontal]);

  // When the layout changes, the node just toggled (or else the root) keeps its place on screen;
  // after lazy loading (or a move) the node to centre is, once shown. A new tree is homed by `restore`.
  const previous = useRef({ layout, seen });
  const anchor = useRef<NodeId | null>(null);
  useLayoutEffect(() => {
    const prev = previous.current;
    previous.current = { layout, seen };
    if (prev.layout === layout || prev.seen.id !== seen.id) return;
    const find = (l: typeof layout, id: NodeId | undefined) => l.items.find((i) => i.node.id === id);
    if (centre !== null) {
      const item = find(layout, centre.id);
      const placed =
        centre.under === undefined || layout.links.some((l) => l.to === centre.id && l.from === centre.under);
      if (item && placed) setTransform((tr) => centreOn(tr, item, size, view));
      if (placed) {
        setCentre(null);
        return;
      }
    }
    const id = anchor.current ?? layout.items[0]?.node.id;
    anchor.current = null;
    const before = find(prev.layout, id);
    const after = find(layout, id);
    if (before && after)
      setTransform((tr) => ({
        ...tr,
        x: tr.x + (before.x - after.x) * tr.scale,
        y: tr.y + (before.y - after.y) * tr.scale,
      }));
  }, [layout, seen, centre, size, view]);

  const visible = useMemo(
    () => cull(layout, visibleRect(transform, view), size),
    [layout, transform, view, size],
  );
  const paths = useMemo(
    () => visible.links.map((l) => linkPath(l, horizontal)).join(''),
    [visible, horizontal],
  );

  const gate = useMemo(
    () =>
      new ClickGate<ChartNode<T>>(
        (n) => latest.current.onNodeClick?.(n),
        (n) => latest.current.onNodeDblclick?.(n),
        { keyOf: (n) => n.id },
      ),
    [],
  );
  useEffect(() => () => gate.dispose(), [gate]);
  const loader = useMemo(
    () =>
      new ChildLoader((error) => {
        if (!isCancel(error)) feedback.message.error(translate('orgChart.loadFailed'));
      }),
    [],
  );

  const onToggle = useCallback(
    async (node: ChartNode) => {
      const { lazy, load } = latest.current;
      if (lazy && load && node.children.length === 0 && node.isLeaf !== true) {
        // Undefined: already loading, or failed (toasted) and left closed.
        const children = await loader.load(node.id, () => load(node as ChartNode<T>));
        if (!children) return;
        setRoot((r) => attachChildren(r, node.id, children));
        if (children.length > 0) {
          setExpanded((e) => new Set(e).add(node.id));
          setCentre({ id: node.id });
        }
        return;
      }
      anchor.current = node.id;
      setExpanded(toggle(root, open, node.id));
    },
    [open, root, loader],
  );

  // The host's callbacks run here, outside the state updater (which StrictMode calls twice).
  const onLabel = useCallback(
    (node: ChartNode, label: string) => {
      setEditing(null);
      const text = label.trim();
      if (node.new && text === '') {
        setRoot((r) => leaveDraft(r, node.id));
        return;
      }
      const next = editLabel(root, node.id, text);
      const saved = findNode(next, node.id);
      setRoot(next);
      if (!saved) return;
      if (node.new) latest.current.onNodeAdd?.(saved as ChartNode<T>);
      else latest.current.onNodeEdit?.(saved as ChartNode<T>, text);
    },
    [root],
  );

  const copy = async (node: ChartNode<T>) => {
    const text = props.copyText?.(node) ?? node.label;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      feedback.message.success(t('orgChart.copied'));
    } catch {
      feedback.message.error(t('orgChart.notSupported'));
    }
  };

  const commands = (node: ChartNode<T>): MenuCommand[] => {
    const list: MenuCommand[] = [{ key: 'copy', label: t('orgChart.copy'), run: () => void copy(node) }];
    if (!disabled && !node.disabled) {
      list.push(
        {
          key: 'add',
          label: t('orgChart.add'),
          run: () => {
            const draft = newChild(node);
            setRoot((r) => addChild(r, node.id, draft));
            setExpanded((e) => new Set(e).add(node.id));
            setEditing(draft.id);
          },
        },
        { key: 'edit', label: t('orgChart.edit'), run: () => setEditing(node.id) },
        {
          key: 'delete',
          label: t('orgChart.delete'),
          run: () => {
            try {
              setRoot(removeNode(root, node.id));
              props.onNodeDelete?.(node);
            } catch (error) {
              if (!(error instanceof RootNotDeletableError)) throw error;
              feedback.message.error(t('tree.rootNotDeletable'));
            }
          },
        },
      );
    }
    return [...list, ...(props.menuCommands?.(node) ?? [])];
  };

  // Wheel zoom about the cursor, only when scaling is on (a non-passive listener, to keep the page still).
  useEffect(() => {
    const el = viewport.current;
    if (!el || !scalable) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = el.getBoundingClientRect();
      setTransform((tr) =>
        zoomAt(tr, stepScale(tr.scale, e.deltaY < 0 ? 1 : -1), e.clientX - box.left, e.clientY - box.top),
      );
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [scalable]);

  const zoom = (direction: 1 | -1) => {
    if (scalable)
      setTransform((tr) => zoomAt(tr, stepScale(tr.scale, direction), view.width / 2, view.height / 2));
  };

  // Fullscreen through the Fullscreen API; Esc leaves it natively and only syncs the state here.
  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void container.current?.requestFullscreen?.();
  };

  const nodeById = (id: string | null) =>
    id === null ? undefined : layout.items.find((i) => String(i.node.id) === id)?.node;

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.button !== 0) return;
    const node = nodeById(nodeIdOf(e.target));
    if (node && props.nodeDraggable && !node.disabled) {
      dragState.current = { kind: 'node', x: e.clientX, y: e.clientY, node, moved: false };
    } else if (!node && draggable) {
      dragState.current = { kind: 'pan', x: e.clientX, y: e.clientY, from: transform, moved: false };
    } else return;
    const move = (ev: PointerEvent) => {
      const d = dragState.current;
      if (!d) return;
      const dx = ev.clientX - d.x;
      const dy = ev.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < 4) return;
      d.moved = true;
      if (d.kind === 'pan') {
        const step = dragDelta(dx, dy, drag);
        setTransform({ ...d.from, x: d.from.x + step.dx, y: d.from.y + step.dy });
      } else {
        const box = viewport.current!.getBoundingClientRect();
        setClone({ x: ev.clientX - box.left + 8, y: ev.clientY - box.top + 8, node: d.node as ChartNode<T> });
      }
    };
    const up = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      const d = dragState.current;
      dragState.current = null;
      setClone(null);
      if (!d?.moved) return;
      gate.dragEnded();
      if (d.kind === 'node') {
        const target = nodeById(nodeIdOf(document.elementFromPoint(ev.clientX, ev.clientY)));
        if (target && target.id !== d.node.id) void drop(d.node as ChartNode<T>, target as ChartNode<T>);
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const drop = async (node: ChartNode<T>, target: ChartNode<T>) => {
    if ((await latest.current.onNodeDrop?.(node, target)) !== true) return;
    setExpanded((e) => new Set(e).add(target.id));
    setCentre({ id: node.id, under: target.id });
  };

  const render = props.renderContent ?? ((n: ChartNode<T>) => n.label);
  const allOpen = useMemo(() => allExpanded(root, expanded), [root, expanded]);

  return (
    <div ref={container} className={`org-chart${horizontal ? ' horizontal' : ''}`} data-testid="org-chart">
      <Toolbar
        scale={transform.scale}
        collapsable={collapsable}
        allOpen={allOpen}
        fullscreen={fullscreen}
        onToggleAll={() => setExpanded(allOpen ? collapseAll() : expandAll(root))}
        onZoom={zoom}
        onRestore={restore}
        onFit={() => setTransform(fitTransform(layout, view))}
        onFullscreen={toggleFullscreen}
      />
      <div
        ref={viewport}
        className={`org-chart-viewport${dragState.current?.kind === 'pan' ? ' panning' : ''}`}
        onPointerDown={onPointerDown}
        onClick={(e) => {
          const node = nodeById(nodeIdOf(e.target));
          if (node && editing !== node.id) gate.click(node as ChartNode<T>);
        }}
        onContextMenu={(e) => {
          const node = nodeById(nodeIdOf(e.target));
          if (!node) return;
          e.preventDefault();
          const box = viewport.current!.getBoundingClientRect();
          setMenu({ x: e.clientX - box.left, y: e.clientY - box.top, node: node as ChartNode<T> });
        }}
      >
        <div
          className="org-chart-canvas"
          style={{
            width: layout.width,
            height: layout.height,
            transform: `translate(${transform.x}px, ${transform.y}px) scale(${transform.scale})`,
          }}
        >
          <svg className="org-chart-links" width={layout.width} height={layout.height} aria-hidden="true">
            <path d={paths} />
          </svg>
          {visible.items.map((item) => (
            <NodeBox
              key={String(item.node.id)}
              item={item as never}
              width={nodeWidth}
              height={nodeHeight}
              open={open.has(item.node.id) && item.node.children.length > 0}
              toggleable={
                collapsable && (item.node.children.length > 0 || (!!props.lazy && item.node.isLeaf === false))
              }
              editing={editing === item.node.id}
              render={render as never}
              onToggle={onToggle as never}
              onLabel={onLabel}
            />
          ))}
        </div>
        {clone && (
          <div
            className="org-chart-node org-chart-clone"
            style={{ left: clone.x, top: clone.y, width: nodeWidth, height: nodeHeight, zIndex: drag.zIndex }}
          >
            <div className="org-chart-node-body">{render(clone.node)}</div>
          </div>
        )}
        {menu && (
          <ContextMenu x={menu.x} y={menu.y} commands={commands(menu.node)} onClose={() => setMenu(null)} />
        )}
        {filter && !filter.matched && (
          <Typography.Text type="secondary" className="org-chart-empty" data-testid="org-chart-no-match">
            {t('orgChart.noMatch')}
          </Typography.Text>
        )}
      </div>
      {(layout.width * transform.scale > view.width || layout.height * transform.scale > view.height) && (
        <Minimap
          layout={layout as Layout}
          node={size}
          transform={transform}
          view={view}
          onPan={(x, y) => setTransform((tr) => panTo(tr, x, y, view))}
        />
      )}
    </div>
  );
}

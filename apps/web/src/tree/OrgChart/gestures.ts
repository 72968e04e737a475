import { ORG_CHART } from '@app/contracts';

export type DragAxis = 'x' | 'y' | 'both';

export interface DragProps {
  zIndex?: 'auto' | number;
  scale?: number;
  axis?: DragAxis;
  grid?: [number, number];
}

/** Checks the drag options (docs/product/tree.md); throws on the first wrong one. */
export function validateDragProps(p: DragProps): Required<DragProps> {
  const zIndex = p.zIndex ?? 'auto';
  if (zIndex !== 'auto' && !(typeof zIndex === 'number' && zIndex >= 0))
    throw new Error("[OrgChart] drag zIndex must be 'auto' or a number >= 0");
  const scale = p.scale ?? 1;
  if (!(scale > 0)) throw new Error('[OrgChart] drag scale must be greater than 0');
  const axis = p.axis ?? 'both';
  if (!['x', 'y', 'both'].includes(axis)) throw new Error("[OrgChart] drag axis must be 'x', 'y' or 'both'");
  return { zIndex, scale, axis, grid: p.grid ?? [1, 1] };
}

/** A pointer move limited to the axis and snapped to the grid, in unscaled units. */
export function dragDelta(dx: number, dy: number, p: Required<DragProps>): { dx: number; dy: number } {
  const [gx, gy] = p.grid;
  return {
    dx: p.axis === 'y' ? 0 : Math.round(dx / p.scale / gx) * gx,
    dy: p.axis === 'x' ? 0 : Math.round(dy / p.scale / gy) * gy,
  };
}

/**
 * Tells a click from a double click (a click waits 260 ms for a second one on
 * the same target: each key, e.g. node id, has its own timer, so clicks on two
 * nodes in quick succession are two clicks) and swallows clicks for 200 ms
 * after a drag stopped.
 */
export class ClickGate<A> {
  private readonly timers = new Map<unknown, ReturnType<typeof setTimeout>>();
  private quietUntil = 0;
  private readonly keyOf: (arg: A) => unknown;
  private readonly now: () => number;

  constructor(
    private readonly onClick: (arg: A) => void,
    private readonly onDoubleClick: (arg: A) => void,
    options: { keyOf?: (arg: A) => unknown; now?: () => number } = {},
  ) {
    this.keyOf = options.keyOf ?? ((arg) => arg);
    this.now = options.now ?? (() => Date.now());
  }

  dragEnded(): void {
    this.quietUntil = this.now() + ORG_CHART.dragClickSuppressMs;
  }

  click(arg: A): void {
    if (this.now() < this.quietUntil) return;
    const key = this.keyOf(arg);
    const pending = this.timers.get(key);
    if (pending) {
      clearTimeout(pending);
      this.timers.delete(key);
      this.onDoubleClick(arg);
      return;
    }
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.onClick(arg);
      }, ORG_CHART.clickDelayMs),
    );
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

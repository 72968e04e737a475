import { ORG_CHART } from '@app/contracts';

export type DragAxis = 'x' | 'y' | 'both';

export interface DragProps {
  zIndex?: 'auto' | number;
  scale?: number;
  axis?: DragAxis;
  grid?: [number, number];
}

/** Checks the drag options as SPEC.md §5 says; throws on the first wrong one. */
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
 * Tells a click from a double click (a click waits 260 ms for a second one)
 * and swallows clicks for 200 ms after a drag stopped.
 */
export class ClickGate<A> {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private quietUntil = 0;

  constructor(
    private readonly onClick: (arg: A) => void,
    private readonly onDoubleClick: (arg: A) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  dragEnded(): void {
    this.quietUntil = this.now() + ORG_CHART.dragClickSuppressMs;
  }

  click(arg: A): void {
    if (this.now() < this.quietUntil) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.onDoubleClick(arg);
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.onClick(arg);
    }, ORG_CHART.clickDelayMs);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}

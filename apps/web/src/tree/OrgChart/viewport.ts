import { ORG_CHART } from '@app/contracts';
import type { Layout, LayoutItem, LayoutLink } from './layout';

export interface Transform {
  x: number;
  y: number;
  scale: number;
}

export const clampScale = (scale: number) =>
  Math.round(Math.min(ORG_CHART.zoomMax, Math.max(ORG_CHART.zoomMin, scale)) * 100) / 100;

/** One zoom step in or out (toolbar buttons and wheel notches). */
export const stepScale = (scale: number, direction: 1 | -1) =>
  clampScale(scale + direction * ORG_CHART.zoomStep);

/** Zooms about a point of the viewport so that point stays put under the cursor. */
export function zoomAt(t: Transform, scale: number, px: number, py: number): Transform {
  const next = clampScale(scale);
  const k = next / t.scale;
  return { scale: next, x: px - (px - t.x) * k, y: py - (py - t.y) * k };
}

/** The transform that shows the root centred at the top (left for horizontal charts) at scale 1. */
export function homeTransform(
  layout: Layout,
  viewport: { width: number; height: number },
  horizontal: boolean,
): Transform {
  const root = layout.items[0];
  if (!root) return { x: 0, y: 0, scale: ORG_CHART.zoomStart };
  return horizontal
    ? { x: 24 - root.x, y: viewport.height / 2 - root.y, scale: ORG_CHART.zoomStart }
    : { x: viewport.width / 2 - root.x, y: 24 - root.y, scale: ORG_CHART.zoomStart };
}

/**
 * The transform that shows the whole chart centred in the viewport, never enlarged past the starting scale nor
 * shrunk below the zoom minimum (docs/product/tree.md, "The org chart"): a chart too large for the viewport at
 * the minimum keeps its top in sight, centred across, and the overview shows where the rest lies.
 */
export function fitTransform(
  layout: { width: number; height: number },
  viewport: { width: number; height: number },
  margin = 24,
): Transform {
  const fit = Math.min(
    (viewport.width - 2 * margin) / layout.width,
    (viewport.height - 2 * margin) / layout.height,
    ORG_CHART.zoomStart,
  );
  const scale = Math.max(fit, ORG_CHART.zoomMin);
  const height = layout.height * scale;
  return {
    scale,
    x: (viewport.width - layout.width * scale) / 2,
    y: height > viewport.height - 2 * margin ? margin : (viewport.height - height) / 2,
  };
}

/** Centres the chart point (x, y) in the viewport at the current scale (a click on the overview). */
export const panTo = (t: Transform, x: number, y: number, viewport: { width: number; height: number }) => ({
  scale: t.scale,
  x: viewport.width / 2 - x * t.scale,
  y: viewport.height / 2 - y * t.scale,
});

/** Centres one node in the viewport at the current scale (after lazy loading). */
export function centreOn(
  t: Transform,
  item: { x: number; y: number },
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): Transform {
  return {
    scale: t.scale,
    x: viewport.width / 2 - (item.x + size.width / 2) * t.scale,
    y: viewport.height / 3 - (item.y + size.height / 2) * t.scale,
  };
}

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The part of the chart the viewport shows (chart coordinates), widened by `margin` screen pixels. */
export function visibleRect(t: Transform, viewport: { width: number; height: number }, margin = 200): Rect {
  return {
    left: (-t.x - margin) / t.scale,
    top: (-t.y - margin) / t.scale,
    right: (viewport.width - t.x + margin) / t.scale,
    bottom: (viewport.height - t.y + margin) / t.scale,
  };
}

/** Only what intersects the rect is rendered, so thousands of nodes stay smooth. */
export function cull<T>(
  layout: Layout<T>,
  rect: Rect,
  size: { width: number; height: number },
): { items: LayoutItem<T>[]; links: LayoutLink[] } {
  const items = layout.items.filter(
    (i) =>
      i.x + size.width >= rect.left &&
      i.x <= rect.right &&
      i.y + size.height >= rect.top &&
      i.y <= rect.bottom,
  );
  const links = layout.links.filter(
    (l) =>
      Math.max(l.x1, l.x2) >= rect.left &&
      Math.min(l.x1, l.x2) <= rect.right &&
      Math.max(l.y1, l.y2) >= rect.top &&
      Math.min(l.y1, l.y2) <= rect.bottom,
  );
  return { items, links };
}

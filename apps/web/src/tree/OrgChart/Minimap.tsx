import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layout } from './layout';
import type { Transform } from './viewport';

const MAX = { width: 200, height: 120 };
const MIN = { width: 120, height: 72 };

/**
 * The overview's scale on each axis: the chart's proportions while they fit between MIN and MAX; a chart far
 * wider than deep (or the reverse) is stretched on its short axis so the overview stays large enough to aim at.
 */
export function overviewScale(chart: { width: number; height: number }) {
  const k = Math.min(MAX.width / chart.width, MAX.height / chart.height);
  const axis = (size: number, min: number, max: number) => Math.min(max / size, Math.max(k, min / size));
  return {
    kx: axis(chart.width, MIN.width, MAX.width),
    ky: axis(chart.height, MIN.height, MAX.height),
  };
}

export interface MinimapProps {
  layout: Layout;
  node: { width: number; height: number };
  transform: Transform;
  view: { width: number; height: number };
  /** Centres the chart point the overview was clicked at. */
  onPan: (x: number, y: number) => void;
}

/**
 * The overview of a chart larger than its viewport: every node as a dot on one canvas, drawn again only when the
 * layout changes (not while panning), and the visible part as a rectangle. A click pans there.
 */
export function Minimap({ layout, node, transform, view, onPan }: MinimapProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const { kx, ky } = overviewScale(layout);
  const width = Math.ceil(layout.width * kx);
  const height = Math.ceil(layout.height * ky);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = getComputedStyle(canvas.current as HTMLCanvasElement).color;
    const w = Math.max(1, node.width * kx);
    const h = Math.max(1, node.height * ky);
    for (const item of layout.items) ctx.fillRect(item.x * kx, item.y * ky, w, h);
  }, [layout, node, kx, ky, width, height]);

  return (
    <div
      className="org-chart-minimap"
      style={{ width, height }}
      title={t('orgChart.overview')}
      data-testid="org-chart-minimap"
      onPointerDown={(e) => {
        e.stopPropagation();
        const box = e.currentTarget.getBoundingClientRect();
        onPan((e.clientX - box.left) / kx, (e.clientY - box.top) / ky);
      }}
    >
      <canvas ref={canvas} width={width} height={height} />
      <div
        className="org-chart-minimap-view"
        style={{
          left: (-transform.x / transform.scale) * kx,
          top: (-transform.y / transform.scale) * ky,
          width: (view.width / transform.scale) * kx,
          height: (view.height / transform.scale) * ky,
        }}
      />
    </div>
  );
}

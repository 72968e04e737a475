import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layout } from './layout';
import type { Transform } from './viewport';

const MAX = { width: 200, height: 120 };

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
  const k = Math.min(MAX.width / layout.width, MAX.height / layout.height);
  const width = Math.ceil(layout.width * k);
  const height = Math.ceil(layout.height * k);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = '#86909c';
    const w = Math.max(1, node.width * k);
    const h = Math.max(1, node.height * k);
    for (const item of layout.items) ctx.fillRect(item.x * k, item.y * k, w, h);
  }, [layout, node, k, width, height]);

  return (
    <div
      className="org-chart-minimap"
      style={{ width, height }}
      title={t('orgChart.overview')}
      data-testid="org-chart-minimap"
      onPointerDown={(e) => {
        e.stopPropagation();
        const box = e.currentTarget.getBoundingClientRect();
        onPan((e.clientX - box.left) / k, (e.clientY - box.top) / k);
      }}
    >
      <canvas ref={canvas} width={width} height={height} />
      <div
        className="org-chart-minimap-view"
        style={{
          left: (-transform.x / transform.scale) * k,
          top: (-transform.y / transform.scale) * k,
          width: (view.width / transform.scale) * k,
          height: (view.height / transform.scale) * k,
        }}
      />
    </div>
  );
}

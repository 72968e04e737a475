import { type CSSProperties, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutItem } from './layout';
import type { ChartNode } from './model';

export interface NodeBoxProps {
  item: LayoutItem;
  width: number;
  height: number;
  open: boolean;
  /** Shows the expand/collapse button (collapsible charts, nodes that have or may load children). */
  toggleable: boolean;
  editing: boolean;
  render: (node: ChartNode) => ReactNode;
  onToggle: (node: ChartNode) => void;
  onLabel: (node: ChartNode, label: string) => void;
}

/** One positioned node. Memoised: panning and zooming do not re-render nodes. */
export const NodeBox = memo(function NodeBox(p: NodeBoxProps) {
  const { t } = useTranslation();
  const { node } = p.item;
  const style: CSSProperties = {
    ...(node.style as CSSProperties),
    left: p.item.x,
    top: p.item.y,
    width: p.width,
    height: p.height,
  };
  return (
    <div
      className={['org-chart-node', node.disabled && 'disabled', node.className].filter(Boolean).join(' ')}
      style={style}
      data-node-id={String(node.id)}
      data-depth={p.item.depth}
    >
      {p.editing ? (
        <input
          // biome-ignore lint/a11y/noAutofocus: a node being added or edited takes the keyboard at once
          autoFocus
          defaultValue={node.label}
          placeholder={t('orgChart.newNode')}
          onPointerDown={(e) => e.stopPropagation()}
          onBlur={(e) => p.onLabel(node, e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
          }}
        />
      ) : (
        <div className="org-chart-node-body">{p.render(node)}</div>
      )}
      {p.toggleable && (
        <button
          type="button"
          className="org-chart-toggle"
          aria-label={t(p.open ? 'orgChart.collapse' : 'orgChart.expand')}
          aria-expanded={p.open}
          onPointerDown={(e) => e.stopPropagation()}
          onClick={(e) => {
            e.stopPropagation();
            p.onToggle(node);
          }}
        >
          {p.open ? '−' : '+'}
        </button>
      )}
    </div>
  );
});

import {
  CompressOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MinusSquareOutlined,
  PlusSquareOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ToolbarProps {
  scale: number;
  collapsable: boolean;
  allOpen: boolean;
  fullscreen: boolean;
  onToggleAll: () => void;
  onZoom: (direction: 1 | -1) => void;
  onRestore: () => void;
  onFit: () => void;
  onFullscreen: () => void;
}

function Tool({ title, icon, onClick }: { title: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={title}>
      <Button type="text" size="small" aria-label={title} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

/** Zoom percentage, expand/collapse all, zoom in, zoom out, restore, fit to screen and fullscreen (docs/product/tree.md). */
export function Toolbar(p: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="org-chart-toolbar" onPointerDown={(e) => e.stopPropagation()}>
      <span className="org-chart-zoom" title={t('orgChart.zoom')} data-testid="org-chart-zoom">
        {Math.round(p.scale * 100)}%
      </span>
      {p.collapsable && (
        <Tool
          title={t(p.allOpen ? 'orgChart.collapseAll' : 'orgChart.expandAll')}
          icon={p.allOpen ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
          onClick={p.onToggleAll}
        />
      )}
      <Tool title={t('orgChart.zoomIn')} icon={<ZoomInOutlined />} onClick={() => p.onZoom(1)} />
      <Tool title={t('orgChart.zoomOut')} icon={<ZoomOutOutlined />} onClick={() => p.onZoom(-1)} />
      <Tool title={t('orgChart.restore')} icon={<UndoOutlined />} onClick={p.onRestore} />
      <Tool title={t('orgChart.fit')} icon={<CompressOutlined />} onClick={p.onFit} />
      <Tool
        title={t(p.fullscreen ? 'orgChart.exitFullscreen' : 'orgChart.fullscreen')}
        icon={p.fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={p.onFullscreen}
      />
    </div>
  );
}

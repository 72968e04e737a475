import { useEffect, useRef } from 'react';

export interface MenuCommand {
  key: string;
  label: string;
  run: () => void;
}

/** The right-click menu of a node; any press outside it closes it. */
export function ContextMenu({
  x,
  y,
  commands,
  onClose,
}: {
  x: number;
  y: number;
  commands: MenuCommand[];
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const outside = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [onClose]);
  return (
    <div className="org-chart-menu" role="menu" ref={ref} style={{ left: x, top: y }}>
      {commands.map((c) => (
        <button
          key={c.key}
          type="button"
          role="menuitem"
          onClick={() => {
            onClose();
            c.run();
          }}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}

import { ORG_CHART } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { tree } from './fixtures';
import { layoutTree, linkPath } from './layout';
import type { ChartNode } from './model';
import { clampScale, cull, stepScale, visibleRect, zoomAt } from './viewport';

const size = { nodeWidth: 100, nodeHeight: 40, gap: 20, levelGap: 40 };
const open = { isOpen: () => true, hidden: new Set<string>() };

describe('layoutTree', () => {
  it('centres parents over their children, top-down', () => {
    const l = layoutTree(tree(['r', ['a'], ['b']]), { ...size, ...open, horizontal: false });
    const at = Object.fromEntries(l.items.map((i) => [i.node.id, [i.x, i.y]]));
    expect(at).toEqual({ r: [60, 0], a: [0, 80], b: [120, 80] });
    expect([l.width, l.height]).toEqual([220, 120]);
    expect(linkPath(l.links[0]!, false)).toBe('M110 40V60H50V80');
  });

  it('lays out left to right when horizontal', () => {
    const l = layoutTree(tree(['r', ['a'], ['b']]), { ...size, ...open, horizontal: true });
    const at = Object.fromEntries(l.items.map((i) => [i.node.id, [i.x, i.y]]));
    expect(at).toEqual({ r: [0, 30], a: [140, 0], b: [140, 60] });
  });

  it('leaves out collapsed and hidden branches', () => {
    const root = tree(['r', ['a', ['a1']], ['b']]);
    const collapsed = layoutTree(root, {
      ...size,
      horizontal: false,
      isOpen: (id) => id === 'r',
      hidden: new Set(),
    });
    expect(collapsed.items.map((i) => i.node.id)).toEqual(['r', 'a', 'b']);
    const filtered = layoutTree(root, { ...size, ...open, horizontal: false, hidden: new Set(['b']) });
    expect(filtered.items.map((i) => i.node.id)).toEqual(['r', 'a', 'a1']);
  });

  it('lays out 2,000 nodes and renders only those in view', () => {
    const wide: ChartNode = {
      id: 0,
      label: 'root',
      children: Array.from({ length: 40 }, (_, i) => ({
        id: `c${i}`,
        label: '',
        children: Array.from({ length: 50 }, (_, j) => ({ id: `c${i}-${j}`, label: '', children: [] })),
      })),
    };
    const l = layoutTree(wide, { ...size, ...open, horizontal: false });
    expect(l.items).toHaveLength(2041);
    const rect = visibleRect({ x: 0, y: 0, scale: 1 }, { width: 1200, height: 800 }, 0);
    const shown = cull(l, rect, { width: 100, height: 40 });
    expect(shown.items.length).toBeGreaterThan(0);
    expect(shown.items.length).toBeLessThan(40);
  });
});

describe('zoom', () => {
  it('starts at 1, steps by 0.1 and stays within 0.3-3', () => {
    expect(ORG_CHART.zoomStart).toBe(1);
    expect(stepScale(1, 1)).toBe(1.1);
    expect(stepScale(0.3, -1)).toBe(0.3);
    expect(stepScale(3, 1)).toBe(3);
    expect(clampScale(10)).toBe(3);
  });

  it('keeps the point under the cursor in place', () => {
    const t = zoomAt({ x: 0, y: 0, scale: 1 }, 2, 100, 50);
    expect(t).toEqual({ x: -100, y: -50, scale: 2 });
  });
});

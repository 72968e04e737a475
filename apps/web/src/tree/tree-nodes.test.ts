import { TREE_NODE_CAP, type TreeNode } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { cappedChildren, chartRoot, FOREST_ROOT, matchesMember, toChartNode } from './tree-nodes';

const node = (id: number, children: TreeNode[] = [], has_children = children.length > 0): TreeNode => ({
  id,
  full_name: `Full ${id}`,
  name: `user${id}`,
  user_no: `M${id}`,
  level: { id: 1, name: 'Pathfinder' },
  created_at: '2026-01-01T00:00:00.000Z',
  tree_level: 0,
  child_count: children.length,
  has_children,
  children,
});

describe('tree nodes', () => {
  it('maps API nodes, keeping unloaded children expandable', () => {
    const chart = toChartNode(node(1, [node(2, [], true), node(3)]));
    expect(chart.children.map((c) => [c.id, c.pid, c.isLeaf])).toEqual([
      [2, 1, false],
      [3, 1, true],
    ]);
    expect(chart.label).toBe('Full 1');
  });

  it('puts several top members under a disabled holder node', () => {
    expect(chartRoot([node(1)], 'Top')?.id).toBe(1);
    const forest = chartRoot([node(1), node(2)], 'Top')!;
    expect(forest).toMatchObject({ id: FOREST_ROOT, label: 'Top', disabled: true });
    expect(chartRoot([], 'Top')).toBeNull();
  });

  it('finds members by name or member id', () => {
    const chart = toChartNode(node(7));
    expect(matchesMember('m7', chart)).toBe(true);
    expect(matchesMember('USER7', chart)).toBe(true);
    expect(matchesMember('zzz', chart)).toBe(false);
  });

  it("says how many direct members a lazy load shows of how many when the server's cap left some out", () => {
    const parent = toChartNode({ ...node(1, [], true), child_count: TREE_NODE_CAP + 321 });
    expect(cappedChildren(parent, TREE_NODE_CAP)).toEqual({
      shown: TREE_NODE_CAP,
      total: TREE_NODE_CAP + 321,
    });
    const whole = toChartNode({ ...node(2, [], true), child_count: TREE_NODE_CAP });
    expect(cappedChildren(whole, TREE_NODE_CAP)).toBeNull();
    // Fewer than the cap is the whole answer, even if the count read earlier was higher (members moved since).
    const shrunk = toChartNode({ ...node(3, [], true), child_count: 12 });
    expect(cappedChildren(shrunk, 10)).toBeNull();
  });
});

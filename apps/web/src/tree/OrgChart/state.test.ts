import { describe, expect, it } from 'vitest';
import { allExpanded, collapseAll, expandAll, initialExpanded, toggle } from './expand';
import { filterTree } from './filter';
import { tree } from './fixtures';

const sample = () => tree(['root', ['a', ['a1', ['a11']], ['a2']], ['b', ['b1']]]);

describe('expand and collapse', () => {
  it('collapsing a node collapses all its descendants', () => {
    const root = sample();
    let open = expandAll(root);
    expect([...open].sort()).toEqual(['a', 'a1', 'b', 'root']);
    open = toggle(root, open, 'a');
    expect([...open].sort()).toEqual(['b', 'root']);
    open = toggle(root, open, 'a');
    expect(open.has('a') && !open.has('a1')).toBe(true);
  });

  it('expand-all opens every node, collapse-all clears the set', () => {
    const root = sample();
    expect(allExpanded(root, expandAll(root))).toBe(true);
    expect(allExpanded(root, new Set(['root']))).toBe(false);
    expect(collapseAll().size).toBe(0);
  });

  it('starts with the nodes above the default level, flagged nodes and given keys', () => {
    const root = sample();
    expect([...initialExpanded(root, 0)]).toEqual([]);
    expect([...initialExpanded(root, 1)]).toEqual(['root']);
    expect([...initialExpanded(root, 0, ['b'])]).toEqual(['b']);
  });
});

describe('filter', () => {
  const byLabel = (value: string, node: { label: string }) => node.label.includes(value);

  it('hides non-matching nodes but keeps the ancestors of matches and opens them', () => {
    const { hidden, expand, matched } = filterTree(sample(), 'a11', byLabel);
    expect([...hidden].sort()).toEqual(['a2', 'b', 'b1']);
    expect([...expand].sort()).toEqual(['a', 'a1', 'root']);
    expect(matched).toBe(true);
  });

  it('says when nothing matches', () => {
    expect(filterTree(sample(), 'zz', byLabel).matched).toBe(false);
    expect(filterTree(sample(), '', byLabel).matched).toBe(true);
  });

  it('hides nothing for an empty value and needs a filter method', () => {
    expect(filterTree(sample(), '', byLabel).hidden.size).toBe(0);
    expect(() => filterTree(sample(), 'x')).toThrow(/filter method is required/);
  });
});

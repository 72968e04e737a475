import { describe, expect, it } from 'vitest';
import { tree } from './fixtures';
import {
  addChild,
  attachChildren,
  editLabel,
  findNode,
  leaveDraft,
  newChild,
  RootNotDeletableError,
  removeNode,
} from './model';

const sample = () => tree(['root', ['a', ['a1'], ['a2']], ['b']]);

describe('node operations', () => {
  it('creates a draft child with a timestamp id, the parent id as pid and the new/focused flags', () => {
    const root = sample();
    const draft = newChild(findNode(root, 'a')!, 1732300000000);
    expect(draft).toEqual({
      id: '1732300000000',
      pid: 'a',
      label: '',
      expand: false,
      children: [],
      new: true,
      focused: true,
    });
    const next = addChild(root, 'a', draft);
    expect(findNode(next, 'a')!.children.map((c) => c.id)).toEqual(['a1', 'a2', '1732300000000']);
    expect(findNode(root, 'a')!.children).toHaveLength(2);
    expect(findNode(next, 'b')).toBe(findNode(root, 'b'));
  });

  it('removes a draft with an empty label when focus leaves, and keeps a named one', () => {
    const root = sample();
    const withDraft = addChild(root, 'b', newChild(findNode(root, 'b')!, 1));
    expect(findNode(leaveDraft(withDraft, '1'), '1')).toBeUndefined();
    const named = editLabel(withDraft, '1', 'New member');
    const kept = leaveDraft(named, '1');
    expect(findNode(kept, '1')).toMatchObject({ label: 'New member', new: false, focused: false });
  });

  it('deletes a node with its subtree but never the root', () => {
    const root = sample();
    const next = removeNode(root, 'a');
    expect(next.children.map((c) => c.id)).toEqual(['b']);
    expect(findNode(next, 'a1')).toBeUndefined();
    expect(() => removeNode(root, 'root')).toThrow(RootNotDeletableError);
    expect(() => removeNode(root, 'root')).toThrow('tree.rootNotDeletable');
  });

  it('attaches lazily loaded children, or marks the node a leaf when none came', () => {
    const root = sample();
    const loaded = attachChildren(root, 'b', [{ id: 'b1', label: 'b1', children: [] }]);
    expect(findNode(loaded, 'b')).toMatchObject({ isLeaf: false, expand: true });
    expect(findNode(loaded, 'b1')?.pid).toBe('b');
    expect(findNode(attachChildren(root, 'b', []), 'b')).toMatchObject({ isLeaf: true, children: [] });
  });
});

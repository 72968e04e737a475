import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClickGate, dragDelta, validateDragProps } from './gestures';

describe('drag props', () => {
  it("accepts z-index 'auto' or >= 0, scale > 0 and axis x|y|both", () => {
    expect(validateDragProps({})).toEqual({ zIndex: 'auto', scale: 1, axis: 'both', grid: [1, 1] });
    expect(validateDragProps({ zIndex: 0, scale: 0.5, axis: 'x' }).axis).toBe('x');
    expect(() => validateDragProps({ zIndex: -1 })).toThrow(/zIndex/);
    expect(() => validateDragProps({ scale: 0 })).toThrow(/scale/);
    expect(() => validateDragProps({ axis: 'z' as 'x' })).toThrow(/axis/);
  });

  it('limits moves to the axis and the grid', () => {
    const p = validateDragProps({ axis: 'x', grid: [10, 10] });
    expect(dragDelta(26, 40, p)).toEqual({ dx: 30, dy: 0 });
  });
});

describe('ClickGate', () => {
  afterEach(() => vi.useRealTimers());

  it('fires a click after 260 ms, a double click instead of two clicks', () => {
    vi.useFakeTimers();
    const clicks: string[] = [];
    const gate = new ClickGate<string>(
      (a) => clicks.push(`click ${a}`),
      (a) => clicks.push(`dbl ${a}`),
      { now: () => Date.now() },
    );
    gate.click('n1');
    vi.advanceTimersByTime(259);
    expect(clicks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(clicks).toEqual(['click n1']);
    gate.click('n2');
    gate.click('n2');
    vi.advanceTimersByTime(300);
    expect(clicks).toEqual(['click n1', 'dbl n2']);
  });

  it('keeps a timer per node: a click on one node then quickly on another is two clicks', () => {
    vi.useFakeTimers();
    const clicks: string[] = [];
    const gate = new ClickGate<{ id: number; label: string }>(
      (n) => clicks.push(`click ${n.label}`),
      (n) => clicks.push(`dbl ${n.label}`),
      { keyOf: (n) => n.id },
    );
    gate.click({ id: 1, label: 'A' });
    vi.advanceTimersByTime(100);
    gate.click({ id: 2, label: 'B' });
    vi.advanceTimersByTime(100);
    // A fresh object for node 1 (the chart re-creates nodes) is still the same node.
    gate.click({ id: 1, label: 'A' });
    expect(clicks).toEqual(['dbl A']);
    vi.advanceTimersByTime(260);
    expect(clicks).toEqual(['dbl A', 'click B']);
    gate.click({ id: 2, label: 'B' });
    gate.dispose();
    vi.advanceTimersByTime(300);
    expect(clicks).toEqual(['dbl A', 'click B']);
  });

  it('ignores clicks for 200 ms after a drag stopped', () => {
    vi.useFakeTimers();
    const clicks: string[] = [];
    const gate = new ClickGate<string>(
      (a) => clicks.push(a),
      () => {},
    );
    gate.dragEnded();
    gate.click('too soon');
    vi.advanceTimersByTime(200);
    gate.click('fine');
    vi.advanceTimersByTime(260);
    expect(clicks).toEqual(['fine']);
  });
});

import { describe, expect, it } from 'vitest';
import { PendingCalls } from './pending-calls';

const key = (data?: unknown, params?: unknown) =>
  PendingCalls.keyOf({ method: 'post', url: '/api/wallet/sendTransfer', data, params });

describe('PendingCalls', () => {
  it('refuses an identical call while the first is pending, and allows it again afterwards', () => {
    const calls = new PendingCalls();
    const first = calls.begin(key({ amount: '10.00' }))!;
    expect(first).toBeInstanceOf(AbortController);
    expect(calls.begin(key({ amount: '10.00' }))).toBeNull();
    calls.end(key({ amount: '10.00' }), first);
    expect(calls.begin(key({ amount: '10.00' }))).not.toBeNull();
  });

  it('tells calls apart by method, url, params and body', () => {
    const calls = new PendingCalls();
    expect(calls.begin(key({ amount: '10.00' }))).not.toBeNull();
    expect(calls.begin(key({ amount: '11.00' }))).not.toBeNull();
    expect(calls.begin(key({ amount: '10.00' }, { page: 2 }))).not.toBeNull();
    expect(
      calls.begin(PendingCalls.keyOf({ method: 'get', url: '/api/wallet/sendTransfer' })),
    ).not.toBeNull();
  });

  it('never refuses an upload: two different files posted to one url both go', () => {
    const calls = new PendingCalls();
    const upload = (name: string) => {
      const data = new FormData();
      data.append('file', new Blob([name]), name);
      return PendingCalls.keyOf({ method: 'post', url: '/api/content/attachments', data });
    };
    const [a, b] = [upload('a.png'), upload('b.png')];
    expect(a).not.toBe(b);
    expect(calls.begin(a)).not.toBeNull();
    expect(calls.begin(b)).not.toBeNull();
    const blob = () => PendingCalls.keyOf({ method: 'put', url: '/api/x', data: new Blob(['1']) });
    expect(blob()).not.toBe(blob());
  });

  it('cancels every pending call at once', () => {
    const calls = new PendingCalls();
    const a = calls.begin(key(1))!;
    const b = calls.begin(key(2))!;
    calls.cancelAll();
    expect([a.signal.aborted, b.signal.aborted]).toEqual([true, true]);
    expect(calls.begin(key(1))).not.toBeNull();
  });
});

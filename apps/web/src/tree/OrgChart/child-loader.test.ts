import { describe, expect, it } from 'vitest';
import { ChildLoader } from './child-loader';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('ChildLoader', () => {
  it('starts one load per node however often it is asked while that load runs', async () => {
    const loader = new ChildLoader(() => {});
    const first = deferred<string[]>();
    let calls = 0;
    const fetch = () => {
      calls++;
      return first.promise;
    };
    const a = loader.load('n1', fetch);
    const again = loader.load('n1', fetch);
    const other = loader.load('n2', async () => ['x']);
    expect(calls).toBe(1);
    expect(await again).toBeUndefined();
    expect(await other).toEqual(['x']);
    first.resolve(['c1', 'c2']);
    expect(await a).toEqual(['c1', 'c2']);
    expect(await loader.load('n1', async () => ['c3'])).toEqual(['c3']);
  });

  it('reports a failed load, answers nothing and lets the node be loaded again', async () => {
    const errors: unknown[] = [];
    const loader = new ChildLoader((error) => errors.push(error));
    const failure = new Error('offline');
    expect(await loader.load('n1', () => Promise.reject(failure))).toBeUndefined();
    expect(errors).toEqual([failure]);
    expect(await loader.load('n1', async () => [])).toEqual([]);
    expect(errors).toHaveLength(1);
  });
});

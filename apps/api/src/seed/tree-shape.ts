import type { Random } from './random';

/**
 * The shapes of a generated sponsor tree, as each generated member's sponsor (an index of an earlier
 * member, -1 for the first, which hangs under the seed's anchor):
 * - `random`: a uniformly chosen earlier member (a random recursive tree: depth about ln n, ~32 at 1M; many
 *   members with a 1,000–2,000-member downline). The tree benchmark's shape (`bench/tree.ts`, `bench/top.ts`).
 * - `chains`: 9 in 10 sponsors among the last 2,000 members (long chains, max depth ≈ 200 at 1M), the rest
 *   anywhere. The orders and settlement benchmarks' data.
 */
export type TreeShape = 'random' | 'chains';

/** The seed that makes `random` the tree benchmark's tree. */
export const TREE_BENCH_SEED = 1_000_003;

const RECENT_SHARE = 0.9;
const RECENT_WINDOW = 2000;

/** Sponsor of generated member i (n - 1 draws of `rng` for `random`). */
export function generateParents(n: number, rng: Random, shape: TreeShape): Int32Array {
  const parent = new Int32Array(n);
  parent[0] = -1;
  for (let i = 1; i < n; i++)
    parent[i] =
      shape === 'random'
        ? Math.floor(rng.next() * i)
        : rng.next() < RECENT_SHARE
          ? Math.max(0, i - 1 - Math.floor(rng.next() * RECENT_WINDOW))
          : Math.floor(rng.next() * i);
  return parent;
}

/** Each member's subtree size (itself included), from the parent array (parents precede children). */
export function subtreeSizes(parent: Int32Array): Int32Array {
  const size = new Int32Array(parent.length).fill(1);
  for (let i = parent.length - 1; i > 0; i--) size[parent[i]!]! += size[i]!;
  return size;
}

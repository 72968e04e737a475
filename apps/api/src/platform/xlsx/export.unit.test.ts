import { describe, expect, it } from 'vitest';
import { keysetBatches } from './export';

const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));

describe('keysetBatches', () => {
  it('reads after the last key of each batch until a short batch, one read ahead of the caller', async () => {
    const reads: (number | null)[] = [];
    const batches = keysetBatches(
      async (after: number | null, limit) => {
        reads.push(after);
        return rows.filter((r) => r.id > (after ?? 0)).slice(0, limit);
      },
      undefined,
      3,
    );
    const seen: number[][] = [];
    for await (const batch of batches) {
      seen.push(batch.map((r) => r.id));
      // The read of the next batch has started before this one is handled.
      if (batch.length === 3) expect(reads).toHaveLength(seen.length + 1);
    }
    expect(seen).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(reads).toEqual([null, 3, 6]);
  });

  it('leaves no unhandled failure behind when the caller stops while a read is in flight', async () => {
    const batches = keysetBatches(
      async (after: number | null) => {
        if (after !== null) throw new Error('connection lost');
        return rows.slice(0, 2);
      },
      undefined,
      2,
    );
    for await (const batch of batches) {
      expect(batch).toHaveLength(2);
      break;
    }
    // An unhandled rejection would fail this run.
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});

import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { keysetBatches, writeXlsx } from './export';

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

describe('writeXlsx', () => {
  it('waits for the zip to take each batch, so it never holds much of the file', async () => {
    // Text that barely compresses: the zip's output then follows what it has taken in.
    const noise = (n: number) => createHash('sha256').update(String(n)).digest('hex');
    const columns = Array.from({ length: 8 }, (_, i) => ({
      header: `c${i}`,
      value: (r: number) => noise(r * 8 + i),
    }));
    async function* batches() {
      for (let b = 0; b < 20; b++) yield Array.from({ length: 1000 }, (_, i) => b * 1000 + i);
    }
    let bytes = 0;
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });
    let beforeCommit = 0;
    const written = await writeXlsx(out, columns, batches(), {
      onBatch: async () => {
        beforeCommit = bytes;
      },
    });
    expect(written).toBe(20_000);
    // ~11 MB of sheet XML, ~6 MB zipped: all but the last megabyte or so was out before the end.
    expect(bytes).toBeGreaterThan(4e6);
    expect(bytes - beforeCommit).toBeLessThan(1.5e6);
  });
});

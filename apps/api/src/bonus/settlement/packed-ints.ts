import { type SQL, sql } from 'drizzle-orm';

/**
 * An integer column of every row packed into one bytea, 4 big-endian bytes per row: a month's million
 * orders, members or payouts arrive as a few byte strings instead of a million row objects or parsed text
 * arrays (either costs more than the engine). Every aggregate of one query sees the rows in the same order.
 */
export const packedInts = (column: SQL) => sql`string_agg(int4send(${column}), '')`;

export type PackedInts<K extends string> = { [key in K]: Uint8Array | null };

/** The integers of a `packedInts` column (none when no rows). */
export function int32s(bytes: Uint8Array | null | undefined): Int32Array {
  const out = new Int32Array((bytes?.byteLength ?? 0) >> 2);
  if (!bytes) return out;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt32(i * 4);
  return out;
}

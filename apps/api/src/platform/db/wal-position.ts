/**
 * A position in PostgreSQL's write-ahead log (a pg_lsn such as '16/B374D848') as its byte offset, so two
 * positions compare with < and >.
 */
export type WalPosition = bigint;

const LSN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** The position of a pg_lsn text; null for null or anything else. */
export function parseWalPosition(text: string | null | undefined): WalPosition | null {
  const parts = LSN.exec(text ?? '');
  return parts ? (BigInt(`0x${parts[1]}`) << 32n) + BigInt(`0x${parts[2]}`) : null;
}

/** The pg_lsn text of a position. */
export function formatWalPosition(position: WalPosition): string {
  const hex = (n: bigint) => n.toString(16).toUpperCase();
  return `${hex(position >> 32n)}/${hex(position & 0xffffffffn)}`;
}

/** The later of two positions (null counts as the earliest). */
export function laterPosition(a: WalPosition | null, b: WalPosition | null): WalPosition | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

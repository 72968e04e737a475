import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Text as a field of COPY's text format: null as \N, the format's special characters escaped. */
export const copyText = (value: string | null): string =>
  value === null ? '\\N' : SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (c) => ESCAPES[c]!) : value;

/** A number as a field of COPY's text format (null as \N). */
export const copyNumber = (value: number | null): string => (value === null ? '\\N' : String(value));

/** Lines of COPY text sent per write. */
const LINES_PER_WRITE = 1_000;

/**
 * Inserts rows by `COPY table (columns) FROM STDIN` (PostgreSQL writes them a page at a time: one WAL record per
 * page, no statement per row); `line(i)` is the i-th of `count` rows as tab-separated fields (copyText,
 * copyNumber).
 */
export async function copyRows(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  count: number,
  line: (i: number) => string,
): Promise<void> {
  function* writes() {
    for (let i = 0; i < count; i += LINES_PER_WRITE) {
      let text = '';
      for (let j = i; j < Math.min(count, i + LINES_PER_WRITE); j++) text += `${line(j)}\n`;
      yield text;
    }
  }
  await pipeline(
    Readable.from(writes()),
    client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`)),
  );
}

/** `count` new values of a sequence, rising (other transactions may draw values between them). */
export async function drawIds(client: pg.ClientBase, sequence: string, count: number): Promise<number[]> {
  const { rows } = await client.query<{ ids: string }>(
    `select string_agg(nextval($1::regclass)::text, ',') as ids from generate_series(1, $2::int)`,
    [sequence, count],
  );
  return rows[0]!.ids.split(',').map(Number);
}

import type { Paged, PageQuery } from '@app/contracts';
import { type Column, ilike, or, type SQL } from 'drizzle-orm';

/** LIMIT/OFFSET of one page. */
export const pageWindow = (q: PageQuery) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

export const paged = <T>(list: T[], total: number, q: PageQuery): Paged<T> => ({
  list,
  meta: { total, page: q.page, pageSize: q.pageSize },
});

/** Case-insensitive "contains" over several columns; undefined (no filter) for a blank keyword. */
export function keywordFilter(keyword: string | undefined, columns: Array<Column | SQL>): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = containsPattern(keyword);
  return or(...columns.map((column) => ilike(column, pattern)));
}

const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of "contains `text`" (its own %, _ and \\ taken literally). */
export const containsPattern = (text: string) => `%${literal(text)}%`;

/** The LIKE pattern of "starts with `text`" (its own %, _ and \\ taken literally). */
export const startsWithPattern = (text: string) => `${literal(text)}%`;

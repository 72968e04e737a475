import type { Locale, Paged, PageQuery } from '@app/contracts';
import { desc, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../platform/db/paging';
import { contentAttachments, contentItems } from './content.schema';

/**
 * Case-insensitive "contains" over the title; undefined for a blank keyword. With a locale, over the title
 * as that reader sees it (their language, English when that translation is empty); without one (admins
 * managing content), over every language.
 */
export function titleMatches(keyword: string | undefined, locale?: Locale): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = containsPattern(keyword);
  const t = contentItems.title;
  const searched = locale
    ? sql`coalesce(nullif(${t}->>${locale}::text, ''), ${t}->>'en-US')`
    : sql`concat_ws(' ', ${t}->>'en-US', ${t}->>'zh-HK', ${t}->>'zh-CN')`;
  return sql`${searched} ilike ${pattern}`;
}

/** LIMIT/OFFSET of one page and the list envelope. */
export const pageWindow = (q: PageQuery) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
export const paged = <T>(list: T[], total: number, q: PageQuery): Paged<T> => ({
  list,
  meta: { total, page: q.page, pageSize: q.pageSize },
});

/** Pinned first, then the newest publish time. */
export const feedOrder = [desc(contentItems.pinned), desc(contentItems.publishAt), desc(contentItems.id)];

export const attachmentCount =
  sql<number>`(select count(*) from ${contentAttachments} where ${contentAttachments.itemId} = ${contentItems.id})`.mapWith(
    Number,
  );

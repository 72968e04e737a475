import type {
  ContentMemberItem,
  ContentMemberQuery,
  ContentMemberRow,
  Locale,
  LocalizedText,
  Paged,
  UnreadCount,
} from '@app/contracts';
import { and, count, eq, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AccountCaller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { notFound } from '../platform/http/errors';
import { attachmentsOf } from './attachments';
import { attachmentCount, feedOrder, paged, pageWindow, titleMatches } from './content.queries';
import { contentItems, contentReads } from './content.schema';

/** Published, already due, and meant for the member's level (or for everyone); admins see every audience. */
export const visibleTo = (reader: AccountCaller): SQL =>
  and(
    eq(contentItems.published, true),
    lte(contentItems.publishAt, sql`now()`),
    reader.isAdmin
      ? undefined
      : or(
          sql`cardinality(${contentItems.audienceLevelIds}) = 0`,
          sql`${reader.levelId} = any(${contentItems.audienceLevelIds})`,
        ),
  )!;

/** The member's language, or English when that translation is empty (titleMatches searches the same). */
const inLocale = (text: LocalizedText, locale: Locale) => text[locale] || text['en-US'];

const readJoin = (member: AccountCaller) =>
  and(eq(contentReads.itemId, contentItems.id), eq(contentReads.userId, member.id));

export async function memberFeed(
  db: DbOrTx,
  member: AccountCaller,
  locale: Locale,
  q: ContentMemberQuery,
): Promise<Paged<ContentMemberRow>> {
  const where = and(
    visibleTo(member),
    q.kind ? eq(contentItems.kind, q.kind) : undefined,
    titleMatches(q.keyword, locale),
  );
  const rows = await db
    .select({
      item: contentItems,
      read: isNotNull(contentReads.readAt),
      attachments: attachmentCount,
    })
    .from(contentItems)
    .leftJoin(contentReads, readJoin(member))
    .where(where)
    .orderBy(...feedOrder)
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  const [total] = await db.select({ n: count() }).from(contentItems).where(where);
  const list = rows.map(({ item, read, attachments }) => ({
    id: item.id,
    kind: item.kind,
    title: inLocale(item.title, locale),
    pinned: item.pinned,
    publish_at: item.publishAt.toISOString(),
    read: Boolean(read),
    attachment_count: attachments,
  }));
  return paged(list, total?.n ?? 0, q);
}

/** Opens one item for reading and marks it read. */
export async function readItem(
  db: DbOrTx,
  member: AccountCaller,
  locale: Locale,
  id: number,
): Promise<ContentMemberItem> {
  const [item] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, id), visibleTo(member)));
  if (!item) throw notFound('content.notFound');
  await db.insert(contentReads).values({ itemId: id, userId: member.id }).onConflictDoNothing();
  return {
    id: item.id,
    kind: item.kind,
    title: inLocale(item.title, locale),
    body: inLocale(item.body, locale),
    pinned: item.pinned,
    publish_at: item.publishAt.toISOString(),
    read: true,
    attachments: await attachmentsOf(db, id),
  };
}

export async function unreadCount(db: DbOrTx, member: AccountCaller): Promise<UnreadCount> {
  const rows = await db
    .select({ kind: contentItems.kind, n: count() })
    .from(contentItems)
    .leftJoin(contentReads, readJoin(member))
    .where(and(visibleTo(member), isNull(contentReads.itemId)))
    .groupBy(contentItems.kind);
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.n ?? 0;
  return {
    total: of('announcement') + of('article'),
    announcement: of('announcement'),
    article: of('article'),
  };
}

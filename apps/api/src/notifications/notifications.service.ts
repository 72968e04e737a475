import {
  hasPermission,
  type Locale,
  type LocalizedText,
  type MarkReadBody,
  type NotificationItem,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationSummary,
  type Paged,
  Perm,
} from '@app/contracts';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { contentItems, contentReads } from '../content/content.schema';
import { visibleTo } from '../content/member-feed';
import type { AccountCaller } from '../platform/caller';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { pageWindow } from '../platform/db/paging';
import { notificationText } from './notification-text';
import { type NotificationParams, notifications } from './notifications.schema';
import { titleKey } from './notify';
import { waitingFor } from './waiting';

/** Items the bell's panel shows. */
const LATEST = 8;

/**
 * Announcements count as notifications for the members who have the announcements page (the programmes
 * permission, as the menu); administrators write them.
 */
const readsAnnouncements = (reader: AccountCaller) =>
  !reader.isAdmin && hasPermission(reader.roleIds, Perm.programmes);

const announcementsOf = (reader: AccountCaller, unreadOnly: boolean): SQL | null =>
  !readsAnnouncements(reader)
    ? null
    : sql`select 'a' || ${contentItems.id} as id, 'announcement' as kind, ${contentItems.title} as params,
        '/user-annoucement/list' as link, ${contentReads.itemId} is not null as read,
        ${contentItems.publishAt} as created_at, null::bigint as payout_id, ${contentItems.id}::bigint as num
      from ${contentItems} left join ${contentReads}
        on ${contentReads.itemId} = ${contentItems.id} and ${contentReads.userId} = ${reader.id}
      where ${visibleTo(reader)} and ${contentItems.kind} = 'announcement'
        ${unreadOnly ? sql`and ${contentReads.itemId} is null` : sql``}`;

/** The caller's notifications and (members) announcements, newest first. */
function feed(reader: AccountCaller, unreadOnly: boolean): SQL {
  const own = sql`select 'n' || id as id, kind, params, link, read_at is not null as read, created_at,
      (params->>'payout_id')::bigint as payout_id, id as num
    from notifications where user_id = ${reader.id} ${unreadOnly ? sql`and read_at is null` : sql``}`;
  const announcements = announcementsOf(reader, unreadOnly);
  return announcements ? sql`${own} union all ${announcements}` : own;
}

interface FeedRow extends Record<string, unknown> {
  id: string;
  kind: NotificationKind;
  params: NotificationParams | LocalizedText;
  link: string | null;
  read: boolean;
  created_at: string | Date;
  payout_id: string | number | null;
}

function toItem(row: FeedRow, locale: Locale): NotificationItem {
  const title =
    row.kind === 'announcement'
      ? (row.params as LocalizedText)[locale] || (row.params as LocalizedText)['en-US']
      : notificationText(
          titleKey(row.kind, row.params as NotificationParams),
          row.params as NotificationParams,
          locale,
        );
  return {
    id: row.id,
    kind: row.kind,
    title,
    link: row.link,
    payout_id: row.payout_id === null ? null : Number(row.payout_id),
    read: row.read,
    created_at: new Date(row.created_at).toISOString(),
  };
}

async function queryPage(
  db: DbOrTx,
  reader: AccountCaller,
  locale: Locale,
  unreadOnly: boolean,
  limit: number,
  offset: number,
): Promise<NotificationItem[]> {
  const rows = await queryRows<FeedRow>(
    db,
    sql`select * from (${feed(reader, unreadOnly)}) f
      order by created_at desc, num desc limit ${limit} offset ${offset}`,
  );
  return rows.map((row) => toItem(row, locale));
}

async function countOf(db: DbOrTx, reader: AccountCaller, unreadOnly: boolean): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${feed(reader, unreadOnly)}) f`,
  );
  return row?.n ?? 0;
}

export async function listNotifications(
  db: DbOrTx,
  reader: AccountCaller,
  locale: Locale,
  q: NotificationListQuery,
): Promise<Paged<NotificationItem>> {
  const unreadOnly = q.unread === '1';
  const { limit, offset } = pageWindow(q);
  const [list, total] = await Promise.all([
    queryPage(db, reader, locale, unreadOnly, limit, offset),
    countOf(db, reader, unreadOnly),
  ]);
  return { list, meta: { total, page: q.page, pageSize: q.pageSize } };
}

/** What the bell counts and its panel shows, from one reading: the badge is exactly the panel's figures. */
export async function notificationSummary(
  db: DbOrTx,
  reader: AccountCaller,
  locale: Locale,
): Promise<NotificationSummary> {
  const [unread, waiting, latest] = await Promise.all([
    countOf(db, reader, true),
    waitingFor(db, reader, locale),
    queryPage(db, reader, locale, false, LATEST, 0),
  ]);
  return { count: unread + waiting.reduce((sum, w) => sum + w.count, 0), unread, waiting, latest };
}

/** Marks the given notifications of the caller read, or all of them (announcements too) without `ids`. */
export async function markRead(db: DbOrTx, reader: AccountCaller, body: MarkReadBody): Promise<void> {
  const ids = body.ids;
  const stored = ids?.filter((id) => id.startsWith('n')).map((id) => Number(id.slice(1)));
  const announced = ids?.filter((id) => id.startsWith('a')).map((id) => Number(id.slice(1)));
  if (!stored || stored.length > 0)
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, reader.id),
          isNull(notifications.readAt),
          stored ? inArray(notifications.id, stored) : undefined,
        ),
      );
  if (!readsAnnouncements(reader) || announced?.length === 0) return;
  const only = announced ? sql`and ${contentItems.id} in (${sql.join(announced, sql`, `)})` : sql``;
  await queryRows(
    db,
    sql`insert into ${contentReads} (item_id, user_id)
      select ${contentItems.id}, ${reader.id}::int from ${contentItems}
      where ${visibleTo(reader)} and ${contentItems.kind} = 'announcement' ${only}
      on conflict do nothing`,
  );
}

import type {
  AttachmentView,
  AuditAction,
  ContentAdminItem,
  ContentAdminQuery,
  ContentAdminRow,
  ContentInput,
  ContentStatus,
  LocalizedText,
  Paged,
} from '@app/contracts';
import type { MultipartFile } from '@fastify/multipart';
import { and, count, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { levels } from '../members/members.schema';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { fieldError, notFound } from '../platform/http/errors';
import { attachmentsOf, linkAttachments, storeUpload } from './attachments';
import { attachmentCount, feedOrder, paged, pageWindow, titleMatches } from './content.queries';
import { type ContentItemRow, contentItems, contentReads } from './content.schema';
import { isBlankRichText, sanitizeRichText } from './rich-text';

const STATUS_FILTER: Record<ContentStatus, SQL> = {
  draft: eq(contentItems.published, false),
  scheduled: and(eq(contentItems.published, true), gt(contentItems.publishAt, sql`now()`))!,
  published: and(eq(contentItems.published, true), lte(contentItems.publishAt, sql`now()`))!,
};

const statusOf = (row: ContentItemRow): ContentStatus =>
  !row.published ? 'draft' : row.publishAt > new Date() ? 'scheduled' : 'published';

const readCount =
  sql<number>`(select count(*) from ${contentReads} where ${contentReads.itemId} = ${contentItems.id})`.mapWith(
    Number,
  );

function adminRow(row: ContentItemRow, reads: number) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    status: statusOf(row),
    published: row.published,
    pinned: row.pinned,
    publish_at: row.publishAt.toISOString(),
    audience_level_ids: row.audienceLevelIds,
    read_count: reads,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listContent(db: DbOrTx, q: ContentAdminQuery): Promise<Paged<ContentAdminRow>> {
  const where = and(
    q.kind ? eq(contentItems.kind, q.kind) : undefined,
    q.status ? STATUS_FILTER[q.status] : undefined,
    titleMatches(q.keyword),
  );
  const rows = await db
    .select({ item: contentItems, attachments: attachmentCount, reads: readCount })
    .from(contentItems)
    .where(where)
    .orderBy(...feedOrder)
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  const [total] = await db.select({ n: count() }).from(contentItems).where(where);
  const list = rows.map((r) => ({ ...adminRow(r.item, r.reads), attachment_count: r.attachments }));
  return paged(list, total?.n ?? 0, q);
}

export async function viewContent(db: DbOrTx, id: number): Promise<ContentAdminItem> {
  const [row] = await db
    .select({ item: contentItems, reads: readCount })
    .from(contentItems)
    .where(eq(contentItems.id, id));
  if (!row) throw notFound('content.notFound');
  return { ...adminRow(row.item, row.reads), body: row.item.body, attachments: await attachmentsOf(db, id) };
}

/** Sanitises every language's body; the English one must show something. */
function cleanBody(body: LocalizedText): LocalizedText {
  const clean = (html: string) => {
    const safe = sanitizeRichText(html);
    return isBlankRichText(safe) ? '' : safe;
  };
  const result = {
    'en-US': clean(body['en-US']),
    'zh-HK': clean(body['zh-HK']),
    'zh-CN': clean(body['zh-CN']),
  };
  if (!result['en-US']) throw fieldError('body.en-US', 'content.bodyEmpty');
  return result;
}

async function checkedAudience(db: DbOrTx, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return unique;
  const found = await db.select({ id: levels.id }).from(levels).where(inArray(levels.id, unique));
  if (found.length !== unique.length) throw fieldError('audience_level_ids', 'content.levelNotFound');
  return unique;
}

async function columnsOf(db: DbOrTx, input: ContentInput) {
  return {
    kind: input.kind,
    title: input.title,
    body: cleanBody(input.body),
    audienceLevelIds: await checkedAudience(db, input.audience_level_ids),
    published: input.published,
    pinned: input.pinned,
  };
}

export async function createContent(
  db: DbOrTx,
  input: ContentInput,
  actorId: number | null,
): Promise<number> {
  const [row] = await db
    .insert(contentItems)
    .values({
      ...(await columnsOf(db, input)),
      publishAt: input.publish_at ? new Date(input.publish_at) : new Date(),
      createdBy: actorId,
    })
    .returning({ id: contentItems.id });
  await linkAttachments(db, row!.id, input.attachment_ids);
  return row!.id;
}

/** Replaces the item's fields and attachments; an omitted publish time keeps the current one. */
export async function updateContent(db: DbOrTx, id: number, input: ContentInput): Promise<void> {
  const changes = {
    ...(await columnsOf(db, input)),
    ...(input.publish_at ? { publishAt: new Date(input.publish_at) } : {}),
    updatedAt: new Date(),
  };
  const updated = await db
    .update(contentItems)
    .set(changes)
    .where(eq(contentItems.id, id))
    .returning({ id: contentItems.id });
  if (updated.length === 0) throw notFound('content.notFound');
  await linkAttachments(db, id, input.attachment_ids);
}

/**
 * Publishing a draft dates it now unless it was scheduled ahead (its publish time,
 * often just the creation default, is in the past); an item already published keeps its time.
 */
const publishedNow = {
  publishAt: sql`case when ${contentItems.published} then ${contentItems.publishAt}
    else greatest(${contentItems.publishAt}, now()) end`,
};

/** Sets the published or pinned flag. */
export async function setContentFlag(
  db: DbOrTx,
  id: number,
  flag: { published: boolean } | { pinned: boolean },
): Promise<void> {
  const publishing = 'published' in flag && flag.published;
  const updated = await db
    .update(contentItems)
    .set({ ...flag, ...(publishing ? publishedNow : {}), updatedAt: new Date() })
    .where(eq(contentItems.id, id))
    .returning({ id: contentItems.id });
  if (updated.length === 0) throw notFound('content.notFound');
}

/** Deletes the item with its attachments and read marks. */
export async function removeContent(db: DbOrTx, id: number): Promise<void> {
  const deleted = await db
    .delete(contentItems)
    .where(eq(contentItems.id, id))
    .returning({ id: contentItems.id });
  if (deleted.length === 0) throw notFound('content.notFound');
}

/* The changes an administrator makes through the API, each audited in the caller's transaction. */

/** Runs one change on an item and audits its views before and after. */
async function audited(
  db: DbOrTx,
  actor: Caller,
  action: AuditAction,
  id: number,
  change: () => Promise<void>,
): Promise<ContentAdminItem> {
  const before = await viewContent(db, id);
  await change();
  const after = await viewContent(db, id);
  await audit(db, actor, { action, entity: 'content', entityId: id, before, after });
  return after;
}

export async function addContent(db: DbOrTx, actor: Caller, input: ContentInput): Promise<ContentAdminItem> {
  const id = await createContent(db, input, actor.id);
  const after = await viewContent(db, id);
  await audit(db, actor, { action: 'create', entity: 'content', entityId: id, after });
  return after;
}

export const editContent = (db: DbOrTx, actor: Caller, id: number, input: ContentInput) =>
  audited(db, actor, 'update', id, () => updateContent(db, id, input));

/** Publishes / unpublishes ('publish') or pins / unpins ('pin'). */
export const flagContent = (
  db: DbOrTx,
  actor: Caller,
  action: 'publish' | 'pin',
  id: number,
  flag: { published: boolean } | { pinned: boolean },
) => audited(db, actor, action, id, () => setContentFlag(db, id, flag));

export async function deleteContent(db: DbOrTx, actor: Caller, id: number): Promise<void> {
  const before = await viewContent(db, id);
  await removeContent(db, id);
  await audit(db, actor, { action: 'delete', entity: 'content', entityId: id, before });
}

/** Stores an uploaded attachment (`storeUpload`), audited. */
export async function uploadAttachment(
  db: DbOrTx,
  actor: Caller,
  file: MultipartFile | undefined,
  uploadedBy: number,
): Promise<AttachmentView> {
  const view = await storeUpload(db, file, uploadedBy);
  await audit(db, actor, { action: 'upload', entity: 'content_attachment', entityId: view.id, after: view });
  return view;
}

import { and, eq } from 'drizzle-orm';
import type { AccountCaller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { notFound } from '../platform/http/errors';
import { contentAttachments, contentItems } from './content.schema';
import { visibleTo } from './member-feed';

/** An attachment to download: admins any, members only those of items they can see. */
export async function findAttachment(db: DbOrTx, user: AccountCaller, id: number) {
  const [file] = await db
    .select({
      name: contentAttachments.name,
      mimeType: contentAttachments.mimeType,
      data: contentAttachments.data,
    })
    .from(contentAttachments)
    .leftJoin(contentItems, eq(contentItems.id, contentAttachments.itemId))
    .where(and(eq(contentAttachments.id, id), user.isAdmin ? undefined : visibleTo(user)));
  if (!file) throw notFound('content.attachmentNotFound');
  return file;
}

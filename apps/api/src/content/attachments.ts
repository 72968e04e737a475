import { type AttachmentView, CONTENT_LIMITS } from '@app/contracts';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { fieldError } from '../platform/http/errors';
import { refuseUnstorableText } from '../platform/http/storable-text';
import { contentAttachments } from './content.schema';
import { sniffAttachmentType } from './file-sniff';

const viewColumns = {
  id: contentAttachments.id,
  name: contentAttachments.name,
  mime_type: contentAttachments.mimeType,
  size: contentAttachments.size,
};

/** Reads one uploaded file, checks its size and real type, and stores it unlinked. */
export async function storeUpload(
  db: DbOrTx,
  file: MultipartFile | undefined,
  uploadedBy: number,
): Promise<AttachmentView> {
  if (!file) throw fieldError('file', 'validation.required');
  refuseUnstorableText({ file: file.filename });
  const data = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', 'content.attachmentTooLarge');
    throw error;
  });
  if (data.length === 0) throw fieldError('file', 'validation.required');
  if (data.length > CONTENT_LIMITS.attachmentMaxBytes) throw fieldError('file', 'content.attachmentTooLarge');
  const mimeType = sniffAttachmentType(data);
  if (!mimeType) throw fieldError('file', 'content.attachmentType');
  await removeStaleUploads(db);
  const name = file.filename.split(/[\\/]/).pop()?.trim().slice(-200) || 'attachment';
  const [row] = await db
    .insert(contentAttachments)
    .values({ name, mimeType, size: data.length, data, uploadedBy })
    .returning(viewColumns);
  return row!;
}

/** Uploads never saved with an item are dropped after a day. */
function removeStaleUploads(db: DbOrTx) {
  return db
    .delete(contentAttachments)
    .where(
      and(isNull(contentAttachments.itemId), lt(contentAttachments.createdAt, sql`now() - interval '1 day'`)),
    );
}

export function attachmentsOf(db: DbOrTx, itemId: number): Promise<AttachmentView[]> {
  return db
    .select(viewColumns)
    .from(contentAttachments)
    .where(eq(contentAttachments.itemId, itemId))
    .orderBy(contentAttachments.id);
}

/** Makes `ids` the item's attachments: new uploads join it, ones left out are deleted. */
export async function linkAttachments(db: DbOrTx, itemId: number, ids: number[]): Promise<void> {
  await db
    .delete(contentAttachments)
    .where(
      and(
        eq(contentAttachments.itemId, itemId),
        ids.length ? notInArray(contentAttachments.id, ids) : undefined,
      ),
    );
  if (ids.length === 0) return;
  const linked = await db
    .update(contentAttachments)
    .set({ itemId })
    .where(
      and(
        inArray(contentAttachments.id, ids),
        or(isNull(contentAttachments.itemId), eq(contentAttachments.itemId, itemId)),
      ),
    )
    .returning({ id: contentAttachments.id });
  if (linked.length !== new Set(ids).size) throw fieldError('attachment_ids', 'content.attachmentNotFound');
}

import type { AttachmentType, ContentKind, LocalizedText } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../members/members.schema';
import { bytea } from '../platform/db/bytea';

/** Announcements and Information Center articles; `audience_level_ids` empty = every member. */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ContentKind>().notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** Sanitised HTML per language. */
    body: jsonb('body').$type<LocalizedText>().notNull(),
    audienceLevelIds: integer('audience_level_ids').array().notNull().default(sql`'{}'`),
    published: boolean('published').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_items_feed_idx').on(t.kind, t.published, t.pinned, t.publishAt)],
);

/** Uploaded files, kept in the database; `item_id` is null until an item is saved with them. */
export const contentAttachments = pgTable(
  'content_attachments',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id').references(() => contentItems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').$type<AttachmentType>().notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_attachments_item_idx').on(t.itemId)],
);

/** Which member has read which item. */
export const contentReads = pgTable(
  'content_reads',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('content_reads_user_idx').on(t.userId)],
);

export type ContentItemRow = typeof contentItems.$inferSelect;

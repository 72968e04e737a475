import { z } from 'zod';
import { pageQuery } from '../envelope';
import { requiredText } from '../fields';
import { serialIdList } from '../integers';
import type { Locale } from '../locales';
import type { LevelRef } from './auth';

/**
 * Announcements and Information Center articles (one model, told apart by `kind`):
 * localized title and rich-text body, audience by level, publish time, pin, attachments.
 */
export const CONTENT_KINDS = ['announcement', 'article'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** draft = not published; scheduled = published with a publish time still ahead. */
export const CONTENT_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Text in the three languages; zh-HK and zh-CN fall back to en-US when empty. */
export type LocalizedText = Record<Locale, string>;

export const CONTENT_LIMITS = {
  titleMax: 200,
  bodyMax: 100_000,
  attachmentsMax: 10,
  attachmentMaxBytes: 5 * 1024 * 1024,
} as const;

/** Attachment types accepted, recognised by their content (not by name or declared type). */
export const ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

const localized = (max: number) =>
  z.object(
    {
      'en-US': requiredText(max),
      'zh-HK': z.string().trim().max(max, 'validation.tooLong').default(''),
      'zh-CN': z.string().trim().max(max, 'validation.tooLong').default(''),
    },
    { message: 'validation.required' },
  );

const kind = z.enum(CONTENT_KINDS, { message: 'validation.choice' });
export const contentBody = z.object({
  kind,
  title: localized(CONTENT_LIMITS.titleMax),
  /** Rich text (HTML); the server keeps only an allow-list of tags and attributes. */
  body: localized(CONTENT_LIMITS.bodyMax),
  /** Level ids that see the item; empty = all members. */
  audience_level_ids: serialIdList(20).default([]),
  /** ISO time from which members see it; omitted or null = now. */
  publish_at: z.iso.datetime({ offset: true, message: 'validation.date' }).nullish(),
  published: z.boolean({ message: 'validation.boolean' }).default(false),
  pinned: z.boolean({ message: 'validation.boolean' }).default(false),
  attachment_ids: serialIdList(CONTENT_LIMITS.attachmentsMax).default([]),
});
export type ContentBody = z.input<typeof contentBody>;
export type ContentInput = z.output<typeof contentBody>;

export const publishBody = z.object({ published: z.boolean({ message: 'validation.boolean' }) });
export const pinBody = z.object({ pinned: z.boolean({ message: 'validation.boolean' }) });

const keyword = z.string().trim().max(100, 'validation.tooLong').optional();

/** Admin list: every item, filtered by keyword (any language's title), kind and status. */
export const contentAdminQuery = pageQuery.extend({
  keyword,
  kind: kind.optional(),
  status: z.enum(CONTENT_STATUSES, { message: 'validation.choice' }).optional(),
});
export type ContentAdminQuery = z.infer<typeof contentAdminQuery>;

/** Member list: what the caller may see, pinned first then newest. */
export const contentMemberQuery = pageQuery.extend({ keyword, kind: kind.optional() });
export type ContentMemberQuery = z.infer<typeof contentMemberQuery>;

export interface AttachmentView {
  id: number;
  name: string;
  mime_type: AttachmentType;
  size: number;
}

/** One row of the admin table. */
export interface ContentAdminRow {
  id: number;
  kind: ContentKind;
  title: LocalizedText;
  status: ContentStatus;
  published: boolean;
  pinned: boolean;
  publish_at: string;
  audience_level_ids: number[];
  attachment_count: number;
  read_count: number;
  created_at: string;
  updated_at: string;
}

/** The admin's edit form: everything in every language. */
export interface ContentAdminItem extends Omit<ContentAdminRow, 'attachment_count'> {
  body: LocalizedText;
  attachments: AttachmentView[];
}

/** A member's list row, in the request's language. */
export interface ContentMemberRow {
  id: number;
  kind: ContentKind;
  title: string;
  pinned: boolean;
  publish_at: string;
  read: boolean;
  attachment_count: number;
}

export interface ContentMemberItem extends Omit<ContentMemberRow, 'attachment_count'> {
  /** Sanitised HTML. */
  body: string;
  attachments: AttachmentView[];
}

/** Unread items per kind for the navbar badge. */
export interface UnreadCount {
  total: number;
  announcement: number;
  article: number;
}

/** `GET /api/common/config`: public settings for any signed-in user. */
export interface PublicConfig {
  site_name: string;
  shop_url: string;
  locales: readonly Locale[];
  default_locale: Locale;
  /** Member levels with names in the request's language. */
  levels: LevelRef[];
}

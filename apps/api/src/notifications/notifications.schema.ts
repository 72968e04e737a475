import type { Locale, MailKind, StoredNotificationKind } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.schema';

/** A notification's figures, interpolated into its kind's title when read (messages/notifications.ts). */
export type NotificationParams = Record<string, string | number>;

/**
 * What happened to a person, written in the transaction of the event it reports (docs/product/notifications.md):
 * a payout run writes one row per member it paid, set-based. Announcements are not copied here (read from content).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StoredNotificationKind>().notNull(),
    params: jsonb('params').$type<NotificationParams>().notNull(),
    /** Where it belongs in the web app (a path), or null. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The bell's unread count: an index-only count of the member's unread rows.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A person's e-mail choices and the language of their mail; no row = the defaults of DEFAULT_MAIL_KINDS, en-US. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  locale: text('locale').$type<Locale>().notNull().default('en-US'),
  mailKinds: text('mail_kinds').array().$type<MailKind[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * E-mails to send, written in the transaction of their event and sent by the outbox sender
 * (outbox-sender.ts; docs/operations.md, "E-mail outbox"): pending → sending (claimed by one sender) → sent, or
 * back to pending with a later `next_attempt_at` after a failure, failed after the last attempt.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    /** The message key of the subject (and first line), with its parameters. */
    subjectKey: text('subject_key').notNull(),
    params: jsonb('params').$type<NotificationParams>().notNull(),
    link: text('link'),
    /** pending | sending | sent | failed */
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_sending_idx').on(t.claimedAt).where(sql`${t.status} = 'sending'`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;

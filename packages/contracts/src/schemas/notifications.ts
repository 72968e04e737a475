import { z } from 'zod';
import { pageQuery } from '../envelope';
import { LOCALES, type Locale } from '../locales';

/**
 * Notifications (docs/product/notifications.md). Stored kinds are rows written in the transaction of the event
 * they report; announcements are read from the content domain; the administrators' waiting kinds are live counts.
 */
export const STORED_NOTIFICATION_KINDS = [
  'payout_credited',
  'payouts_released',
  'withdrawal_status',
  'transfer_received',
  'recharge_completed',
  'job_failed',
] as const;
export type StoredNotificationKind = (typeof STORED_NOTIFICATION_KINDS)[number];

export type NotificationKind = StoredNotificationKind | 'announcement';

/** Work waiting for an administrator, counted live from its table (one line each in the panel). */
export const WAITING_KINDS = ['withdrawal_waiting', 'recharge_waiting', 'settlement_waiting'] as const;
export type WaitingKind = (typeof WAITING_KINDS)[number];

/** What each kind of person may receive by e-mail, in the order the preferences list them. */
export const MEMBER_MAIL_KINDS = [
  'payout_credited',
  'payouts_released',
  'withdrawal_status',
  'transfer_received',
  'recharge_completed',
] as const;
export const ADMIN_MAIL_KINDS = [
  'withdrawal_waiting',
  'recharge_waiting',
  'settlement_waiting',
  'job_failed',
] as const;
export type MailKind = (typeof MEMBER_MAIL_KINDS)[number] | (typeof ADMIN_MAIL_KINDS)[number];

/** E-mail on by default: a member's money events; an administrator's approvals and failed jobs, not every application. */
export const DEFAULT_MAIL_KINDS: { member: readonly MailKind[]; admin: readonly MailKind[] } = {
  member: MEMBER_MAIL_KINDS,
  admin: ['settlement_waiting', 'job_failed'],
};

export const mailKindsOf = (isAdmin: boolean): readonly MailKind[] =>
  isAdmin ? ADMIN_MAIL_KINDS : MEMBER_MAIL_KINDS;

/** One line of the bell's panel or of the notifications page: `id` is `n<number>` (stored) or `a<number>` (announcement). */
export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  /** In the request's language. */
  title: string;
  /** Where it belongs in the app (a path of the web app), or null. */
  link: string | null;
  /** A bonus payout to explain ("Explain this payout"), for a payout notification that credited exactly one. */
  payout_id: number | null;
  read: boolean;
  created_at: string;
}

export interface WaitingItem {
  kind: WaitingKind;
  count: number;
  title: string;
  link: string;
}

/** What the bell shows and its panel opens: `count` = `unread` + every waiting count. */
export interface NotificationSummary {
  count: number;
  unread: number;
  waiting: WaitingItem[];
  latest: NotificationItem[];
}

export const notificationListQuery = pageQuery.extend({
  unread: z.enum(['1', '0']).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

const notificationId = z.string().regex(/^[na]\d{1,18}$/, 'validation.invalid');

/** Marks these read; no `ids` marks every notification of the caller read. */
export const markReadBody = z.object({
  ids: z.array(notificationId).max(1000).optional(),
});
export type MarkReadBody = z.input<typeof markReadBody>;

export interface MailPreference {
  kind: MailKind;
  email: boolean;
}

export interface NotificationPreferences {
  /** False when the server sends no e-mail (no SMTP_URL): the page says so and nothing is mailed. */
  mail_enabled: boolean;
  /** The address mail goes to (null: the account has none, so nothing is mailed). */
  email: string | null;
  /** The language of the e-mails. */
  locale: Locale;
  kinds: MailPreference[];
}

export const preferencesBody = z.object({
  locale: z.enum(LOCALES, { message: 'validation.choice' }),
  email_kinds: z
    .array(z.enum([...MEMBER_MAIL_KINDS, ...ADMIN_MAIL_KINDS], { message: 'validation.choice' }))
    .max(20),
});
export type PreferencesBody = z.input<typeof preferencesBody>;

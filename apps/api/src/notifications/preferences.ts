import {
  DEFAULT_MAIL_KINDS,
  type Locale,
  type MailKind,
  mailKindsOf,
  type NotificationPreferences,
  type PreferencesBody,
} from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { users } from '../members/members.schema';
import type { AccountCaller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { fieldError } from '../platform/http/errors';
import { notificationPreferences } from './notifications.schema';
import { mailIsOn } from './notify';

/** The caller's e-mail choices (their own, else their kind's defaults) and the language of their mail. */
export async function preferencesOf(db: DbOrTx, caller: AccountCaller): Promise<NotificationPreferences> {
  const [row] = await db
    .select({
      email: users.email,
      locale: notificationPreferences.locale,
      kinds: notificationPreferences.mailKinds,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, caller.id));
  const chosen = new Set<MailKind>(row?.kinds ?? DEFAULT_MAIL_KINDS[caller.isAdmin ? 'admin' : 'member']);
  return {
    mail_enabled: mailIsOn(),
    email: row?.email || null,
    locale: (row?.locale ?? 'en-US') as Locale,
    kinds: mailKindsOf(caller.isAdmin).map((kind) => ({ kind, email: chosen.has(kind) })),
  };
}

/** Saves the caller's choices; a kind their kind of account never receives is refused (422 on email_kinds). */
export async function savePreferences(
  db: DbOrTx,
  caller: AccountCaller,
  body: PreferencesBody,
): Promise<NotificationPreferences> {
  const allowed = mailKindsOf(caller.isAdmin);
  if (body.email_kinds.some((kind) => !allowed.includes(kind)))
    throw fieldError('email_kinds', 'validation.choice');
  const mailKinds = [...new Set(body.email_kinds)];
  await db
    .insert(notificationPreferences)
    .values({ userId: caller.id, locale: body.locale, mailKinds })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { locale: body.locale, mailKinds, updatedAt: sql`now()` },
    });
  return preferencesOf(db, caller);
}

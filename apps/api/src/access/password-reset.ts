import { createHash, randomBytes } from 'node:crypto';
import {
  type Locale,
  newPasswordFor,
  type PasswordResetBody,
  RESET_LINK_MINUTES,
  RESET_PAGE_PATH,
  translate,
} from '@app/contracts';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { users } from '../members/members.schema';
import { notificationPreferences } from '../notifications/notifications.schema';
import { audit } from '../platform/audit/audit';
import type { Caller, CallSource } from '../platform/caller';
import type { Db, DbOrTx } from '../platform/db/client';
import { badRequest } from '../platform/http/errors';
import type { AppContext } from '../platform/http/route';
import { parseOrThrow } from '../platform/http/validation';
import { mailHtml } from '../platform/mail/mail-html';
import type { Mailer } from '../platform/mail/mailer';
import { clearAccountFailures, countRequest } from './login-throttle';
import { passwordResets } from './password-resets.schema';
import { hashPassword } from './passwords';
import { endSessions } from './sessions';

/**
 * Reset mails asked for an account (from any address; a name that is no account counts the same), and from one
 * address (for any accounts), before further requests wait as failed sign-ins do (login-throttle.ts).
 */
export const RESET_THROTTLE = { account: 3, address: 10 } as const;

/** The link's token as the table keeps it: its SHA-256, so a read of the table opens no account. */
export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Reset by e-mail works when the server sends mail and knows the address its links open (PUBLIC_URL). */
export const resetsAvailable = (app: AppContext): boolean => Boolean(app.mailer && app.config.publicUrl);

interface Recipient {
  id: number;
  name: string;
  email: string;
  /** The language the account chose for its mail; null: none chosen. */
  locale: Locale | null;
}

/** Where a reset's mail goes and what it says: the mailer, the address of the web app, the request's language. */
export interface ResetMailing {
  mailer: Mailer;
  publicUrl: string;
  locale: Locale;
  /** Told when a mail could not be sent (the request was answered already). */
  onFailure: (error: unknown) => void;
}

/**
 * A forgotten password: the account named (by name or e-mail, in any case) is looked up and the request counted
 * under the throttle the same way whether or not it exists, and the answer is the same, so neither the answer nor
 * its time tells which names are accounts. For an enabled account with an e-mail address a link is made and mailed
 * once the request is answered; a mail that fails is told to `onFailure`, never to the requester.
 */
export async function requestReset(db: Db, typed: string, source: CallSource, mailing: ResetMailing) {
  const account = typed.toLowerCase();
  const [found] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      status: users.status,
      locale: notificationPreferences.locale,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(or(eq(sql`lower(${users.name})`, account), eq(sql`lower(${users.email})`, account)))
    .limit(1);
  const keys = {
    account: found ? `reset:user:${found.id}` : `reset:name:${account}`,
    address: `reset:ip:${source.origin ?? 'unknown'}`,
  };
  await countRequest(db, keys, RESET_THROTTLE);
  if (found?.status !== 1 || !found.email) return;
  const recipient = { ...found, email: found.email };
  setImmediate(() => mailLink(db, recipient, mailing).catch(mailing.onFailure));
}

async function mailLink(db: Db, recipient: Recipient, mailing: ResetMailing): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({ userId: recipient.id, tokenHash: resetTokenHash(token) });
  const link = `${mailing.publicUrl}${RESET_PAGE_PATH}?token=${token}`;
  const locale = recipient.locale ?? mailing.locale;
  const params = {
    name: recipient.name,
    site: translate('site.name', locale),
    minutes: RESET_LINK_MINUTES,
    link,
  };
  const text = translate('access.resetMail.body', locale, params);
  await mailing.mailer.send({
    to: recipient.email,
    subject: translate('access.resetMail.subject', locale, params),
    text,
    html: mailHtml(text),
  });
}

/** A link still open: unused, and made less than RESET_LINK_MINUTES ago. */
const openLink = (tokenHash: string) =>
  and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.createdAt, sql`now() - make_interval(mins => ${RESET_LINK_MINUTES}::int)`),
  );

/**
 * Sets the password of the link's account: the link is checked and the new password hashed before the transaction,
 * which claims the link (of two uses at once, one only), closes the account's other open links, writes the hash
 * and ends every session of the account. A link unknown, used, expired or of a disabled account is refused (400).
 */
export async function resetPassword(db: Db, body: PasswordResetBody, caller: Caller): Promise<void> {
  const tokenHash = resetTokenHash(body.token);
  const [link] = await db
    .select({ userId: users.id, isAdmin: users.isAdmin })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(openLink(tokenHash), eq(users.status, 1)));
  if (!link) throw badRequest('access.resetLinkInvalid');
  parseOrThrow(newPasswordFor(link.isAdmin), body);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(openLink(tokenHash))
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw badRequest('access.resetLinkInvalid');
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, link.userId), isNull(passwordResets.usedAt)));
    await setPassword(tx, link.userId, passwordHash, caller);
  });
  // The owner proved the mailbox: their own address's failed sign-ins are forgiven with the old password.
  await clearAccountFailures(db, link.userId);
}

/**
 * Writes the hash, ends every session of the account and audits the change. Nobody is signed in: the audit names
 * the request (its address and browser) and the account changed.
 */
async function setPassword(tx: DbOrTx, userId: number, passwordHash: string, caller: Caller) {
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  await endSessions(tx, userId);
  await audit(tx, caller, {
    action: 'update',
    entity: 'user.profile',
    entityId: userId,
    before: { passwordChanged: false, resetLink: false },
    after: { passwordChanged: true, resetLink: true },
  });
}

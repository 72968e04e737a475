import { passwordFor, type ThemeBody, type ThemeMode, type updateMeBody } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type UserRow, users } from '../members/members.schema';
import { audit } from '../platform/audit/audit';
import type { AccountCaller } from '../platform/caller';
import type { Db, DbOrTx } from '../platform/db/client';
import { conflict, fieldError, notFound } from '../platform/http/errors';
import { parseOrThrow } from '../platform/http/validation';
import { attemptKeys, checkThrottled } from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { endSessions } from './sessions';
import { userSessions } from './sessions.schema';

type MeChange = z.output<typeof updateMeBody>;

const profileFields = (u: Partial<UserRow>) => ({
  displayName: u.displayName,
  phone: u.phone,
  avatar: u.avatar,
});
const bankFields = (u: Partial<UserRow>) => ({
  bankAccountName: u.bankAccountName,
  bankCountry: u.bankCountry,
  bankName: u.bankName,
  bankCode: u.bankCode,
  bankAccountNo: u.bankAccountNo,
});

/** A new password's hash, made for the row as it was read: saved only if the row still holds what was read. */
interface NewPassword {
  hash: string;
  readHash: string;
}

/**
 * Saves the caller's own profile, bank details (members only) and password, auditing the profile and the bank
 * details as separate records. A new password ends the account's other sessions (the caller's goes on).
 * The old password is checked and the new one hashed before the transaction, which then holds the row only to
 * write it (a hash takes half a second: in the transaction it held the row, and on embedded PGlite the database).
 */
export async function updateOwnProfile(db: Db, caller: AccountCaller, body: MeChange): Promise<void> {
  // The body takes a member's 6–18 characters; an administrator's password is 6–16, checked before the old one is.
  if (body.password)
    parseOrThrow(z.object({ password: passwordFor(caller.isAdmin) }), { password: body.password });
  const password = body.password
    ? await newPassword(db, caller, body.old_password ?? '', body.password)
    : null;
  await db.transaction((tx) => saveOwnProfile(tx, caller, body, password));
}

/**
 * Checks the old password under the sign-in throttle (its guesses count against the account from the caller's
 * address, as wrong sign-ins do: docs/operations.md, "Sign-in protection") and hashes the new one.
 */
async function newPassword(db: Db, caller: AccountCaller, oldPassword: string, password: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.id));
  if (!row) throw notFound('access.userDataNotFound');
  const keys = attemptKeys(caller.origin ?? 'unknown', { userId: caller.id });
  if (!(await checkThrottled(db, keys, () => verifyPassword(oldPassword, row.passwordHash))))
    throw fieldError('old_password', 'access.wrongPassword');
  return { hash: await hashPassword(password), readHash: row.passwordHash };
}

/** The caller's session still lasts (no logout or password change elsewhere ended it meanwhile). */
async function sessionLasts(tx: DbOrTx, caller: AccountCaller): Promise<boolean> {
  if (!caller.sessionId) return false;
  const [row] = await tx
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.id, caller.sessionId), eq(userSessions.userId, caller.id)));
  return Boolean(row);
}

async function saveOwnProfile(
  tx: DbOrTx,
  caller: AccountCaller,
  body: MeChange,
  password: NewPassword | null,
): Promise<void> {
  const [row] = await tx.select().from(users).where(eq(users.id, caller.id)).for('update');
  if (!row) throw notFound('access.userDataNotFound');
  if (password && (row.passwordHash !== password.readHash || !(await sessionLasts(tx, caller))))
    throw conflict('access.changedMeanwhile');
  const changes: Partial<UserRow> = { updatedAt: new Date() };
  if (body.display_name !== undefined) changes.displayName = body.display_name || null;
  if (body.phone !== undefined) changes.phone = body.phone || null;
  if (body.avatar !== undefined) changes.avatar = body.avatar || null;
  if (!caller.isAdmin) {
    if (body.bank_account_name !== undefined) changes.bankAccountName = body.bank_account_name || null;
    if (body.bank_country !== undefined) changes.bankCountry = body.bank_country || null;
    if (body.bank_name !== undefined) changes.bankName = body.bank_name || null;
    if (body.bank_code !== undefined) changes.bankCode = body.bank_code || null;
    if (body.bank_account_no !== undefined) changes.bankAccountNo = body.bank_account_no || null;
  }
  if (password) changes.passwordHash = password.hash;
  const [saved] = await tx.update(users).set(changes).where(eq(users.id, caller.id)).returning();
  if (!saved) throw notFound('access.userDataNotFound');
  if (password) await endSessions(tx, caller.id, { except: caller.sessionId });
  const profile = { before: profileFields(row), after: profileFields(saved) };
  if (password || differs(profile.before, profile.after))
    await audit(tx, caller, {
      action: 'update',
      entity: 'user.profile',
      entityId: caller.id,
      before: { ...profile.before, passwordChanged: false },
      after: { ...profile.after, passwordChanged: Boolean(password) },
    });
  const bank = { before: bankFields(row), after: bankFields(saved) };
  if (differs(bank.before, bank.after))
    await audit(tx, caller, { action: 'update', entity: 'user.bank', entityId: caller.id, ...bank });
}

const differs = (a: object, b: object) => JSON.stringify(a) !== JSON.stringify(b);

/**
 * Saves the caller's colour theme of the web app. A preference of the user interface, like their notification
 * choices: neither audited nor a change of the profile (`updated_at` stays).
 */
export async function saveOwnTheme(db: DbOrTx, caller: AccountCaller, theme: ThemeMode): Promise<ThemeBody> {
  const [saved] = await db
    .update(users)
    .set({ uiTheme: theme })
    .where(eq(users.id, caller.id))
    .returning({ theme: users.uiTheme });
  if (!saved) throw notFound('access.userDataNotFound');
  return saved;
}

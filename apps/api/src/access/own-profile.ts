import type { updateMeBody } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type UserRow, users } from '../members/members.schema';
import { audit } from '../platform/audit/audit';
import type { AccountCaller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { fieldError, notFound } from '../platform/http/errors';
import { hashPassword, verifyPassword } from './passwords';

type MeChange = z.output<typeof updateMeBody>;

const profileFields = (u: Partial<UserRow>) => ({
  displayName: u.displayName,
  phone: u.phone,
  avatar: u.avatar,
});
const bankFields = (u: Partial<UserRow>) => ({
  bankAccountName: u.bankAccountName,
  bankCountry: u.bankCountry,
  bankAccountNo: u.bankAccountNo,
});

/**
 * Saves the caller's own profile, bank details (members only) and password, auditing the profile and the bank
 * details as separate records. A new password ends every session: answers the new token version then.
 */
export async function updateOwnProfile(
  db: DbOrTx,
  caller: AccountCaller,
  body: MeChange,
): Promise<number | null> {
  const [row] = await db.select().from(users).where(eq(users.id, caller.id)).for('update');
  if (!row) throw notFound('access.userDataNotFound');
  const changes: Partial<UserRow> = { updatedAt: new Date() };
  if (body.display_name !== undefined) changes.displayName = body.display_name || null;
  if (body.phone !== undefined) changes.phone = body.phone || null;
  if (body.avatar !== undefined) changes.avatar = body.avatar || null;
  if (!caller.isAdmin) {
    if (body.bank_account_name !== undefined) changes.bankAccountName = body.bank_account_name || null;
    if (body.bank_country !== undefined) changes.bankCountry = body.bank_country || null;
    if (body.bank_account_no !== undefined) changes.bankAccountNo = body.bank_account_no || null;
  }
  if (body.password) {
    if (!(await verifyPassword(body.old_password ?? '', row.passwordHash))) {
      throw fieldError('old_password', 'access.wrongPassword');
    }
    changes.passwordHash = await hashPassword(body.password);
  }
  const [saved] = await db
    .update(users)
    .set({ ...changes, ...(body.password ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
    .where(eq(users.id, caller.id))
    .returning();
  if (!saved) throw notFound('access.userDataNotFound');
  const profile = { before: profileFields(row), after: profileFields(saved) };
  if (body.password || differs(profile.before, profile.after))
    await audit(db, caller, {
      action: 'update',
      entity: 'user.profile',
      entityId: caller.id,
      before: { ...profile.before, passwordChanged: false },
      after: { ...profile.after, passwordChanged: Boolean(body.password) },
    });
  const bank = { before: bankFields(row), after: bankFields(saved) };
  if (differs(bank.before, bank.after))
    await audit(db, caller, { action: 'update', entity: 'user.bank', entityId: caller.id, ...bank });
  return body.password ? saved.tokenVersion : null;
}

const differs = (a: object, b: object) => JSON.stringify(a) !== JSON.stringify(b);

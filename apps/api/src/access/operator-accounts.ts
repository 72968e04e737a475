import { adminPassword, email, mobile, optionalText, username, userPassword } from '@app/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type UserRow, users } from '../members/members.schema';
import { createAdmin, createMember } from '../members/members.service';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import type { Db, DbOrTx } from '../platform/db/client';
import { notFound } from '../platform/http/errors';
import { parseOrThrow } from '../platform/http/validation';
import { adminView } from './admins.service';
import { clearAccountFailures } from './login-throttle';
import { hashPassword } from './passwords';
import { endSessions } from './sessions';

/**
 * Accounts an operator makes outside the API, on a database with nobody to sign in yet (the first
 * super administrator, the company's top sponsor) or for an administrator locked out. The API's field
 * rules and uniqueness checks apply, and every change is audited with where it came from.
 */
export const accountFields = z.object({ name: username, email, phone: mobile.optional() });
export const sponsorFields = accountFields.extend({ display_name: optionalText(60) });
export type AccountFields = z.output<typeof accountFields>;
export type SponsorFields = z.output<typeof sponsorFields>;

/** Administrators' and members' password rules differ (docs/product/access.md). */
const passwordRule = (isAdmin: boolean) => z.object({ password: isAdmin ? adminPassword : userPassword });
const validPassword = (isAdmin: boolean, password: string) =>
  parseOrThrow(passwordRule(isAdmin), { password }).password;

export async function createSuperAdmin(
  db: Db,
  fields: AccountFields,
  password: string,
  from: Caller,
): Promise<UserRow> {
  const valid = validPassword(true, password);
  return db.transaction(async (tx) => {
    const user = await createAdmin(tx, { ...fields, password: valid, isSuper: true });
    const after = await adminView(tx, user.id);
    await audit(tx, from, { action: 'create', entity: 'admin', entityId: user.id, after });
    return user;
  });
}

/** A member with no sponsor: a root of the sponsor tree, under whom the first members are made. */
export async function createTopSponsor(
  db: Db,
  fields: SponsorFields,
  password: string,
  from: Caller,
): Promise<UserRow> {
  const valid = validPassword(false, password);
  return db.transaction(async (tx) => {
    const user = await createMember(tx, {
      name: fields.name,
      email: fields.email,
      phone: fields.phone,
      displayName: fields.display_name || null,
      password: valid,
      parentUserId: null,
    });
    const after = { ...fields, parent_user_id: null, level_id: user.levelId };
    await audit(tx, from, { action: 'create', entity: 'user', entityId: user.id, after });
    return user;
  });
}

/** An administrator or member by account name (case-insensitive, like sign-in). */
export async function findAccount(db: DbOrTx, name: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(sql`lower(${users.name}) = lower(${name})`);
  if (!user) throw notFound('access.userNotFound');
  return user;
}

/** Sets a new password, ends the account's sessions and lifts its sign-in throttle. */
export async function resetPassword(db: Db, account: UserRow, password: string, from: Caller): Promise<void> {
  const passwordHash = await hashPassword(validPassword(account.isAdmin, password));
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, account.id));
    await endSessions(tx, account.id);
    await clearAccountFailures(tx, account.id);
    await audit(tx, from, {
      action: 'update',
      entity: account.isAdmin ? 'admin' : 'user',
      entityId: account.id,
      before: { name: account.name, passwordChanged: false },
      after: { name: account.name, passwordChanged: true },
    });
  });
}

/** Whether anybody can sign in to administer: an enabled administrator exists. */
export async function hasEnabledAdmin(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.status, 1)))
    .limit(1);
  return rows.length > 0;
}

/** Whether `name` is the account of an enabled administrator. */
export async function isEnabledAdmin(db: DbOrTx, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.name, name), eq(users.isAdmin, true), eq(users.status, 1)))
    .limit(1);
  return rows.length > 0;
}

/** Whether a member with no sponsor exists, under whom the first members can be made. */
export async function hasTopSponsor(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, false), isNull(users.parentUserId)))
    .limit(1);
  return rows.length > 0;
}

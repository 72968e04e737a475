import {
  type AdminView,
  type adminCreateBody,
  type adminUpdateBody,
  type ListQuery,
  type Paged,
  ResultCode,
  type Status,
} from '@app/contracts';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { type UserRow, users } from '../members/members.schema';
import { assertUnique, createAdmin as insertAdmin, uniqueOnFields } from '../members/members.service';
import type { Caller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { FOREIGN_KEY_VIOLATION, hasSqlState } from '../platform/db/errors';
import { keywordFilter, paged, pageWindow } from '../platform/db/paging';
import { AppError, conflict, fieldError, notFound } from '../platform/http/errors';
import { roles, userRoles } from './access.schema';
import { hashPassword } from './passwords';
import { endSessions } from './sessions';

type CreateInput = z.output<typeof adminCreateBody>;
type UpdateInput = z.output<typeof adminUpdateBody>;

async function toViews(db: DbOrTx, rows: UserRow[]): Promise<AdminView[]> {
  const ids = rows.map((r) => r.id);
  const held = ids.length
    ? await db
        .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, ids))
        .orderBy(asc(roles.id))
    : [];
  return rows.map((r) => {
    const mine = held.filter((h) => h.userId === r.id);
    return {
      id: r.id,
      name: r.name,
      phone: r.phone,
      account: r.email ?? '',
      avatar: r.avatar,
      is_super: r.isSuper,
      status: r.status as Status,
      role_ids: mine.map((h) => h.id),
      role_names: mine.map((h) => h.name),
      created_at: r.createdAt.toISOString(),
      last_login_at: r.lastLoginAt?.toISOString() ?? null,
    };
  });
}

/** Administrators only: members never appear here. */
export async function listAdmins(db: DbOrTx, q: ListQuery): Promise<Paged<AdminView>> {
  const where = and(
    eq(users.isAdmin, true),
    keywordFilter(q.keyword, [users.name, users.email, users.phone]),
    q.status ? eq(users.status, q.status) : undefined,
  );
  const [row] = await db.select({ total: count() }).from(users).where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await db.select().from(users).where(where).orderBy(asc(users.id)).limit(limit).offset(offset);
  return paged(await toViews(db, rows), Number(row?.total ?? 0), q);
}

async function findAdmin(db: DbOrTx, id: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isAdmin, true)));
  if (!row) throw notFound();
  return row;
}

export async function adminView(db: DbOrTx, id: number): Promise<AdminView> {
  const [view] = await toViews(db, [await findAdmin(db, id)]);
  return view!;
}

const superOnly = () => new AppError(ResultCode.FORBIDDEN, 'access.superOnly');

/** Super administrator rights are granted, changed or taken only by a super administrator. */
function assertMayTouch(actor: Caller, target: UserRow | null, wantsSuper: boolean): void {
  if (!actor.isSuper && (wantsSuper || target?.isSuper)) throw superOnly();
}

function assertNotSelf(actor: Caller, id: number): void {
  if (actor.id === id) throw conflict('access.cannotChangeSelf');
}

/** Called before `target` stops being an enabled super admin; locks the super admins so two such changes cannot race. */
async function assertAnotherSuper(db: DbOrTx, target: UserRow): Promise<void> {
  if (!target.isSuper || target.status !== 1) return;
  const others = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.isAdmin, true), eq(users.isSuper, true), eq(users.status, 1), ne(users.id, target.id)),
    )
    .for('update');
  if (others.length === 0) throw conflict('access.lastSuperAdmin');
}

/** The administrator form calls the e-mail `account`. */
const onField = <T>(work: () => Promise<T>) => uniqueOnFields(work, { email: 'account' });

async function assertRolesExist(db: DbOrTx, roleIds: number[]): Promise<number[]> {
  const wanted = [...new Set(roleIds)];
  if (wanted.length === 0) return wanted;
  const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, wanted));
  if (found.length !== wanted.length) throw fieldError('role_ids', 'validation.invalid');
  return wanted;
}

export async function createAdmin(db: DbOrTx, input: CreateInput, actor: Caller): Promise<number> {
  assertMayTouch(actor, null, input.is_super);
  const roleIds = await assertRolesExist(db, input.role_ids);
  const user = await onField(() =>
    insertAdmin(db, {
      name: input.name,
      email: input.account,
      phone: input.phone,
      avatar: input.avatar || null,
      password: input.password,
      isSuper: input.is_super,
      status: input.status,
      roleIds,
    }),
  );
  return user.id;
}

/** A blank password leaves it unchanged; a new password or disabling ends the admin's sessions. */
export async function updateAdmin(db: DbOrTx, id: number, input: UpdateInput, actor: Caller) {
  const target = await findAdmin(db, id);
  assertMayTouch(actor, target, input.is_super && !target.isSuper);
  if (input.status !== 1 && target.status === 1) assertNotSelf(actor, id);
  if (!input.is_super || input.status !== 1) await assertAnotherSuper(db, target);
  const roleIds = await assertRolesExist(db, input.role_ids);
  await onField(() => assertUnique(db, { name: input.name, email: input.account, phone: input.phone }, id));
  const sessionsEnd = Boolean(input.password) || (input.status !== 1 && target.status === 1);
  await db
    .update(users)
    .set({
      name: input.name,
      email: input.account,
      phone: input.phone,
      avatar: input.avatar || null,
      isSuper: input.is_super,
      status: input.status,
      ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
  if (sessionsEnd) await endSessions(db, id);
  await db.delete(userRoles).where(eq(userRoles.userId, id));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
}

export async function setAdminStatus(db: DbOrTx, id: number, status: Status, actor: Caller) {
  const target = await findAdmin(db, id);
  assertMayTouch(actor, target, false);
  if (status !== 1) {
    assertNotSelf(actor, id);
    await assertAnotherSuper(db, target);
  }
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
  if (status !== 1) await endSessions(db, id);
}

export async function deleteAdmin(db: DbOrTx, id: number, actor: Caller) {
  const target = await findAdmin(db, id);
  assertNotSelf(actor, id);
  assertMayTouch(actor, target, false);
  await assertAnotherSuper(db, target);
  try {
    // A savepoint, so a refused delete leaves the surrounding transaction usable.
    await db.transaction((sp) => sp.delete(users).where(eq(users.id, id)));
  } catch (error) {
    throw hasSqlState(error, FOREIGN_KEY_VIOLATION) ? conflict('access.adminHasRecords') : error;
  }
}

import type { ListQuery, Paged, RoleView, roleBody, Status } from '@app/contracts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { keywordFilter, paged, pageWindow } from '../platform/db/paging';
import { badRequest, conflict, fieldError, notFound } from '../platform/http/errors';
import { permissions, rolePermissions, roles, userRoles } from './access.schema';

type RoleRow = typeof roles.$inferSelect;
type RoleInput = z.output<typeof roleBody>;

async function toViews(db: DbOrTx, rows: RoleRow[]): Promise<RoleView[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const links = await db
    .select()
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, ids))
    .orderBy(asc(rolePermissions.permissionId));
  const admins = await db
    .select({ roleId: userRoles.roleId, n: count() })
    .from(userRoles)
    .innerJoin(users, and(eq(users.id, userRoles.userId), eq(users.isAdmin, true)))
    .where(inArray(userRoles.roleId, ids))
    .groupBy(userRoles.roleId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    status: r.status as Status,
    is_system: r.isSystem,
    permission_ids: links.filter((l) => l.roleId === r.id).map((l) => l.permissionId),
    admin_count: Number(admins.find((a) => a.roleId === r.id)?.n ?? 0),
    created_at: r.createdAt.toISOString(),
  }));
}

export async function listRoles(db: DbOrTx, q: ListQuery): Promise<Paged<RoleView>> {
  const where = and(
    keywordFilter(q.keyword, [roles.name, roles.description]),
    q.status ? eq(roles.status, q.status) : undefined,
  );
  const [row] = await db.select({ total: count() }).from(roles).where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await db.select().from(roles).where(where).orderBy(asc(roles.id)).limit(limit).offset(offset);
  return paged(await toViews(db, rows), Number(row?.total ?? 0), q);
}

async function findRow(db: DbOrTx, id: number): Promise<RoleRow> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  if (!row) throw notFound();
  return row;
}

export async function roleView(db: DbOrTx, id: number): Promise<RoleView> {
  const [view] = await toViews(db, [await findRow(db, id)]);
  return view!;
}

async function assertNameFree(db: DbOrTx, name: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(eq(sql`lower(${roles.name})`, name.toLowerCase()), exceptId ? ne(roles.id, exceptId) : undefined),
    );
  if (taken) throw fieldError('name', 'access.roleNameExists');
}

async function replacePermissions(db: DbOrTx, roleId: number, permissionIds: number[]): Promise<void> {
  const wanted = [...new Set(permissionIds)];
  if (wanted.length > 0) {
    const found = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.id, wanted));
    if (found.length !== wanted.length) throw fieldError('permission_ids', 'validation.invalid');
  }
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (wanted.length > 0)
    await db.insert(rolePermissions).values(wanted.map((permissionId) => ({ roleId, permissionId })));
}

export async function createRole(db: DbOrTx, input: RoleInput): Promise<number> {
  await assertNameFree(db, input.name);
  const [row] = await db
    .insert(roles)
    .values({ name: input.name, description: input.description || null, status: input.status })
    .returning({ id: roles.id });
  await replacePermissions(db, row!.id, input.permission_ids);
  return row!.id;
}

export async function updateRole(db: DbOrTx, id: number, input: RoleInput): Promise<void> {
  const row = await findRow(db, id);
  // The built-in Member role is found by its name.
  if (row.isSystem && input.name !== row.name) throw fieldError('name', 'access.systemRoleName');
  await assertNameFree(db, input.name, id);
  await db
    .update(roles)
    .set({ name: input.name, description: input.description || null, status: input.status })
    .where(eq(roles.id, id));
  await replacePermissions(db, id, input.permission_ids);
}

export async function setRoleStatus(db: DbOrTx, id: number, status: Status): Promise<void> {
  await findRow(db, id);
  await db.update(roles).set({ status }).where(eq(roles.id, id));
}

/** Refuses built-in roles and roles still held by anyone. */
export async function deleteRole(db: DbOrTx, id: number): Promise<void> {
  const row = await findRow(db, id);
  if (row.isSystem) throw badRequest('access.systemRole');
  const [holder] = await db.select().from(userRoles).where(eq(userRoles.roleId, id)).limit(1);
  if (holder) throw conflict('access.roleInUse');
  await db.delete(roles).where(eq(roles.id, id));
}

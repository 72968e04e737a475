import {
  type HTTP_METHODS,
  type ListQuery,
  LOCKED_PERMISSION_FIELDS,
  type Paged,
  type PermissionView,
  type permissionBody,
  type Status,
} from '@app/contracts';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../platform/db/client';
import { keywordFilter, paged, pageWindow } from '../platform/db/paging';
import { badRequest, fieldError, notFound } from '../platform/http/errors';
import { permissions } from './access.schema';

type PermissionRow = typeof permissions.$inferSelect;
type PermissionInput = z.output<typeof permissionBody>;

const toView = (r: PermissionRow): PermissionView => ({
  id: r.id,
  name: r.name,
  description: r.description,
  status: r.status as Status,
  is_menu: r.isMenu,
  method: r.method as (typeof HTTP_METHODS)[number],
  path: r.path,
  icon: r.icon,
  classification: r.classification,
  is_system: r.isSystem,
  created_at: r.createdAt.toISOString(),
});

const toColumns = (input: PermissionInput) => ({
  name: input.name,
  description: input.description || null,
  status: input.status,
  isMenu: input.is_menu,
  method: input.method,
  path: input.path,
  icon: input.icon || null,
  classification: input.classification || null,
});

export async function listPermissions(db: DbOrTx, q: ListQuery): Promise<Paged<PermissionView>> {
  const where = and(
    keywordFilter(q.keyword, [permissions.name, permissions.path, permissions.description]),
    q.status ? eq(permissions.status, q.status) : undefined,
  );
  const [row] = await db.select({ total: count() }).from(permissions).where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select()
    .from(permissions)
    .where(where)
    .orderBy(asc(permissions.id))
    .limit(limit)
    .offset(offset);
  return paged(rows.map(toView), Number(row?.total ?? 0), q);
}

async function findRow(db: DbOrTx, id: number): Promise<PermissionRow> {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id));
  if (!row) throw notFound();
  return row;
}

export const permissionView = async (db: DbOrTx, id: number) => toView(await findRow(db, id));

async function assertNameFree(db: DbOrTx, name: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(
      and(
        eq(sql`lower(${permissions.name})`, name.toLowerCase()),
        exceptId ? ne(permissions.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError('name', 'access.permissionNameExists');
}

/** Admin-made permissions get ids above 100 (the sequence set by bootstrapAccess). */
export async function createPermission(db: DbOrTx, input: PermissionInput): Promise<number> {
  await assertNameFree(db, input.name);
  const [row] = await db.insert(permissions).values(toColumns(input)).returning({ id: permissions.id });
  return row!.id;
}

/** Built-in permissions keep the fields code relies on; description, icon, classification and status may change. */
export async function updatePermission(db: DbOrTx, id: number, input: PermissionInput): Promise<void> {
  const row = await findRow(db, id);
  if (row.isSystem) {
    const current = toView(row);
    const changed = LOCKED_PERMISSION_FIELDS.find((field) => current[field] !== input[field]);
    if (changed) throw fieldError(changed, 'access.systemPermissionLocked');
  }
  await assertNameFree(db, input.name, id);
  await db.update(permissions).set(toColumns(input)).where(eq(permissions.id, id));
}

export async function setPermissionStatus(db: DbOrTx, id: number, status: Status): Promise<void> {
  await findRow(db, id);
  await db.update(permissions).set({ status }).where(eq(permissions.id, id));
}

/** Built-in numbers are used by code and cannot go; an admin-made one leaves every role with it. */
export async function deletePermission(db: DbOrTx, id: number): Promise<void> {
  const row = await findRow(db, id);
  if (row.isSystem) throw badRequest('access.systemPermission');
  await db.delete(permissions).where(eq(permissions.id, id));
}

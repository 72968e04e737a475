import { BUILT_IN_PERMISSIONS, MEMBER_PERMISSIONS } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { permissions, rolePermissions, roles } from './access.schema';

export const MEMBER_ROLE = 'Member';
export const ADMIN_ROLE = 'Operator';

/** Built-in permissions and roles every installation has; safe to run on every start. */
export async function bootstrapAccess(db: DbOrTx): Promise<void> {
  await db
    .insert(permissions)
    .values(
      BUILT_IN_PERMISSIONS.map((p) => ({
        id: p.id,
        name: p.name,
        path: p.path,
        icon: p.icon,
        classification: p.classification,
        isMenu: true,
        isSystem: true,
      })),
    )
    .onConflictDoNothing();
  // Ids of admin-made permissions start above the built-in numbers.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('permissions', 'id'), greatest((select max(id) from permissions), 100))`,
  );

  await db
    .insert(roles)
    .values([
      { name: MEMBER_ROLE, description: 'Every member', isSystem: true },
      { name: ADMIN_ROLE, description: 'Day-to-day operations', isSystem: false },
    ])
    .onConflictDoNothing();
  const [memberRole] = await db.select().from(roles).where(eq(roles.name, MEMBER_ROLE));
  const [adminRole] = await db.select().from(roles).where(eq(roles.name, ADMIN_ROLE));
  const operatorPerms = BUILT_IN_PERMISSIONS.map((p) => p.id).filter((id) => id !== 23);
  await db
    .insert(rolePermissions)
    .values([
      ...MEMBER_PERMISSIONS.map((permissionId) => ({ roleId: memberRole!.id, permissionId })),
      ...operatorPerms.map((permissionId) => ({ roleId: adminRole!.id, permissionId })),
    ])
    .onConflictDoNothing();
}

export async function memberRoleId(db: DbOrTx): Promise<number> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, MEMBER_ROLE));
  if (!role) throw new Error('Member role missing: bootstrapAccess has not run');
  return role.id;
}

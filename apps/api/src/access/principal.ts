import { ALL_PERMISSIONS, type RoleIds } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { users } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { permissions, rolePermissions, roles, userRoles } from './access.schema';

/** The signed-in caller as every route sees it. */
export interface Principal {
  id: number;
  name: string;
  isAdmin: boolean;
  isSuper: boolean;
  status: number;
  tokenVersion: number;
  levelId: number;
  roleIds: RoleIds;
}

export async function loadPrincipal(db: DbOrTx, userId: number): Promise<Principal | null> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      isAdmin: users.isAdmin,
      isSuper: users.isSuper,
      status: users.status,
      tokenVersion: users.tokenVersion,
      levelId: users.levelId,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  return { ...user, roleIds: user.isSuper ? [ALL_PERMISSIONS] : await permissionIdsOf(db, userId) };
}

/** Permission numbers granted through the user's enabled roles' enabled permissions. */
export async function permissionIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: rolePermissions.permissionId })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, and(eq(permissions.id, rolePermissions.permissionId), eq(permissions.status, 1)))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

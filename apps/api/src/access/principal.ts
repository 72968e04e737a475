import { ALL_PERMISSIONS, type RoleIds } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { users } from '../members/members.schema';
import { preparedPerHandle } from '../platform/db/prepared';
import type { Principal, PrincipalLoader } from '../platform/http/principal';
import { permissions, rolePermissions, roles, userRoles } from './access.schema';

/** Permission numbers granted through the user's enabled roles' enabled permissions (a subquery per user). */
const permissionIds = sql<number[]>`array(
  select distinct ${rolePermissions.permissionId} from ${userRoles}
  join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.status} = 1
  join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id}
  join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId} and ${permissions.status} = 1
  where ${userRoles.userId} = ${users.id} order by 1)`;

/**
 * What a principal is read from: the user's state and, unless a super admin, their permissions. A statement
 * that loads the caller together with more of their own row (`route({ loadPrincipal })`) selects these too
 * and builds the principal with `principalOf`, so every loader checks the caller alike.
 */
export const principalColumns = {
  id: users.id,
  name: users.name,
  isAdmin: users.isAdmin,
  isSuper: users.isSuper,
  status: users.status,
  tokenVersion: users.tokenVersion,
  levelId: users.levelId,
  permissionIds: sql<number[] | null>`case when ${users.isSuper} then null else ${permissionIds} end`,
};

type PrincipalRow = Omit<Principal, 'roleIds'> & { permissionIds: number[] | null };

/** The permissions of a principal's row: every one for a super admin. */
export function roleIdsOf(row: Pick<PrincipalRow, 'isSuper' | 'permissionIds'>): RoleIds {
  return row.isSuper ? [ALL_PERMISSIONS] : (row.permissionIds ?? []).map(Number);
}

export function principalOf(row: PrincipalRow): Principal {
  return {
    id: row.id,
    name: row.name,
    isAdmin: row.isAdmin,
    isSuper: row.isSuper,
    status: row.status,
    tokenVersion: row.tokenVersion,
    levelId: row.levelId,
    roleIds: roleIdsOf(row),
  };
}

/** Every authenticated request loads its caller, so this is one prepared statement. */
const principalQuery = preparedPerHandle((db) =>
  db
    .select(principalColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('load_principal'),
);

export const loadPrincipal: PrincipalLoader = async (db, userId) => {
  const [row] = await principalQuery(db).execute({ id: userId });
  return row ? principalOf(row) : null;
};

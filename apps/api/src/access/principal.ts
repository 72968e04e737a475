import { ALL_PERMISSIONS } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { users } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import type { PrincipalLoader } from '../platform/http/principal';
import { permissions, rolePermissions, roles, userRoles } from './access.schema';

/** Permission numbers granted through the user's enabled roles' enabled permissions (a subquery per user). */
const permissionIds = sql<number[]>`array(
  select distinct ${rolePermissions.permissionId} from ${userRoles}
  join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.status} = 1
  join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id}
  join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId} and ${permissions.status} = 1
  where ${userRoles.userId} = ${users.id} order by 1)`;

/**
 * Every authenticated request loads its caller, so this is one prepared statement (built once per database
 * handle, planned once per connection): the user's state and, unless a super admin, their permissions.
 */
const principalQueries = new WeakMap<DbOrTx, ReturnType<typeof preparePrincipal>>();
const preparePrincipal = (db: DbOrTx) =>
  db
    .select({
      id: users.id,
      name: users.name,
      isAdmin: users.isAdmin,
      isSuper: users.isSuper,
      status: users.status,
      tokenVersion: users.tokenVersion,
      levelId: users.levelId,
      permissionIds: sql<number[] | null>`case when ${users.isSuper} then null else ${permissionIds} end`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('load_principal');

export const loadPrincipal: PrincipalLoader = async (db, userId) => {
  let query = principalQueries.get(db);
  if (!query) {
    query = preparePrincipal(db);
    principalQueries.set(db, query);
  }
  const [row] = await query.execute({ id: userId });
  if (!row) return null;
  const { permissionIds: granted, ...user } = row;
  return { ...user, roleIds: user.isSuper ? [ALL_PERMISSIONS] : (granted ?? []).map(Number) };
};

import { ALL_PERMISSIONS, type RoleIds } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { users } from '../members/members.schema';
import { type AccountCaller, type CallerLoader, type CallSource, UNKNOWN_SOURCE } from '../platform/caller';
import { preparedPerHandle } from '../platform/db/prepared';
import { permissions, rolePermissions, roles, userRoles } from './access.schema';

/** Permission numbers granted through the user's enabled roles' enabled permissions (a subquery per user). */
const permissionIds = sql<number[]>`array(
  select distinct ${rolePermissions.permissionId} from ${userRoles}
  join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.status} = 1
  join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id}
  join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId} and ${permissions.status} = 1
  where ${userRoles.userId} = ${users.id} order by 1)`;

/**
 * What a caller is read from: the user's state and, unless a super admin, their permissions. A statement
 * that loads the caller together with more of their own row (`route({ loadCaller })`) selects these too
 * and builds the caller with `callerOf`, so every loader checks the caller alike.
 */
export const callerColumns = {
  id: users.id,
  name: users.name,
  isAdmin: users.isAdmin,
  isSuper: users.isSuper,
  status: users.status,
  tokenVersion: users.tokenVersion,
  levelId: users.levelId,
  permissionIds: sql<number[] | null>`case when ${users.isSuper} then null else ${permissionIds} end`,
};

type CallerRow = Omit<AccountCaller, 'kind' | 'roleIds' | keyof CallSource> & {
  permissionIds: number[] | null;
};

/** The permissions of a caller's row: every one for a super admin. */
export function roleIdsOf(row: Pick<CallerRow, 'isSuper' | 'permissionIds'>): RoleIds {
  return row.isSuper ? [ALL_PERMISSIONS] : (row.permissionIds ?? []).map(Number);
}

export function callerOf(row: CallerRow, source: CallSource = UNKNOWN_SOURCE): AccountCaller {
  return {
    kind: row.isAdmin ? 'admin' : 'member',
    id: row.id,
    name: row.name,
    isAdmin: row.isAdmin,
    isSuper: row.isSuper,
    status: row.status,
    tokenVersion: row.tokenVersion,
    levelId: row.levelId,
    roleIds: roleIdsOf(row),
    origin: source.origin,
    userAgent: source.userAgent,
    requestId: source.requestId,
  };
}

/** Every authenticated request loads its caller, so this is one prepared statement. */
const callerQuery = preparedPerHandle((db) =>
  db
    .select(callerColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('load_caller'),
);

export const loadCaller: CallerLoader = async (db, userId, source) => {
  const [row] = await callerQuery(db).execute({ id: userId });
  return row ? callerOf(row, source) : null;
};

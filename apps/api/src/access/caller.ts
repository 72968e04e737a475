import { ALL_PERMISSIONS, type RoleIds } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { users } from '../members/members.schema';
import { type AccountCaller, type CallerLoader, type CallSource, UNKNOWN_SOURCE } from '../platform/caller';
import { preparedPerHandle } from '../platform/db/prepared';
import { permissions, rolePermissions, roles, userRoles } from './access.schema';
import { SEEN_EVERY_SECONDS } from './sessions';
import { userSessions } from './sessions.schema';
import { twoFactorSecrets } from './two-factor.schema';

/** Permission numbers granted through the user's enabled roles' enabled permissions (a subquery per user). */
const permissionIds = sql<number[]>`array(
  select distinct ${rolePermissions.permissionId} from ${userRoles}
  join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.status} = 1
  join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id}
  join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId} and ${permissions.status} = 1
  where ${userRoles.userId} = ${users.id} order by 1)`;

/**
 * The request's session (`sid`, the token's) while it lasts: null when it ended or expired, else whether its
 * "last seen" is due to move (once a minute). Read by primary key with the caller: no statement of its own.
 */
const seenDue = sql`(select ${userSessions.lastSeenAt} < now() - make_interval(secs => ${SEEN_EVERY_SECONDS})
  from ${userSessions} where ${userSessions.id} = ${sql.placeholder('sid')} and ${userSessions.userId} = ${users.id}
    and ${userSessions.expiresAt} > now())`;

/** The user has two-factor sign-in on. */
const twoFactorOn = sql`exists(select 1 from ${twoFactorSecrets}
  where ${twoFactorSecrets.userId} = ${users.id} and ${twoFactorSecrets.enabledAt} is not null)`;

/**
 * What a caller is read from: the user's state, their session, whether they have two-factor sign-in and, unless a
 * super admin, their permissions. A statement that loads the caller together with more of their own row
 * (`route({ loadCaller })`) selects these too, executed with `callerParams`, and builds the caller with `callerOf`,
 * so every loader checks the caller alike.
 */
export const callerColumns = {
  id: users.id,
  name: users.name,
  isAdmin: users.isAdmin,
  isSuper: users.isSuper,
  status: users.status,
  levelId: users.levelId,
  permissionIds: sql<number[] | null>`case when ${users.isSuper} then null else ${permissionIds} end`,
  // Nested, so drizzle writes their columns with their tables (a select's own columns it leaves bare).
  twoFactor: sql<boolean>`${twoFactorOn}`,
  sessionSeenDue: sql<boolean | null>`${seenDue}`,
};

/** The placeholders of a statement selecting `callerColumns`: the user and the request's session. */
export const callerParams = (userId: number, source: CallSource = UNKNOWN_SOURCE) => ({
  id: userId,
  sid: source.sessionId,
});

type CallerRow = Omit<AccountCaller, 'kind' | 'roleIds' | 'session' | keyof CallSource> & {
  permissionIds: number[] | null;
  sessionSeenDue: boolean | null;
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
    levelId: row.levelId,
    roleIds: roleIdsOf(row),
    twoFactor: row.twoFactor,
    session: row.sessionSeenDue === null ? null : { seenDue: row.sessionSeenDue },
    origin: source.origin,
    userAgent: source.userAgent,
    requestId: source.requestId,
    sessionId: source.sessionId,
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
  const [row] = await callerQuery(db).execute(callerParams(userId, source));
  return row ? callerOf(row, source) : null;
};

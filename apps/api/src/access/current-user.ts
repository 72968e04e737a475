import type { CurrentUser, Locale, MeProfile } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { levels, users } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { notFound } from '../platform/http/errors';
import type { Principal } from '../platform/http/principal';
import { roles, userRoles } from './access.schema';

export function levelName(level: typeof levels.$inferSelect, locale: Locale): string {
  if (locale === 'zh-HK') return level.nameZhHk;
  if (locale === 'zh-CN') return level.nameZhCn;
  return level.name;
}

const parent = alias(users, 'parent');

/** The names of the user's roles (enabled or not), in one array. */
const roleNames = sql<string[]>`array(
  select ${roles.name} from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
  where ${userRoles.userId} = ${users.id})`;

/**
 * GET /api/me is read often (every page of the web app's personal center), so it is one prepared statement
 * (built once per database handle, planned once per connection) with only the columns the profile shows,
 * its level, its sponsor and its role names; it was three round trips and every column of the user, the
 * password hash included.
 */
const profileQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareProfile>>();
const prepareProfile = (db: DbOrTx) =>
  db
    .select({
      id: users.id,
      name: users.name,
      displayName: users.displayName,
      email: users.email,
      phone: users.phone,
      userNo: users.userNo,
      isAdmin: users.isAdmin,
      isSuper: users.isSuper,
      avatar: users.avatar,
      levelId: users.levelId,
      bankAccountName: users.bankAccountName,
      bankCountry: users.bankCountry,
      bankAccountNo: users.bankAccountNo,
      createdAt: users.createdAt,
      platformId: users.platformId,
      treeDepth: users.treeDepth,
      level: levels,
      parent: { id: parent.id, name: parent.name, user_no: parent.userNo },
      roleNames,
    })
    .from(users)
    .leftJoin(levels, eq(levels.id, users.levelId))
    .leftJoin(parent, eq(parent.id, users.parentUserId))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('load_profile');

/** The personal-center profile; CurrentUser is its subset. */
export async function loadProfile(db: DbOrTx, principal: Principal, locale: Locale): Promise<MeProfile> {
  let query = profileQueries.get(db);
  if (!query) {
    query = prepareProfile(db);
    profileQueries.set(db, query);
  }
  const [user] = await query.execute({ id: principal.id });
  if (!user) throw notFound('access.userDataNotFound');
  const { level } = user;
  return {
    id: user.id,
    name: user.name,
    display_name: user.displayName,
    email: user.email,
    phone: user.phone,
    user_no: user.userNo,
    is_admin: user.isAdmin,
    is_super: user.isSuper,
    avatar: user.avatar,
    level_id: user.levelId,
    level: level && !user.isAdmin ? { id: level.id, name: levelName(level, locale) } : null,
    role_ids: principal.roleIds,
    role_names: [...user.roleNames].sort(),
    bank_account_name: user.bankAccountName,
    bank_country: user.bankCountry,
    bank_account_no: user.bankAccountNo,
    created_at: user.createdAt.toISOString(),
    platform_id: user.platformId,
    tree_level: user.treeDepth,
    parent_user: user.parent?.id ? user.parent : null,
  };
}

export async function loadCurrentUser(
  db: DbOrTx,
  principal: Principal,
  locale: Locale,
): Promise<CurrentUser> {
  const p = await loadProfile(db, principal, locale);
  return {
    id: p.id,
    name: p.name,
    display_name: p.display_name,
    email: p.email,
    phone: p.phone,
    user_no: p.user_no,
    is_admin: p.is_admin,
    is_super: p.is_super,
    avatar: p.avatar,
    level_id: p.level_id,
    level: p.level,
    role_ids: p.role_ids,
    role_names: p.role_names,
  };
}

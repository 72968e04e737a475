import type { CurrentUser, Locale, MeProfile } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
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

export async function roleNamesOf(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId)))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.name).sort();
}

const parent = alias(users, 'parent');

/** The personal-center profile; CurrentUser is its subset. */
export async function loadProfile(db: DbOrTx, principal: Principal, locale: Locale): Promise<MeProfile> {
  const [row] = await db
    .select({
      user: users,
      level: levels,
      parent: { id: parent.id, name: parent.name, user_no: parent.userNo },
    })
    .from(users)
    .leftJoin(levels, eq(levels.id, users.levelId))
    .leftJoin(parent, eq(parent.id, users.parentUserId))
    .where(eq(users.id, principal.id));
  if (!row) throw notFound('access.userDataNotFound');
  const { user, level } = row;
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
    role_names: await roleNamesOf(db, user.id),
    bank_account_name: user.bankAccountName,
    bank_country: user.bankCountry,
    bank_account_no: user.bankAccountNo,
    created_at: user.createdAt.toISOString(),
    platform_id: user.platformId,
    tree_level: user.treeDepth,
    parent_user: row.parent?.id ? row.parent : null,
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

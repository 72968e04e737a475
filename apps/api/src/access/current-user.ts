import type { CurrentUser, Locale, MeProfile } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { levels, users } from '../members/members.schema';
import { businessTimeZone } from '../platform/business-time/business-time';
import type { AccountCaller, CallerLoader, CallSource } from '../platform/caller';
import type { Db, DbOrTx } from '../platform/db/client';
import { preparedPerHandle, statementText } from '../platform/db/prepared';
import { notFound } from '../platform/http/errors';
import { roles, userRoles } from './access.schema';
import { callerColumns, callerOf, callerParams, roleIdsOf } from './caller';

type LevelNames = Pick<typeof levels.$inferSelect, 'name' | 'nameZhHk' | 'nameZhCn'>;

export function levelName(level: LevelNames, locale: Locale): string {
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
 * GET /api/me is read often (every page of the web app's personal center), so the caller and their profile are
 * one prepared statement (built once per database handle, planned once per connection): the caller's columns,
 * only the columns the profile shows, its level's names, its sponsor and its role names. It is the route's
 * caller loader, so the read is one round trip (docs/performance/reads.md).
 */
const profileSelect = (db: DbOrTx) =>
  db
    .select({
      ...callerColumns,
      displayName: users.displayName,
      email: users.email,
      phone: users.phone,
      userNo: users.userNo,
      avatar: users.avatar,
      bankAccountName: users.bankAccountName,
      bankCountry: users.bankCountry,
      bankName: users.bankName,
      bankCode: users.bankCode,
      bankAccountNo: users.bankAccountNo,
      createdAt: users.createdAt,
      platformId: users.platformId,
      treeDepth: users.treeDepth,
      uiTheme: users.uiTheme,
      level: { id: levels.id, name: levels.name, nameZhHk: levels.nameZhHk, nameZhCn: levels.nameZhCn },
      parent: { id: parent.id, name: parent.name, user_no: parent.userNo },
      roleNames,
    })
    .from(users)
    .leftJoin(levels, eq(levels.id, users.levelId))
    .leftJoin(parent, eq(parent.id, users.parentUserId))
    .where(eq(users.id, sql.placeholder('id')));
const profileQuery = preparedPerHandle((db) => profileSelect(db).prepare('load_caller_profile'));

/** The statement's text (for the benchmarks' bare baseline). */
export const profileStatementText = (db: DbOrTx) => statementText(profileSelect(db));

type ProfileRow = Awaited<ReturnType<ReturnType<typeof profileQuery>['execute']>>[number];

async function profileRow(db: DbOrTx, userId: number, source?: CallSource): Promise<ProfileRow | undefined> {
  const [row] = await profileQuery(db).execute(callerParams(userId, source));
  return row;
}

/** The caller with their profile row, checked like every caller (`callerOf`). */
export interface ProfiledCaller extends AccountCaller {
  profile: ProfileRow;
}

export const loadCallerWithProfile: CallerLoader<ProfiledCaller> = async (db, userId, source) => {
  const row = await profileRow(db, userId, source);
  return row ? { ...callerOf(row, source), profile: row } : null;
};

/** How a profile is shown: in the caller's language, with the business time zone and the 2FA rule in force. */
export interface ProfileView {
  locale: Locale;
  /** ADMIN_2FA=required: administrators must sign in with a second factor. */
  adminTwoFactor: boolean;
}

/** The personal-center profile, read anew (after a change, at sign-in). */
export async function loadProfile(db: Db, userId: number, view: ProfileView): Promise<MeProfile> {
  const [row, zone] = await Promise.all([profileRow(db, userId), businessTimeZone(db)]);
  if (!row) throw notFound('access.userDataNotFound');
  return profileOf(row, view, zone);
}

/** The profile of the caller's row; `zone` is the business time zone (`businessTimeZone`, cached per process). */
export function profileOf(
  user: ProfileRow,
  { locale, adminTwoFactor }: ProfileView,
  zone: string,
): MeProfile {
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
    role_ids: roleIdsOf(user),
    role_names: [...user.roleNames].sort(),
    bank_account_name: user.bankAccountName,
    bank_country: user.bankCountry,
    bank_name: user.bankName,
    bank_code: user.bankCode,
    bank_account_no: user.bankAccountNo,
    created_at: user.createdAt.toISOString(),
    platform_id: user.platformId,
    tree_level: user.treeDepth,
    parent_user: user.parent?.id ? user.parent : null,
    business_time_zone: zone,
    two_factor_enabled: user.twoFactor,
    two_factor_required: adminTwoFactor && user.isAdmin,
    theme: user.uiTheme,
  };
}

/** CurrentUser is the profile's subset. */
export function currentUserOf(p: MeProfile): CurrentUser {
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
    business_time_zone: p.business_time_zone,
    two_factor_enabled: p.two_factor_enabled,
    two_factor_required: p.two_factor_required,
    theme: p.theme,
  };
}

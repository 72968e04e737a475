import type { LevelCount, Locale, WorkplaceFigure } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Principal } from '../access/principal';
import { pathRange } from '../members/tree-path';
import { type DbOrTx, queryRows } from '../platform/db/client';

/**
 * Where the workplace figures come from, in display order. Each source returns
 * its figures for the viewer (or [] when it has none for them). Another domain
 * adds its figures (wallet balance, sales this month…) by appending a source
 * here and a `dashboard.figure.<key>` label in the web dashboard messages.
 */
export type FigureSource = (db: DbOrTx, viewer: Principal, locale: Locale) => Promise<WorkplaceFigure[]>;

/** The level name column of `levels l` in the caller's language. */
const levelName = (locale: Locale) =>
  locale === 'zh-HK'
    ? sql.raw('l.name_zh_hk')
    : locale === 'zh-CN'
      ? sql.raw('l.name_zh_cn')
      : sql.raw('l.name');

const count = (key: string, value: number): WorkplaceFigure => ({ key, value, format: 'count' });

/** Admins: total members, new members this month, administrators. */
const membershipTotals: FigureSource = async (db, viewer) => {
  if (!viewer.isAdmin) return [];
  const [row] = await queryRows<{ members: number; new_members: number; admins: number }>(
    db,
    sql`select count(*) filter (where not is_admin)::int as members,
          count(*) filter (where not is_admin and created_at >= date_trunc('month', now()))::int as new_members,
          count(*) filter (where is_admin)::int as admins
        from users`,
  );
  return [
    count('totalMembers', row?.members ?? 0),
    count('newMembersThisMonth', row?.new_members ?? 0),
    count('admins', row?.admins ?? 0),
  ];
};

/** Members: their sponsor downline (everyone below them), direct referrals and level. */
const ownNetwork: FigureSource = async (db, viewer, locale) => {
  if (viewer.isAdmin) return [];
  const [row] = await queryRows<{ downline: number; direct: number; level: string | null }>(
    db,
    sql`select
          (select count(*)::int from users d
            where ${pathRange(sql`d.tree_path`, sql`me.tree_path`)} and d.id <> me.id) as downline,
          (select count(*)::int from users d where d.parent_user_id = me.id) as direct,
          (select ${levelName(locale)} from levels l where l.id = me.level_id) as level
        from users me where me.id = ${viewer.id}`,
  );
  return [
    count('downline', row?.downline ?? 0),
    count('directReferrals', row?.direct ?? 0),
    { key: 'level', value: row?.level ?? '-', format: 'text' },
  ];
};

export const figureSources: FigureSource[] = [membershipTotals, ownNetwork];

/** Admins: how many members hold each level (levels without members count 0). */
export async function membersPerLevel(db: DbOrTx, locale: Locale): Promise<LevelCount[]> {
  return queryRows<{ level_id: number; name: string; count: number }>(
    db,
    sql`select l.id as level_id,
          ${levelName(locale)} as name,
          count(u.id)::int as count
        from levels l left join users u on u.level_id = l.id and not u.is_admin
        group by l.id order by l.id`,
  );
}

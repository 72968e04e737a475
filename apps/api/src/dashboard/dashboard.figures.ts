import type { LevelCount, Locale } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { pathRange } from '../tree/tree-path';
import { ownWallet, salesThisMonth, walletTotals } from './dashboard.money';
import { count, type FigureSource, localizedName, monthStart } from './figure-source';

export type { FigureSource } from './figure-source';

/** The level name column of `levels l` in the caller's language. */
const levelName = (locale: Locale) => localizedName('l', 'name', locale);

/** Admins: total members, new members this month, administrators. */
const membershipTotals: FigureSource = async (db, viewer) => {
  if (!viewer.isAdmin) return [];
  const [row] = await queryRows<{ members: number; new_members: number; admins: number }>(
    db,
    sql`select count(*) filter (where not is_admin)::int as members,
          count(*) filter (where not is_admin and created_at >= ${monthStart})::int as new_members,
          count(*) filter (where is_admin)::int as admins
        from users`,
  );
  return [
    count('totalMembers', row?.members),
    count('newMembersThisMonth', row?.new_members),
    count('admins', row?.admins),
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
    count('downline', row?.downline),
    count('directReferrals', row?.direct),
    { key: 'level', value: row?.level ?? '-', format: 'text' },
  ];
};

/**
 * The workplace figures in display order. Another domain adds its figures by
 * appending a source here and a `dashboard.figure.<key>` label in the web dashboard messages.
 */
export const figureSources: FigureSource[] = [
  membershipTotals,
  salesThisMonth,
  walletTotals,
  ownNetwork,
  ownWallet,
];

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

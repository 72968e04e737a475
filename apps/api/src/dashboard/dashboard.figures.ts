import type { LevelCount, Locale } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { talliedAccounts, talliedMembersPerLevel } from '../members/tallies';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { ownWallet, salesThisMonth, walletTotals } from './dashboard.money';
import { count, type FigureSource, localizedName } from './figure-source';

export type { FigureSource } from './figure-source';

/** The level name column of `levels l` in the caller's language. */
const levelName = (locale: Locale) => localizedName('l', 'name', locale);

/**
 * Admins: total members, new members this month (of the business time zone), administrators (from the member
 * tallies, kept by triggers).
 */
const membershipTotals: FigureSource = async (db, viewer, _locale, zone) => {
  if (!viewer.isAdmin) return [];
  const [members, newMembers, admins] = await Promise.all([
    talliedAccounts(db),
    talliedAccounts(db, { thisMonthIn: zone }),
    talliedAccounts(db, { admins: true }),
  ]);
  return [count('totalMembers', members), count('newMembersThisMonth', newMembers), count('admins', admins)];
};

/** Members: their sponsor downline (everyone below them, as `downline_counts` keeps it), direct referrals and level. */
const ownNetwork: FigureSource = async (db, viewer, locale) => {
  if (viewer.isAdmin) return [];
  const [row] = await queryRows<{ downline: number; direct: number; level: string | null }>(
    db,
    sql`select
          (select sponsor_count from downline_counts where user_id = me.id) as downline,
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

/** Admins: how many members hold each level (levels without members count 0), from the member tallies. */
export async function membersPerLevel(db: DbOrTx, locale: Locale): Promise<LevelCount[]> {
  const [names, perLevel] = await Promise.all([
    queryRows<{ level_id: number; name: string }>(
      db,
      sql`select l.id as level_id, ${levelName(locale)} as name from levels l order by l.id`,
    ),
    talliedMembersPerLevel(db),
  ]);
  return names.map((l) => ({ ...l, count: perLevel.get(Number(l.level_id)) ?? 0 }));
}

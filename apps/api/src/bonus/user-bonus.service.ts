import {
  type BonusDetail,
  type BonusDetailRow,
  BonusKey,
  bpToPercent,
  type CashBackItem,
  formatCents,
  hasPermission,
  Level,
  type Locale,
  Perm,
  type UserWalletBonus,
} from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { shownNameOf } from '../members/member.presenter';
import { users } from '../members/members.schema';
import type { AccountCaller } from '../platform/caller';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { badRequest, forbidden, notFound } from '../platform/http/errors';
import { allBonusTypes } from './bonus-types.routes';
import { localName } from './localized';

export interface DateRange {
  from: string;
  to: string;
}

/** Members read only their own bonuses; admins (member list permission) anyone's. */
export async function bonusSubject(db: DbOrTx, viewer: AccountCaller, id: number) {
  if (viewer.isAdmin ? !hasPermission(viewer.roleIds, Perm.userList) : viewer.id !== id) throw forbidden();
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      user_no: users.userNo,
      level_id: users.levelId,
      isAdmin: users.isAdmin,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!user || user.isAdmin) throw notFound('access.userDataNotFound');
  const { isAdmin: _a, ...rest } = user;
  return rest;
}

/**
 * A member's payouts (alias `p`) that stand and were credited: not reversed, and not held or forfeited (those are
 * listed apart, commission/commission.service.ts withheldPayouts).
 */
export const livePayouts = (userId: number) =>
  sql`p.user_id = ${userId} and p.reversed_at is null and p.status = 'paid'`;

const live = (userId: number, range: DateRange) =>
  sql`${livePayouts(userId)} and p.day >= ${range.from} and p.day <= ${range.to}`;

/** Bonus by day or by month: per-type totals over the range and one row per period (getUserWallet, docs/product/bonus.md). */
export async function userWalletBonus(
  db: DbOrTx,
  subject: UserWalletBonus['user'],
  range: DateRange,
  by: 'day' | 'month',
  locale: Locale,
): Promise<UserWalletBonus> {
  const format = by === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const rows = await queryRows<{ period: string; type_key: number; cents: string | number }>(
    db,
    sql`select to_char(p.day, ${format}) as period, p.type_key, sum(p.cents)::bigint as cents
        from bonus_payouts p where ${live(subject.id, range)} group by 1, 2 order by 1 desc, 2`,
  );
  const types = await allBonusTypes(db);
  const items = (cents: Map<number, number>): CashBackItem[] =>
    types
      .filter((t) => t.enabled || cents.has(t.key))
      .map((t) => ({
        key: String(t.key),
        text: localName(t, locale),
        value: formatCents(cents.get(t.key) ?? 0),
      }));
  const overall = new Map<number, number>();
  const periods = new Map<string, Map<number, number>>();
  for (const r of rows) {
    const cents = Number(r.cents);
    overall.set(r.type_key, (overall.get(r.type_key) ?? 0) + cents);
    const byType = periods.get(r.period) ?? new Map<number, number>();
    byType.set(r.type_key, cents);
    periods.set(r.period, byType);
  }
  const sum = (m: Map<number, number>) => [...m.values()].reduce((s, c) => s + c, 0);
  return {
    user: subject,
    cashBack: items(overall),
    list: [...periods].map(([period, byType]) => ({
      period,
      total: formatCents(sum(byType)),
      cashBack: items(byType),
    })),
  };
}

/** One type's payouts with its columns (cash_back, docs/product/bonus.md); type 3 is refused to level-1 members. */
export async function bonusDetail(
  db: DbOrTx,
  viewer: AccountCaller,
  subject: UserWalletBonus['user'],
  q: { key: number; filter: DateRange; page: number; pageSize: number },
  locale: Locale,
): Promise<BonusDetail> {
  if (q.key === BonusKey.globalDividend && subject.level_id < Level.Pioneer)
    throw badRequest('bonus.pathfinderExcluded');
  const type = (await allBonusTypes(db)).find((t) => t.key === q.key);
  if (!type) throw notFound();
  const where = sql`${live(subject.id, q.filter)} and p.type_key = ${q.key}`;
  const [agg] = await queryRows<{ count: number; cents: string | number | null }>(
    db,
    sql`select count(*)::int as count, coalesce(sum(p.cents), 0)::bigint as cents from bonus_payouts p where ${where}`,
  );
  const rows = await queryRows<{
    id: number;
    period: string;
    base_sp: string | number;
    ratio_bp: number | null;
    cents: string | number;
    shares: number | null;
    total_shares: number | null;
    pool_cents: string | number | null;
    created_at: string | Date;
    order_no: string | null;
    buyer_id: number | null;
    buyer: string | null;
    provider: string | null;
  }>(
    db,
    sql`select p.id, p.period, p.base_sp, p.ratio_bp, p.cents, p.shares, p.total_shares, p.pool_cents, p.created_at,
          o.order_no, b.id as buyer_id, b.name as buyer, pr.name as provider
        from bonus_payouts p
        left join orders o on o.id = p.order_id
        left join users b on b.id = o.user_id
        left join providers pr on pr.id = o.provider_id
        where ${where} order by p.day desc, p.id desc
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const list: BonusDetailRow[] = rows.map((r) => ({
    id: Number(r.id),
    period: r.period,
    order_no: r.order_no,
    buyer: shownNameOf(viewer, r.buyer_id, r.buyer),
    provider: r.provider,
    sales_point: Number(r.base_sp),
    ratio: r.ratio_bp === null ? null : `${bpToPercent(r.ratio_bp)}%`,
    shares: r.shares,
    total_shares: r.total_shares,
    pool: r.pool_cents === null ? null : formatCents(Number(r.pool_cents)),
    downline_user_id: q.key === BonusKey.team ? subject.id : null,
    amount: formatCents(Number(r.cents)),
    time: new Date(r.created_at).toISOString(),
  }));
  return {
    key: q.key,
    name: localName(type, locale),
    columns: type.columns,
    pool_rule:
      type.params.kind === 'poolShare'
        ? { ratio: bpToPercent(type.params.poolBp), sp_per_share: type.params.spPerShare }
        : null,
    total: formatCents(Number(agg?.cents ?? 0)),
    list,
    meta: { total: agg?.count ?? 0, page: q.page, pageSize: q.pageSize },
  };
}

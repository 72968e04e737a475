import { formatCents, type Locale, type RecentBonus, WithdrawalStatus } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { livePayouts } from '../bonus/user-bonus.service';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { activityQuarterHours } from './activity.schema';
import { count, type FigureSource, localizedName, money, monthStart, monthStartDay } from './figure-source';

/** Withdrawals waiting for an administrator: to review, or agreed and waiting to be paid. */
const PENDING_WITHDRAWALS = [WithdrawalStatus.inApplication, WithdrawalStatus.paymentInProgress];

/**
 * Admins: orders that count (done, not a refund row, not refunded) completed this month (of the business time zone),
 * summed from the quarter-hour activity rollup (activity.schema.ts): a month's few thousand buckets instead of its
 * orders (186,561 of them at 5M orders took half a second a view). A zone's month starts on a whole quarter hour.
 */
export const salesThisMonth: FigureSource = async (db, viewer, _locale, zone) => {
  if (!viewer.isAdmin) return [];
  const [row] = await queryRows<{ orders: number; amount: string; points: string }>(
    db,
    sql`select coalesce(sum(a.sales_count), 0)::int as orders, coalesce(sum(a.sales_cents), 0)::bigint as amount,
          coalesce(sum(a.sales_sp), 0)::bigint as points
        from ${activityQuarterHours} a where a.bucket >= ${monthStart(zone)}`,
  );
  return [
    count('salesOrdersThisMonth', row?.orders),
    money('salesAmountThisMonth', row?.amount),
    count('salesPointsThisMonth', row?.points),
  ];
};

/** Admins: what all wallets hold (available and frozen) and the withdrawals awaiting action. */
export const walletTotals: FigureSource = async (db, viewer) => {
  if (!viewer.isAdmin) return [];
  const [row] = await queryRows<{ available: string; frozen: string; pending: number }>(
    db,
    sql`select coalesce(sum(available_cents), 0)::bigint as available,
          coalesce(sum(frozen_cents), 0)::bigint as frozen,
          (select count(*)::int from withdrawals
            where status in (${sql.join(PENDING_WITHDRAWALS, sql`, `)})) as pending
        from wallets`,
  );
  return [
    money('walletAvailableTotal', row?.available),
    money('walletFrozenTotal', row?.frozen),
    count('pendingWithdrawals', row?.pending),
  ];
};

/**
 * Members: their own balances and the bonuses earned for this month's periods (business time zone), whenever paid: the meaning of
 * a month in the bonus-by-month report, which reads the same payouts (docs/product/bonus.md).
 */
export const ownWallet: FigureSource = async (db, viewer, _locale, zone) => {
  if (viewer.isAdmin) return [];
  const [row] = await queryRows<{ available: string | null; frozen: string | null; bonuses: string }>(
    db,
    sql`select (select available_cents from wallets where user_id = ${viewer.id}) as available,
          (select frozen_cents from wallets where user_id = ${viewer.id}) as frozen,
          (select coalesce(sum(p.cents), 0)::bigint from bonus_payouts p
            where ${livePayouts(viewer.id)} and p.day >= ${monthStartDay(zone)}) as bonuses`,
  );
  return [
    money('availableBalance', row?.available),
    money('frozenBalance', row?.frozen),
    money('bonusesThisMonth', row?.bonuses),
  ];
};

/** Members: their latest bonus credits, newest first. */
export async function recentBonuses(
  db: DbOrTx,
  userId: number,
  locale: Locale,
  limit = 5,
): Promise<RecentBonus[]> {
  const rows = await queryRows<{
    wallet_record_no: string;
    amount_cents: string;
    bonus_type: number | null;
    bonus_name: string | null;
    month: string;
    created_at: string | Date;
  }>(
    db,
    sql`select r.wallet_record_no, r.amount_cents, r.bonus_type, ${localizedName('bt', 'name_en', locale)} as bonus_name,
          r.month, r.created_at
        from wallet_records r left join bonus_types bt on bt.key = r.bonus_type
        where r.user_id = ${userId} and r.kind = 'bonus'
        order by r.id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    wallet_record_no: r.wallet_record_no,
    amount: formatCents(BigInt(String(r.amount_cents))),
    bonus_type: r.bonus_type == null ? null : Number(r.bonus_type),
    bonus_name: r.bonus_name,
    month: r.month,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

import {
  type DashboardMemberCharts,
  type DashboardMoneyCharts,
  formatCents,
  type Locale,
  WithdrawalStatus,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import { bonusTypeNames } from '../bonus/type-names';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { amountsByType, lastMonths } from './dashboard.charts';
import { downlineGrowth } from './downline-growth';

type TypeSum = { period: string; type_key: number; cents: string };

/**
 * The admin dashboard's money charts (docs/product/dashboard.md, "Money charts (administrators)").
 * Payouts: the per-type totals each settlement run keeps (`bonus_settlement_runs.totals`), of the real runs done,
 * per month of their period — a few hundred runs a year of about 21 types each, never the wallet records or
 * the payouts. Withdrawals: one grouped pass over the applications (one row each), per status.
 */
export async function dashboardMoneyCharts(
  db: DbOrTx,
  zone: string,
  locale: Locale,
  months: number,
  now = new Date(),
): Promise<DashboardMoneyCharts> {
  const monthList = lastMonths(zone, months, now);
  const payouts = await queryRows<TypeSum>(
    db,
    sql`select left(r.period, 7) as period, (t->>'typeKey')::int as type_key, sum((t->>'cents')::bigint) as cents
        from bonus_settlement_runs r cross join jsonb_array_elements(r.totals) t
        where not r.dry_run and r.status = 'done'
          and r.period >= ${monthList[0]} and left(r.period, 7) <= ${monthList.at(-1)}
        group by 1, 2`,
  );
  const queue = await queryRows<{ status: number; n: number; cents: string }>(
    db,
    sql`select status, count(*)::int as n, sum(amount_cents)::bigint as cents from withdrawals group by status`,
  );
  const byStatus = new Map(queue.map((q) => [Number(q.status), q]));
  return {
    zone,
    payouts: amountsByType(monthList, payouts, await bonusTypeNames(db, locale)),
    withdrawals: Object.values(WithdrawalStatus).map((status) => ({
      status,
      count: Number(byStatus.get(status)?.n ?? 0),
      amount: formatCents(Number(byStatus.get(status)?.cents ?? 0)),
    })),
  };
}

/**
 * A member's charts (docs/product/dashboard.md, "Charts (members)"): their bonus credits per bonus period month and
 * type (their wallet records, along wallet_records_user_idx), and the members who joined their sponsor downline per
 * business month (the downline joins rollup, downline-growth.ts).
 */
export async function dashboardMemberCharts(
  db: DbOrTx,
  zone: string,
  locale: Locale,
  userId: number,
  monthList: string[],
): Promise<Omit<DashboardMemberCharts, 'team'>> {
  const first = monthList[0]!;
  const last = monthList.at(-1)!;
  const earnings = await queryRows<TypeSum>(
    db,
    sql`select month as period, bonus_type as type_key, sum(amount_cents)::bigint as cents from wallet_records
        where user_id = ${userId} and kind = 'bonus' and bonus_type is not null
          and month >= ${first} and month <= ${last}
        group by 1, 2`,
  );
  return {
    zone,
    earnings: amountsByType(monthList, earnings, await bonusTypeNames(db, locale)),
    downline: await downlineGrowth(db, zone, userId, monthList),
  };
}

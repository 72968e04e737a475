import {
  type ActivityPoint,
  type DashboardCharts,
  dayIn,
  formatCents,
  type MonthAmountsByType,
  nextDay,
  periodInstants,
  startOfDayIn,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';

/** The day `n` days before `day` ('YYYY-MM-DD'). */
const daysBefore = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
};

/** The month `n` months before `month` ('YYYY-MM'). */
export const monthsBefore = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7);
};

type Row = {
  period: string;
  sales_count: number | string;
  sales_cents: number | string;
  sales_sp: number | string;
  new_members: number | string;
};

/** One period's sums of the activity rollup. */
export interface ActivitySums {
  salesCount: number;
  salesCents: number;
  salesSp: number;
  newMembers: number;
}

/**
 * The activity of `periods` (business days 'YYYY-MM-DD' or months 'YYYY-MM' of `zone`) from the quarter-hour rollup
 * (activity.schema.ts): its buckets between each period's start and end (cut to `days`, business days 'YYYY-MM-DD'
 * first to last inclusive: a range that starts or ends inside a month), summed per period. No order or member is
 * read.
 */
export async function activitySums(
  db: DbOrTx,
  zone: string,
  periods: string[],
  days?: { first: string; last: string },
): Promise<Map<string, ActivitySums>> {
  // Each period's instants in the zone, cut to `days`: the buckets are summed by range, with no time zone
  // conversion per bucket (a year of quarter hours is 35,040 of them).
  const range = days && { from: startOfDayIn(days.first, zone), to: startOfDayIn(nextDay(days.last), zone) };
  const bounds = periods.map((period) => {
    const { from, to } = periodInstants(period, zone)!;
    return {
      period,
      from_at: new Date(Math.max(from.getTime(), range?.from.getTime() ?? 0)).toISOString(),
      to_at: new Date(Math.min(to.getTime(), range?.to.getTime() ?? Infinity)).toISOString(),
    };
  });
  const rows = await queryRows<Row>(
    db,
    sql`select p.period, sum(a.sales_count) as sales_count, sum(a.sales_cents) as sales_cents,
          sum(a.sales_sp) as sales_sp, sum(a.new_members) as new_members
        from json_to_recordset(${JSON.stringify(bounds)}::json) as p(period text, from_at timestamptz, to_at timestamptz)
        join activity_quarter_hours a on a.bucket >= p.from_at and a.bucket < p.to_at
        group by p.period`,
  );
  const byPeriod = new Map(rows.map((r) => [r.period, r]));
  return new Map(
    periods.map((period) => {
      const r = byPeriod.get(period);
      return [
        period,
        {
          salesCount: Number(r?.sales_count ?? 0),
          salesCents: Number(r?.sales_cents ?? 0),
          salesSp: Number(r?.sales_sp ?? 0),
          newMembers: Number(r?.new_members ?? 0),
        },
      ];
    }),
  );
}

/** The activity of `periods` (oldest first) as the charts show it (activitySums). */
export async function activityOf(
  db: DbOrTx,
  zone: string,
  periods: string[],
  days?: { first: string; last: string },
): Promise<ActivityPoint[]> {
  const sums = await activitySums(db, zone, periods, days);
  return periods.map((period) => {
    const a = sums.get(period)!;
    return {
      period,
      sales_count: a.salesCount,
      sales: formatCents(a.salesCents),
      sp: a.salesSp,
      new_members: a.newMembers,
    };
  });
}

/** The last `months` business months up to the month of `now` in `zone` ('YYYY-MM', the oldest first). */
export const lastMonths = (zone: string, months: number, now = new Date()): string[] => {
  const current = dayIn(now, zone).slice(0, 7);
  return Array.from({ length: months }, (_, i) => monthsBefore(current, months - 1 - i));
};

/**
 * Amounts per month and bonus type (`rows` of sums in cents) as a chart draws them: every month of `monthList`,
 * the types with any amount, named by `nameOf`.
 */
export function amountsByType(
  monthList: string[],
  rows: Array<{ period: string; type_key: number | string; cents: number | string }>,
  nameOf: (key: number) => string,
): MonthAmountsByType {
  const keys = [...new Set(rows.map((r) => Number(r.type_key)))].sort((a, b) => a - b);
  const cents = new Map(rows.map((r) => [`${r.period}/${Number(r.type_key)}`, Number(r.cents)]));
  return {
    types: keys.map((key) => ({ key, name: nameOf(key) })),
    months: monthList.map((period) => ({
      period,
      amounts: keys.map((key) => formatCents(cents.get(`${period}/${key}`) ?? 0)),
    })),
  };
}

/** The last `days` business days and `months` business months up to today, in `zone` (docs/product/dashboard.md). */
export async function dashboardCharts(
  db: DbOrTx,
  zone: string,
  { days, months }: { days: number; months: number },
  now = new Date(),
): Promise<DashboardCharts> {
  const today = dayIn(now, zone);
  const dayList = Array.from({ length: days }, (_, i) => daysBefore(today, days - 1 - i));
  const monthList = lastMonths(zone, months, now);
  return {
    zone,
    days: await activityOf(db, zone, dayList),
    months: await activityOf(db, zone, monthList),
  };
}

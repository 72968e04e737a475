import {
  type ActivityPoint,
  type DashboardCharts,
  dayIn,
  formatCents,
  type MonthAmountsByType,
  nextDay,
  nextMonthStart,
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

/**
 * The activity of `periods` (business days 'YYYY-MM-DD' or months 'YYYY-MM' of `zone`, oldest first) from the
 * quarter-hour rollup (activity.schema.ts): its buckets between the first period's start and the last one's end,
 * summed per period in the zone. No order or member is read.
 */
async function activityOf(
  db: DbOrTx,
  zone: string,
  periods: string[],
  unit: 'day' | 'month',
): Promise<ActivityPoint[]> {
  const first = periods[0]!;
  const last = periods.at(-1)!;
  const from = startOfDayIn(unit === 'day' ? first : `${first}-01`, zone);
  const to = startOfDayIn(unit === 'day' ? nextDay(last) : nextMonthStart(last), zone);
  const format = unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const rows = await queryRows<Row>(
    db,
    sql`select to_char(bucket at time zone ${zone}, ${format}) as period, sum(sales_count) as sales_count,
          sum(sales_cents) as sales_cents, sum(sales_sp) as sales_sp, sum(new_members) as new_members
        from activity_quarter_hours where bucket >= ${from.toISOString()} and bucket < ${to.toISOString()}
        group by 1`,
  );
  const byPeriod = new Map(rows.map((r) => [r.period, r]));
  return periods.map((period) => {
    const r = byPeriod.get(period);
    return {
      period,
      sales_count: Number(r?.sales_count ?? 0),
      sales: formatCents(Number(r?.sales_cents ?? 0)),
      sp: Number(r?.sales_sp ?? 0),
      new_members: Number(r?.new_members ?? 0),
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
    days: await activityOf(db, zone, dayList, 'day'),
    months: await activityOf(db, zone, monthList, 'month'),
  };
}

import { dayIn } from '@app/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { dayOf } from '../platform/business-days';

/**
 * The date range shortcuts of the orders screen (docs/product/orders.md), as [start, end] days counted from
 * `today`: the business day of today (`businessToday`, platform/business-days.ts), not the browser's.
 */
export function dateShortcuts(t: (key: string, params?: Record<string, number>) => string, today: Dayjs) {
  const weeks = (n: number) => ({
    label: t('orders.lastWeeks', { count: n }),
    value: [today.subtract(n, 'week'), today],
  });
  return [
    { label: t('orders.today'), value: [today, today] },
    { label: t('orders.thisWeek'), value: [today.startOf('week'), today] },
    { label: t('orders.thisMonth'), value: [today.startOf('month'), today] },
    {
      label: t('orders.lastMonth'),
      value: [
        today.subtract(1, 'month').startOf('month'),
        today.subtract(1, 'month').endOf('month').startOf('day'),
      ],
    },
    weeks(1),
    weeks(2),
    weeks(3),
  ] as Array<{ label: string; value: [Dayjs, Dayjs] }>;
}

/**
 * A picked range as the list's completion filters: the first and the last day as bare dates, which the server takes
 * as days of the business time zone (the last one whole).
 */
export function rangeBounds(range: [Dayjs, Dayjs] | null | undefined) {
  if (!range) return {};
  return { date_from: dayOf(range[0]), date_to: dayOf(range[1]) };
}

/**
 * The filters back as the picked days. A bare date is the day itself; a date-time (a link from before the filters
 * sent days) is the business day of that instant, its exclusive end the day before.
 */
export function rangeOf(
  dateFrom: string | undefined,
  dateTo: string | undefined,
  zone: string,
): [Dayjs, Dayjs] | undefined {
  if (!dateFrom || !dateTo) return undefined;
  const bare = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  const from = bare(dateFrom) ? dateFrom : dayIn(dateFrom, zone);
  const to = bare(dateTo) ? dateTo : dayIn(new Date(Date.parse(dateTo) - 1), zone);
  return [dayjs(from), dayjs(to)];
}

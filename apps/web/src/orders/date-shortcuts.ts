import dayjs, { type Dayjs } from 'dayjs';

/** The date range shortcuts of the orders screen (docs/product/orders.md), as [start, end] days. */
export function dateShortcuts(
  t: (key: string, params?: Record<string, number>) => string,
  now: Dayjs = dayjs(),
) {
  const today = now.startOf('day');
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

/** A picked range as the list's completion-time bounds: local day start to the next day's start (exclusive). */
export function rangeBounds(range: [Dayjs, Dayjs] | null | undefined) {
  if (!range) return {};
  return {
    date_from: range[0].startOf('day').toISOString(),
    date_to: range[1].add(1, 'day').startOf('day').toISOString(),
  };
}

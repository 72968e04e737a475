/**
 * Days of the company's business time zone in the web app (the zone: `useBusinessTimeZone`, platform/current-user.ts).
 * Date filters, their shortcuts and reports count its days, whatever the browser's clock (docs/operations.md).
 */
import { dayIn, startOfDayIn } from '@app/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The browser's own time zone (IANA name). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Whether a day of `zone` may begin at another instant than the same date in the browser's `browser` zone: today's
 * or that of half a year on (the other side of a daylight-saving change). Asia/Shanghai has Hong Kong's days.
 */
export function daysDiffer(zone: string, browser: string, now = new Date()): boolean {
  if (zone === browser) return false;
  return [now, new Date(now.getTime() + 182 * 86_400_000)].some((at) => {
    const day = dayIn(at, zone);
    return startOfDayIn(day, zone).getTime() !== startOfDayIn(day, browser).getTime();
  });
}

/**
 * Today in `zone`, as the date pickers hold a day: that calendar date at the browser's midnight. The pickers and
 * their shortcuts ('today', 'this month', 'last 7 days') then count calendar days from the business day.
 */
export const businessToday = (zone: string, now: Date = new Date()): Dayjs => dayjs(dayIn(now, zone));

/** A picked day as a filter sends it: the bare date, which the server takes as a day of the business time zone. */
export const dayOf = (day: Dayjs | null | undefined): string | undefined => day?.format('YYYY-MM-DD');

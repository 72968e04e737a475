import { nextDay, startOfDayIn } from '@app/contracts';

const isDateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The first instant of a `date_from` filter: a bare date starts at its midnight in `zone`, the business time zone
 * (platform/business-time/); a date-time with its offset is exact.
 */
export const rangeStart = (v: string, zone: string): string =>
  (isDateOnly(v) ? startOfDayIn(v, zone) : new Date(v)).toISOString();

/**
 * The exclusive end of a `date_to` filter: a bare date includes that whole day of `zone` (to the next day's
 * midnight there); a date-time is the end itself.
 */
export const rangeEnd = (v: string, zone: string): string =>
  (isDateOnly(v) ? startOfDayIn(nextDay(v), zone) : new Date(v)).toISOString();

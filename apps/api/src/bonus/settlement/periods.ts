import { periodInstants } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import type { PeriodRange } from './settlement.loader';

/**
 * The range of a period of the business time zone `zone` to settle: 400 'validation.date' when it is no real
 * date (2026-02-30), 400 'bonus.futurePeriod' when it has not ended by `now`.
 */
export function periodRange(
  period: string,
  zone: string,
  now = new Date(),
): PeriodRange & { cadence: 'day' | 'month' } {
  const instants = periodInstants(period, zone);
  if (!instants) throw badRequest('validation.date');
  if (instants.to > now) throw badRequest('bonus.futurePeriod');
  return { ...instants, zone, month: period.slice(0, 7), cadence: period.length === 7 ? 'month' : 'day' };
}

/**
 * Periods that settle some of what `period` settles, in `column` (default: `period` of bonus_settlement_runs; a
 * settlement job's is in its params).
 */
export const overlappingPeriods = (period: string, column: SQL = sql`period`): SQL =>
  period.length === 7
    ? sql`${column} like ${`${period}%`}`
    : sql`${column} in (${period}, ${period.slice(0, 7)})`;

/** The period before: the day before a day, the month before a month. */
export function previousPeriod(period: string): string {
  const [y, m, d] = period.split('-').map(Number) as [number, number, number | undefined];
  return d === undefined
    ? new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7)
    : new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

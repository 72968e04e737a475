import { formatDate } from './format';

/**
 * The company's business days: bonus periods, date filters and reports are days and months of one IANA time zone
 * (the business time zone, `BUSINESS_TIME_ZONE`), not of the server or the viewer. These turn its calendar dates into
 * instants and back, exactly at every offset and daylight-saving change the runtime's time zone data knows.
 */

/** A new database's business time zone. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Hong_Kong';

/** True when the runtime knows `zone` as an IANA time zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** Milliseconds `zone`'s wall clock is ahead of UTC at `ms`. */
function offsetAt(ms: number, zone: string): number {
  const [y, mo, d, h, mi, s] = formatWall(ms, zone);
  return Date.UTC(y, mo - 1, d, h % 24, mi, s) - Math.floor(ms / 1000) * 1000;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();
function formatWall(ms: number, zone: string): [number, number, number, number, number, number] {
  let f = wallFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallFormats.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const n = (k: string) => Number(parts[k]);
  return [n('year'), n('month'), n('day'), n('hour'), n('minute'), n('second')];
}

/** The instant a wall-clock time of `zone` (given as if it were UTC) is. */
function wallInstant(wall: number, zone: string): Date {
  // Two corrections settle on the offset in force at that time (or just after, when a change skips it).
  let ms = wall - offsetAt(wall, zone);
  ms = wall - offsetAt(ms, zone);
  return new Date(ms);
}

/** The instant `zone`'s calendar day `day` ('YYYY-MM-DD') begins (its first wall-clock minute). */
export function startOfDayIn(day: string, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return wallInstant(Date.UTC(y, m - 1, d), zone);
}

/**
 * The instant a time written as the screens and exports write it (`2026-11-25 05:08`, seconds optional) is in
 * `zone`; null for any other text.
 */
export function instantIn(written: string, zone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(written.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  return wallInstant(Date.UTC(y!, mo! - 1, d!, h, mi, s), zone);
}

/** The calendar day ('YYYY-MM-DD') of `instant` in `zone`. */
export const dayIn = (instant: Date | string, zone: string): string => formatDate(instant, zone)!;

/** The day after `day` ('YYYY-MM-DD'), as the calendar counts. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The first day of the month after `month` ('YYYY-MM'). */
export function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/**
 * The instants [from, to) of a period of `zone`: a day 'YYYY-MM-DD' or a month 'YYYY-MM'. Null when the period
 * names no real date (2026-02-30).
 */
export function periodInstants(period: string, zone: string): { from: Date; to: Date } | null {
  const [y, m, d] = period.split('-').map(Number) as [number, number, number | undefined];
  const first = new Date(Date.UTC(y, m - 1, d ?? 1));
  if (first.getUTCMonth() !== m - 1 || (d !== undefined && first.getUTCDate() !== d)) return null;
  const firstDay = first.toISOString().slice(0, 10);
  const end = d === undefined ? nextMonthStart(period) : nextDay(firstDay);
  return { from: startOfDayIn(firstDay, zone), to: startOfDayIn(end, zone) };
}

/**
 * The start of the UTC month nearest to `instant`: a month of any zone starts within 14 hours of one, so a rollup
 * kept per UTC month gives a zone's month after counting only the few hours between the two.
 */
export function nearestUtcMonthStart(instant: Date): Date {
  const before = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), 1);
  const after = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() + 1, 1);
  const ms = instant.getTime();
  return new Date(ms - before <= after - ms ? before : after);
}

/** The instant the month of `zone` that holds `instant` begins (its 1st, at midnight there). */
export const monthStartIn = (instant: Date | string, zone: string): Date =>
  startOfDayIn(`${dayIn(instant, zone).slice(0, 7)}-01`, zone);

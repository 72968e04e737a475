import type { Locale } from './locales';

/**
 * The one way times, dates and counts are written, on screens (in the browser's time zone) and in exports (in
 * the requester's): `2026-11-25 05:08`, `2026-11-25`, `1,234,567`. Money is grouped by `formatMoney` on screens
 * and written as a number cell in exports.
 */
const PARTS = {
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  dateTime: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();

// Swedish writes ISO-ordered dates ("2026-11-25 05:08"), whatever the reader's language.
function formatter(kind: keyof typeof PARTS, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}/${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('sv-SE', { ...PARTS[kind], timeZone });
    formatters.set(key, found);
  }
  return found;
}

type Instant = string | Date | null | undefined;

const toDate = (value: Instant) => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** `2026-11-25 05:08` in `timeZone` (the runtime's own when left out); null for no time. */
export function formatDateTime(value: Instant, timeZone?: string): string | null {
  const date = toDate(value);
  return date && formatter('dateTime', timeZone).format(date);
}

/** `2026-11-25` in `timeZone` (the runtime's own when left out); null for no time. */
export function formatDate(value: Instant, timeZone?: string): string | null {
  const date = toDate(value);
  return date && formatter('date', timeZone).format(date);
}

/** A time zone the runtime knows (an IANA name such as `Asia/Hong_Kong`), else UTC. */
export function knownTimeZone(value: string | null | undefined): string {
  if (!value) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** A whole number (sales points, counts) grouped as the language groups it. */
export function formatCount(value: number | null | undefined, locale: Locale): string {
  return value === null || value === undefined ? '-' : value.toLocaleString(locale);
}

/** Groups the whole part of an API decimal string ("12345.60" → "12,345.60") without floating point. */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const [whole = '0', fraction = '00'] = String(value).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

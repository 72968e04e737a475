import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatMoney, knownTimeZone } from './format';
import { LOCALES } from './locales';

const at = '2026-11-24T21:15:54.000Z';

describe('formatDateTime / formatDate', () => {
  it('writes one pattern in the given time zone, whatever the language', () => {
    expect(formatDateTime(at, 'UTC')).toBe('2026-11-24 21:15');
    expect(formatDateTime(at, 'Asia/Hong_Kong')).toBe('2026-11-25 05:15');
    expect(formatDateTime(new Date(at), 'America/New_York')).toBe('2026-11-24 16:15');
    expect(formatDate(at, 'Asia/Shanghai')).toBe('2026-11-25');
    expect(formatDate(at, 'UTC')).toBe('2026-11-24');
  });

  it('answers null for no time or an unreadable one', () => {
    expect(formatDateTime(null, 'UTC')).toBeNull();
    expect(formatDateTime('', 'UTC')).toBeNull();
    expect(formatDate('not a date', 'UTC')).toBeNull();
  });

  it('keeps a known time zone and falls back to UTC otherwise', () => {
    expect(knownTimeZone('Asia/Hong_Kong')).toBe('Asia/Hong_Kong');
    expect(knownTimeZone('Mars/Olympus')).toBe('UTC');
    expect(knownTimeZone(undefined)).toBe('UTC');
  });
});

describe('formatCount and formatMoney', () => {
  it.each(LOCALES)('group thousands in %s', (locale) => {
    expect(formatCount(1234567, locale)).toBe('1,234,567');
    expect(formatCount(-17500, locale)).toBe('-17,500');
    expect(formatCount(null, locale)).toBe('-');
  });

  it('groups amounts and keeps two decimals without floating point', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('-1000.05')).toBe('-1,000.05');
    expect(formatMoney('12')).toBe('12.00');
    expect(formatMoney('90071992547409931.99')).toBe('90,071,992,547,409,931.99');
    expect(formatMoney(null)).toBe('-');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday, daysDiffer } from '../platform/business-days';
import { dateShortcuts, rangeBounds, rangeOf } from './date-shortcuts';

/** Half past midnight of 1 November in Hong Kong: still 31 October in New York (and in UTC). */
const HK_FIRST_OF_NOVEMBER = new Date('2026-10-31T16:30:00Z');
const t = (key: string, params?: Record<string, number>) => (params ? `${key}:${params.count}` : key);
const shortcut = (label: string, today = businessToday('Asia/Hong_Kong', HK_FIRST_OF_NOVEMBER)) =>
  rangeBounds(dateShortcuts(t, today).find((s) => s.label === label)!.value);

// A browser in New York: the shortcuts must still count Hong Kong days.
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = browserZone;
});

describe('date shortcuts in the business time zone', () => {
  it('count from the business day of today, not the browser’s', () => {
    expect(new Date(HK_FIRST_OF_NOVEMBER).getDate()).toBe(31);
    expect(businessToday('Asia/Hong_Kong', HK_FIRST_OF_NOVEMBER).format('YYYY-MM-DD')).toBe('2026-11-01');
    expect(businessToday('America/New_York', HK_FIRST_OF_NOVEMBER).format('YYYY-MM-DD')).toBe('2026-10-31');
    expect(shortcut('orders.today')).toEqual({ date_from: '2026-11-01', date_to: '2026-11-01' });
    expect(shortcut('orders.thisMonth')).toEqual({ date_from: '2026-11-01', date_to: '2026-11-01' });
    expect(shortcut('orders.lastMonth')).toEqual({ date_from: '2026-10-01', date_to: '2026-10-31' });
    expect(shortcut('orders.lastWeeks:1')).toEqual({ date_from: '2026-10-25', date_to: '2026-11-01' });
    expect(shortcut('orders.thisMonth', businessToday('UTC', HK_FIRST_OF_NOVEMBER))).toEqual({
      date_from: '2026-10-01',
      date_to: '2026-10-31',
    });
  });

  it('send the picked days as bare dates and read them back, and read a link’s date-times as business days', () => {
    const picked = rangeOf('2026-11-01', '2026-11-30', 'Asia/Hong_Kong')!;
    expect(rangeBounds(picked)).toEqual({ date_from: '2026-11-01', date_to: '2026-11-30' });
    // The instants a filter sent before: Hong Kong midnight to the next day's (exclusive).
    const old = rangeOf('2026-10-31T16:00:00.000Z', '2026-11-30T16:00:00.000Z', 'Asia/Hong_Kong')!;
    expect(rangeBounds(old)).toEqual({ date_from: '2026-11-01', date_to: '2026-11-30' });
    expect(rangeOf('2026-11-01', undefined, 'Asia/Hong_Kong')).toBeUndefined();
    expect(rangeBounds(null)).toEqual({});
  });

  it('tell when a day of the business zone begins at another hour than the browser’s', () => {
    expect(daysDiffer('Asia/Hong_Kong', 'America/New_York', HK_FIRST_OF_NOVEMBER)).toBe(true);
    expect(daysDiffer('Asia/Hong_Kong', 'Asia/Hong_Kong', HK_FIRST_OF_NOVEMBER)).toBe(false);
    // Same clock all year, another name: nothing to misread.
    expect(daysDiffer('Asia/Hong_Kong', 'Asia/Shanghai', HK_FIRST_OF_NOVEMBER)).toBe(false);
    // Same clock today, not after the daylight-saving change.
    expect(daysDiffer('Europe/London', 'Africa/Abidjan', new Date('2026-12-01T12:00:00Z'))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { dayIn, instantIn, isTimeZone, monthStartIn, periodInstants, startOfDayIn } from './business-time';

describe('business time zone days', () => {
  it('starts a Hong Kong day at 16:00 UTC the day before', () => {
    expect(startOfDayIn('2026-11-01', 'Asia/Hong_Kong').toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(dayIn(new Date('2026-10-31T16:30:00Z'), 'Asia/Hong_Kong')).toBe('2026-11-01');
    expect(dayIn(new Date('2026-10-31T15:59:59Z'), 'Asia/Hong_Kong')).toBe('2026-10-31');
  });

  it('gives a month its local bounds, and refuses a date that does not exist', () => {
    expect(periodInstants('2026-10', 'Asia/Hong_Kong')).toEqual({
      from: new Date('2026-09-30T16:00:00Z'),
      to: new Date('2026-10-31T16:00:00Z'),
    });
    expect(periodInstants('2026-12', 'UTC')).toEqual({
      from: new Date('2026-12-01T00:00:00Z'),
      to: new Date('2027-01-01T00:00:00Z'),
    });
    expect(periodInstants('2026-02-30', 'UTC')).toBeNull();
  });

  it('follows daylight-saving changes: a New York day of 23 and of 25 hours', () => {
    const spring = periodInstants('2026-03-08', 'America/New_York')!;
    expect(spring.from.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const autumn = periodInstants('2026-11-01', 'America/New_York')!;
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
  });

  it('finds where the month holding an instant began in a zone', () => {
    const halfPast = new Date('2026-10-31T16:30:00Z');
    expect(monthStartIn(halfPast, 'Asia/Hong_Kong').toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(monthStartIn(halfPast, 'UTC').toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(monthStartIn(halfPast, 'America/New_York').toISOString()).toBe('2026-10-01T04:00:00.000Z');
  });

  it('knows zone names and refuses others', () => {
    expect(isTimeZone('Asia/Hong_Kong')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('instantIn', () => {
  it('reads a written time in a zone, seconds optional, and refuses other texts', () => {
    expect(instantIn('2026-04-10 07:30', 'Asia/Hong_Kong')?.toISOString()).toBe('2026-04-09T23:30:00.000Z');
    expect(instantIn('2026-07-01 12:00:05', 'Europe/London')?.toISOString()).toBe('2026-07-01T11:00:05.000Z');
    expect(instantIn('2026-04-10T07:30:00Z', 'Asia/Hong_Kong')).toBeNull();
    expect(instantIn('10/04/2026 07:30', 'Asia/Hong_Kong')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { interpolate } from './locales';
import { translate } from './messages';

describe('counts in messages', () => {
  it('groups a count as the language groups it', () => {
    expect(translate('sales.refundConfirmed', 'en-US', { count: 3020139 })).toBe(
      'Refund confirmed: 3,020,139 bonus records reversed',
    );
    expect(translate('sales.refundConfirmed', 'zh-HK', { count: 100000 })).toContain('100,000');
    expect(translate('sales.refundConfirmed', 'en-US', { count: 1 })).toBe(
      'Refund confirmed: 1 bonus record reversed',
    );
  });

  it('leaves identifying numbers and texts as they are', () => {
    expect(
      interpolate('product {id} of {year}: {count}', { id: 12345, year: 2026, count: 12345 }, 'en-US'),
    ).toBe('product 12345 of 2026: 12,345');
    expect(interpolate('{name}', { name: '1234567' }, 'en-US')).toBe('1234567');
  });
});

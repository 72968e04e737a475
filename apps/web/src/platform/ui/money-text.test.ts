import { describe, expect, it } from 'vitest';
import { formatMoney } from './MoneyText';

describe('formatMoney', () => {
  it('groups thousands and keeps two decimals without floating point', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('-1000.05')).toBe('-1,000.05');
    expect(formatMoney('12')).toBe('12.00');
    expect(formatMoney('90071992547409931.99')).toBe('90,071,992,547,409,931.99');
    expect(formatMoney(null)).toBe('-');
  });
});

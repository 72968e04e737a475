import { describe, expect, it } from 'vitest';
import { formatCents, parseCents, positiveAmount } from './money';

describe('money', () => {
  it('formats cents as decimal strings without floating point', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(123456)).toBe('1234.56');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(9007199254740991n)).toBe('90071992547409.91');
  });
  it('parses at most two decimals and refuses anything else', () => {
    expect(parseCents('12')).toBe(1200);
    expect(parseCents('12.3')).toBe(1230);
    expect(parseCents(0.1)).toBe(10);
    expect(parseCents('1.005')).toBeNull();
    expect(parseCents('-1')).toBeNull();
    expect(parseCents('1e3')).toBeNull();
    expect(parseCents('abc')).toBeNull();
  });
  it('positiveAmount refuses zero, negatives and huge amounts with message keys', () => {
    expect(positiveAmount.parse('10.50')).toBe(1050);
    expect(positiveAmount.safeParse('0').error?.issues[0]?.message).toBe('validation.amountPositive');
    expect(positiveAmount.safeParse('-3').error?.issues[0]?.message).toBe('validation.amount');
    expect(positiveAmount.safeParse('100000000.01').error?.issues[0]?.message).toBe(
      'validation.amountTooLarge',
    );
  });
});

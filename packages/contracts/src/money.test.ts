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
  it('positiveAmount gives each bad input its own message key', () => {
    expect(positiveAmount.parse('10.50')).toBe(1050);
    expect(positiveAmount.parse(0.1)).toBe(10);
    expect(positiveAmount.parse('100000000.00')).toBe(10_000_000_000);
    const cases: Array<[unknown, string]> = [
      [undefined, 'validation.required'],
      [null, 'validation.required'],
      ['  ', 'validation.required'],
      ['0', 'validation.amountPositive'],
      [0, 'validation.amountPositive'],
      ['0.00', 'validation.amountPositive'],
      ['-3', 'validation.amountPositive'],
      [-5, 'validation.amountPositive'],
      ['-0.001', 'validation.amountPositive'],
      ['0.001', 'validation.amount'],
      [0.005, 'validation.amount'],
      ['12.345', 'validation.amount'],
      ['100000000.01', 'validation.amountTooLarge'],
      ['1234567890123', 'validation.amountTooLarge'],
      ['99999999999999999999.5', 'validation.amountTooLarge'],
      [1e21, 'validation.amountTooLarge'],
      ['ten', 'validation.number'],
      ['1e3', 'validation.number'],
      ['.5', 'validation.number'],
      [true, 'validation.number'],
      [Number.NaN, 'validation.number'],
    ];
    for (const [input, key] of cases)
      expect(positiveAmount.safeParse(input).error?.issues[0]?.message, String(input)).toBe(key);
  });
});

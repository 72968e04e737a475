import { z } from 'zod';

/**
 * Money travels as decimal strings and is stored as integer cents.
 * Formatting floors to 2 places (SPEC.md §9); no floating point is involved.
 */
export function formatCents(cents: number | bigint): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${frac}`;
}

/** Largest accepted single amount: 100,000,000.00 */
export const MAX_AMOUNT_CENTS = 10_000_000_000;

/** Parses "12", "12.3" or "12.34" (or a number with at most 2 decimals) into cents; null when invalid. */
export function parseCents(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A positive money amount, given as a string or number, validated to whole cents and turned into cents. */
export const positiveAmount = z
  .union([z.string(), z.number()], { message: 'validation.amount' })
  .transform((value, ctx) => {
    const cents = parseCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'validation.amount' });
      return z.NEVER;
    }
    if (cents <= 0) {
      ctx.addIssue({ code: 'custom', message: 'validation.amountPositive' });
      return z.NEVER;
    }
    if (cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'validation.amountTooLarge' });
      return z.NEVER;
    }
    return cents;
  });

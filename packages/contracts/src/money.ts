import { z } from 'zod';

/**
 * Money travels as decimal strings and is stored as integer cents.
 * Formatting floors to 2 places (docs/product/README.md); no floating point is involved.
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

/** Why an input is not a positive amount of whole cents — a catalogue key — or null when it is one. */
export type AmountProblem =
  | 'validation.required'
  | 'validation.number'
  | 'validation.amount'
  | 'validation.amountPositive'
  | 'validation.amountTooLarge';

export function amountProblem(input: unknown): AmountProblem | null {
  if (input == null || (typeof input === 'string' && input.trim() === '')) return 'validation.required';
  if (typeof input === 'number') {
    if (Number.isNaN(input)) return 'validation.number';
    if (input <= 0) return 'validation.amountPositive';
    if (input * 100 > MAX_AMOUNT_CENTS) return 'validation.amountTooLarge';
    if (input < 0.01) return 'validation.amount';
  } else if (typeof input !== 'string') return 'validation.number';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(input).trim());
  if (!match) return 'validation.number';
  const [, sign, whole = '', decimals = ''] = match;
  if (sign || !/[1-9]/.test(whole + decimals)) return 'validation.amountPositive';
  if (whole.replace(/^0+/, '').length > 12) return 'validation.amountTooLarge';
  if (decimals.length > 2) return 'validation.amount';
  const cents = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  return cents > MAX_AMOUNT_CENTS ? 'validation.amountTooLarge' : null;
}

/** An amount as sent: a string or a number (missing → required, anything else → must be a number). */
export function amountInput() {
  return z.union([z.string(), z.number()], {
    error: (issue) => (issue.input == null ? 'validation.required' : 'validation.number'),
  });
}

/**
 * A positive money amount, given as a string or number, turned into cents. Each bad input gets its own
 * message: missing → required, not a plain decimal → must be a number, zero or negative → must be greater
 * than 0, more than 100,000,000.00 → too large, finer than a cent → at most 2 decimals.
 */
export const positiveAmount = amountInput().transform((value, ctx) => {
  const problem = amountProblem(value);
  const cents = problem ? null : parseCents(value);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: problem ?? 'validation.amount' });
    return z.NEVER;
  }
  return cents;
});

import { z } from 'zod';
import { LIMITS } from '../constants';
import { pageQuery } from '../envelope';
import { email, optionalText, requiredText } from '../fields';
import { intFromQuery, serialId } from '../integers';
import { statusValue } from './permission';

/** Percent with at most 2 decimals (0–100), carried as basis points (percent × 100). */
export const percentToBp = z
  .union([z.string(), z.number()], { message: 'validation.required' })
  .transform((value, ctx) => {
    const text = String(value).trim();
    const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: text === '' ? 'validation.required' : 'validation.number' });
      return z.NEVER;
    }
    const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    if (bp < LIMITS.proportionMin * 100 || bp > LIMITS.proportionMax * 100) {
      ctx.addIssue({ code: 'custom', message: 'sales.proportionRange' });
      return z.NEVER;
    }
    return bp;
  });

export const formatBp = (bp: number) => `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** Provider form (docs/product/providers.md): name required; proportion 0–100 required; email required and valid; phone optional. */
export const providerBody = z.object({
  name: requiredText(100),
  proportion: percentToBp,
  phone: optionalText(30).nullable(),
  email,
  status: statusValue.default(1),
  /** user_no of the member who referred the provider (channel bonus). */
  referrer_user_no: z.preprocess(blankToNull, z.string().trim().max(30, 'validation.tooLong').nullable()),
});
export type ProviderBody = z.input<typeof providerBody>;
export type ProviderInput = z.output<typeof providerBody>;

export const providerListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, 'validation.tooLong').optional(),
  status: intFromQuery(1, 2).optional(),
  /** Providers referred by this member (the member's wallet accordion). */
  referrer_user_id: serialId.optional(),
});

export interface ProviderView {
  id: number;
  provider_no: string;
  name: string;
  /** percent, e.g. "12.50" */
  proportion: string;
  phone: string | null;
  email: string;
  status: 1 | 2;
  referrer_user_id: number | null;
  referrer_user_no: string | null;
  referrer_name: string | null;
  order_count: number;
  created_at: string;
}

import { z } from 'zod';
import { pageQuery } from '../envelope';
import { requiredText } from '../fields';
import { intFromQuery, PG_INTEGER_MAX, serialId } from '../integers';
import { MAX_AMOUNT_CENTS, parseCents } from '../money';
import { statusValue } from './permission';

/** Order / product source types (docs/product/orders.md). */
export const SOURCE_TYPES = [1, 2, 3] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
export const SourceType = { membership: 1, paidCourse: 2, aiProfiling: 3 } as const;
export const sourceTypeValue = z.coerce
  .number({ message: 'validation.choice' })
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'validation.choice' }));

/** A non-negative money amount ("0", "12.5", 12.34) of at most 100,000,000.00, turned into cents. */
export const amountCents = z
  .union([z.string(), z.number()], { message: 'validation.required' })
  .transform((value, ctx) => {
    const cents = parseCents(value);
    if (cents !== null && cents <= MAX_AMOUNT_CENTS) return cents;
    const text = String(value).trim();
    const message =
      cents !== null || /^\d{13,}(\.\d*)?$/.test(text)
        ? 'validation.amountTooLarge'
        : text.startsWith('-')
          ? 'validation.amountNegative'
          : 'validation.amount';
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

export const tagList = z
  .array(z.string().trim().min(1, 'validation.required').max(40, 'validation.tooLong'), {
    message: 'validation.invalid',
  })
  .max(20, 'validation.max');

const optionalId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : v),
  serialId.nullable(),
);

/** Product edit/create form. A membership (source type 1) must name the level it grants. */
export const productBody = z
  .object({
    name: requiredText(200),
    provider_id: optionalId,
    price: amountCents,
    sales_points: intFromQuery(0, PG_INTEGER_MAX),
    source_type: sourceTypeValue,
    grants_level_id: optionalId,
    tags: tagList.default([]),
    status: statusValue.default(1),
  })
  .refine((p) => p.source_type !== 1 || p.grants_level_id !== null, {
    message: 'sales.levelRequired',
    path: ['grants_level_id'],
  });
export type ProductBody = z.input<typeof productBody>;
export type ProductInput = z.output<typeof productBody>;

export const productListBody = pageQuery.extend({
  keyword: z.string().trim().max(100, 'validation.tooLong').optional(),
  provider_id: serialId.optional(),
  source_type: sourceTypeValue.optional(),
  status: intFromQuery(1, 2).optional(),
  tags: tagList.optional(),
});
export type ProductListBody = z.input<typeof productListBody>;

export interface ProductView {
  id: number;
  name: string;
  provider_id: number | null;
  provider_no: string | null;
  provider_name: string | null;
  price: string;
  sales_points: number;
  source_type: SourceType;
  grants_level_id: number | null;
  tags: string[];
  status: 1 | 2;
  created_at: string;
}

import { z } from 'zod';
import { serialId } from '../integers';
import { amountCents } from './products';

const blankToNone = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A day of the company's business time zone (`2026-03-01`); in `date_to` that whole day is included. */
const businessDay = z.preprocess(blankToNone, z.iso.date({ message: 'validation.date' }).optional());
const amountBound = z.preprocess(blankToNone, amountCents.optional());

/**
 * The filters the withdrawal and recharge lists share (docs/product/withdrawals.md, recharge.md): the member, the
 * days it was made (business days), its amount from and to (cents once parsed; both ends included).
 */
export const moneyListFilterFields = {
  user_id: serialId.optional(),
  date_from: businessDay,
  date_to: businessDay,
  amount_min: amountBound,
  amount_max: amountBound,
};
export interface MoneyListFilter {
  user_id?: number;
  date_from?: string;
  date_to?: string;
  amount_min?: number;
  amount_max?: number;
}

/** `export=1` on a list's query: the whole filtered list as a spreadsheet job instead of a page. */
export const exportFlag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')], {
    message: 'validation.choice',
  })
  .transform((v) => v === '1' || v === 'true')
  .optional();

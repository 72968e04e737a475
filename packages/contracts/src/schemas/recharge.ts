import { z } from 'zod';
import { MAX_PAGE_SIZE, type Paged, pageQuery } from '../envelope';
import { optionalText } from '../fields';
import { intFromQuery, PG_INTEGER_MAX, serialId } from '../integers';
import { positiveAmount } from '../money';

/** Recharge states: created pending, then completed (wallet credited) or rejected, once. */
export const RechargeStatus = { pending: 1, completed: 2, rejected: 3 } as const;
export type RechargeStatus = (typeof RechargeStatus)[keyof typeof RechargeStatus];

/** Largest accepted proof image. */
export const RECHARGE_PROOF_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Fields of `POST /api/recharge/create` (multipart, or JSON without a proof).
 * The member comes first: without one the form answers "Please select a member first".
 */
export const createRechargeFields = z.object({
  user_id: intFromQuery(1, PG_INTEGER_MAX, 'wallet.memberRequired'),
  amount: positiveAmount,
  points: intFromQuery(0, 100_000_000).optional(),
  remark: optionalText(300),
});
export type CreateRechargeFields = z.input<typeof createRechargeFields>;

export const rechargeListQuery = pageQuery.extend({
  pageSize: intFromQuery(1, MAX_PAGE_SIZE).default(20),
  status: intFromQuery(1, 3).optional(),
  user_id: serialId.optional(),
});

export interface RechargeItem {
  id: number;
  amount: string;
  points: number;
  remark: string | null;
  status: RechargeStatus;
  has_proof: boolean;
  created_at: string;
  handled_at: string | null;
  user: { id: number; name: string; user_no: string };
}
export type RechargeList = Paged<RechargeItem>;

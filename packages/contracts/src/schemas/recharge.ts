import { z } from 'zod';
import { MAX_PAGE_SIZE, type Paged, pageQuery } from '../envelope';
import { optionalText } from '../fields';
import { intFromQuery, PG_INTEGER_MAX } from '../integers';
import { positiveAmount } from '../money';
import { bulkIds } from './bulk';
import { exportFlag, moneyListFilterFields } from './money-lists';

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

/** `POST /api/recharge/bulk`: complete or reject each pending recharge (docs/product/recharge.md, "Bulk actions"). */
export const rechargeBulkBody = z.object({
  ids: bulkIds,
  outcome: z.enum(['complete', 'reject'], { message: 'validation.choice' }),
});
export type RechargeBulkBody = z.input<typeof rechargeBulkBody>;

/** The recharge list: status and the filters every money list has; `export=1` for a spreadsheet job. */
export const rechargeListQuery = pageQuery.extend({
  pageSize: intFromQuery(1, MAX_PAGE_SIZE).default(20),
  status: intFromQuery(1, 3).optional(),
  ...moneyListFilterFields,
  export: exportFlag,
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

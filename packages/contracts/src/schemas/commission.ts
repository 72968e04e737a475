import { z } from 'zod';
import { pageQuery } from '../envelope';

/**
 * A member's commission status (docs/product/bonus.md): `pay` credits their bonus payouts to the wallet; `hold`
 * records them held (credited once each when the status returns to pay); `forfeit` records them forfeited, never
 * credited. Set by administrators with the member list permission, with a reason (hold, forfeit), audited.
 */
export const COMMISSION_STATUSES = ['pay', 'hold', 'forfeit'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** How a bonus payout was recorded: credited, held (not in the wallet yet) or forfeited (never credited). */
export const PAYOUT_STATUSES = ['paid', 'held', 'forfeited'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Longest reason an administrator may give for a commission status. */
export const COMMISSION_REASON_MAX = 500;

export const commissionStatus = z.enum(COMMISSION_STATUSES, { message: 'validation.choice' });

/** `PUT /api/users/{id}/commission-status`: a reason (trimmed, at most 500 characters) is required to hold or forfeit. */
export const commissionStatusBody = z
  .object({
    status: commissionStatus,
    reason: z
      .string({ message: 'validation.invalid' })
      .trim()
      .max(COMMISSION_REASON_MAX, 'validation.tooLong')
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((b, ctx) => {
    if (b.status !== 'pay' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'commission.reasonRequired' });
  });
export type CommissionStatusBody = z.input<typeof commissionStatusBody>;

export interface PayoutSum {
  count: number;
  amount: string;
}

/** What a status change did: the member's new status, and the held payouts it credited (release) or forfeited. */
export interface CommissionStatusResult {
  id: number;
  commission_status: CommissionStatus;
  commission_reason: string | null;
  released: PayoutSum;
  forfeited: PayoutSum;
}

/** `GET /api/users/{id}/withheld-payouts`: a page of a member's held and forfeited payouts (not reversed), newest first. */
export const withheldPayoutsQuery = pageQuery.pick({ page: true, pageSize: true }).extend({
  status: z.enum(['held', 'forfeited'], { message: 'validation.choice' }).optional(),
});
export type WithheldPayoutsQuery = z.input<typeof withheldPayoutsQuery>;

export interface WithheldPayout {
  id: number;
  status: Exclude<PayoutStatus, 'paid'>;
  type_key: number;
  type_name: string;
  period: string;
  order_no: string | null;
  amount: string;
  created_at: string;
}

export interface WithheldPayouts {
  /** The member's commission status now and the administrator's reason (for administrators and the member). */
  commission_status: CommissionStatus;
  commission_reason: string | null;
  /** Every held and every forfeited payout of the member (not reversed), whatever the page. */
  held: PayoutSum;
  forfeited: PayoutSum;
  list: WithheldPayout[];
  meta: { total: number; page: number; pageSize: number };
}

import { z } from 'zod';
import { MAX_PAGE_SIZE, type Paged, pageQuery } from '../envelope';
import { optionalText, requiredText } from '../fields';
import { intFromQuery } from '../integers';
import { amountInput, amountProblem, positiveAmount } from '../money';
import { bulkIds } from './bulk';
import { exportFlag, moneyListFilterFields } from './money-lists';

/** Withdrawal statuses (docs/product/withdrawals.md). */
export const WithdrawalStatus = {
  inApplication: 1,
  rejected: 2,
  cancelled: 3,
  paymentInProgress: 4,
  paymentFailed: 5,
  paid: 6,
} as const;
export type WithdrawalStatus = (typeof WithdrawalStatus)[keyof typeof WithdrawalStatus];

/** Admin steps of `POST /api/wallet/admin/next/{id}`. */
export const WITHDRAWAL_ACTIONS = ['agree', 'refuse', 'paid', 'failed'] as const;
export type WithdrawalAction = (typeof WITHDRAWAL_ACTIONS)[number];

/** docs/product/withdrawals.md: the only transitions; anything else is "status error". */
export const WITHDRAWAL_TRANSITIONS: Record<
  WithdrawalAction | 'cancel',
  { from: WithdrawalStatus; to: WithdrawalStatus }
> = {
  agree: { from: WithdrawalStatus.inApplication, to: WithdrawalStatus.paymentInProgress },
  refuse: { from: WithdrawalStatus.inApplication, to: WithdrawalStatus.rejected },
  cancel: { from: WithdrawalStatus.inApplication, to: WithdrawalStatus.cancelled },
  paid: { from: WithdrawalStatus.paymentInProgress, to: WithdrawalStatus.paid },
  failed: { from: WithdrawalStatus.paymentInProgress, to: WithdrawalStatus.paymentFailed },
};

/** A positive amount; zero or negative gets "The withdrawal amount must be greater than 0" (docs/product/withdrawals.md). */
const withdrawalAmount = amountInput()
  .refine((v) => amountProblem(v) !== 'validation.amountPositive', {
    message: 'wallet.withdrawalMustBePositive',
    abort: true,
  })
  .pipe(positiveAmount);

/** `POST /api/wallet/create-withdraw-record` (member). */
export const createWithdrawalBody = z.object({
  amount: withdrawalAmount,
  bank_card_number: requiredText(40).regex(/^[0-9 -]+$/, 'validation.invalid'),
  bank_code: requiredText(20),
  bank_name: requiredText(100),
  bank_account_name: optionalText(100),
  bank_country: optionalText(60),
  remark: optionalText(200),
});
export type CreateWithdrawalBody = z.input<typeof createWithdrawalBody>;

/** `POST /api/wallet/admin/next/{id}`: a refusal needs its reason. */
export const withdrawalNextBody = z
  .object({
    action: z.enum(WITHDRAWAL_ACTIONS, { message: 'validation.choice' }),
    reason: optionalText(300),
    remark: optionalText(300),
  })
  .refine((b) => b.action !== 'refuse' || !!b.reason, { message: 'wallet.reasonRequired', path: ['reason'] });
export type WithdrawalNextBody = z.input<typeof withdrawalNextBody>;

/** The steps an administrator takes on many applications at once (docs/product/withdrawals.md, "Bulk actions"). */
export const WITHDRAWAL_BULK_ACTIONS = ['agree', 'refuse', 'paid'] as const;

/** `POST /api/wallet/admin/bulk`: one step on each application, a refusal with one reason for all. */
export const withdrawalBulkBody = z
  .object({
    ids: bulkIds,
    action: z.enum(WITHDRAWAL_BULK_ACTIONS, { message: 'validation.choice' }),
    reason: optionalText(300),
  })
  .refine((b) => b.action !== 'refuse' || !!b.reason, { message: 'wallet.reasonRequired', path: ['reason'] });
export type WithdrawalBulkBody = z.input<typeof withdrawalBulkBody>;

/** The withdrawal lists: status, a member id or name, and the filters every money list has; `export=1` (administrators). */
export const withdrawalListQuery = pageQuery.extend({
  pageSize: intFromQuery(1, MAX_PAGE_SIZE).default(20),
  status: intFromQuery(1, 6).optional(),
  keyword: z.string().trim().max(100, 'validation.tooLong').optional(),
  ...moneyListFilterFields,
  export: exportFlag,
});
export type WithdrawalListQuery = z.input<typeof withdrawalListQuery>;

export interface WithdrawalItem {
  id: number;
  amount: string;
  status: WithdrawalStatus;
  bank_card_number: string;
  bank_code: string;
  bank_name: string;
  bank_account_name: string | null;
  bank_country: string | null;
  remark: string | null;
  reason: string | null;
  created_at: string;
  updated_at: string;
  user: { id: number; name: string; user_no: string };
}
export type WithdrawalList = Paged<WithdrawalItem>;

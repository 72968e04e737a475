import { z } from 'zod';
import { UI } from '../constants';
import { MAX_PAGE_SIZE, type Paged, pageQuery } from '../envelope';
import { optionalText, requiredText } from '../fields';
import { intFromQuery, serialId } from '../integers';
import { positiveAmount } from '../money';
import { exportFlag } from './money-lists';

/** Wallet record kinds (what caused a balance change). */
export const WALLET_RECORD_KINDS = [
  'recharge',
  'withdraw_freeze',
  'withdraw_release',
  'withdraw_paid',
  'transfer_in',
  'transfer_out',
  'bonus',
  'bonus_reversal',
  'refund',
  'adjustment',
] as const;
export type WalletRecordKind = (typeof WALLET_RECORD_KINDS)[number];

export const WALLET_RECORD_STATES = ['complete', 'pending', 'returned', 'paid'] as const;
export type WalletRecordState = (typeof WALLET_RECORD_STATES)[number];

/** `GET /api/wallet/{id}`: decimal strings. `total` is the available balance, `freezeTotal` the frozen one. */
export interface WalletSummary {
  user_id: number;
  total: string;
  freezeTotal: string;
}

export interface WalletRecordItem {
  id: number;
  wallet_record_no: string;
  amount: string;
  /** 1 add, 2 reduce */
  action: 1 | 2;
  /** 1 complete, 0 pending */
  status: 0 | 1;
  /**
   * What the record means now: complete; or for a hold (pending) whether the money is still frozen ('pending'),
   * back in the available balance ('returned') or paid out ('paid').
   */
  state: WalletRecordState;
  kind: WalletRecordKind;
  bonus_type: number | null;
  reference_type: string | null;
  reference_id: string | null;
  month: string;
  day: string;
  remark: string | null;
  balance_after: string;
  frozen_after: string;
  to_balance_at: string | null;
  created_at: string;
  user: { id: number; name: string; user_no: string };
}

/** `GET /api/wallet/{id}/record` (page size 10 by default). */
export const walletRecordQuery = pageQuery.extend({
  pageSize: intFromQuery(1, MAX_PAGE_SIZE).default(UI.walletRecordsPageSize),
});

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

/** `GET /api/wallet/recordList` (admin): filters, and `export=1` for a spreadsheet. */
export const walletRecordListQuery = walletRecordQuery.extend({
  /** Member id (user_no), name or email, exact user_no or contains on name. */
  keyword: z.string().trim().max(100, 'validation.tooLong').optional(),
  user_id: serialId.optional(),
  kind: z.enum(WALLET_RECORD_KINDS, { message: 'validation.choice' }).optional(),
  action: intFromQuery(1, 2).optional(),
  status: intFromQuery(0, 1).optional(),
  /** What the list's Status column shows: complete, or a hold still pending, returned or paid out. */
  state: z.enum(WALLET_RECORD_STATES, { message: 'validation.choice' }).optional(),
  bonus_type: intFromQuery(1, 21).optional(),
  start_date: dateText.optional(),
  end_date: dateText.optional(),
  export: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type WalletRecordListQuery = z.input<typeof walletRecordListQuery>;

/** Totals of every matching record (not only the page). */
export interface WalletRecordTotals {
  totalAdd: string;
  totalReduce: string;
}
export type WalletRecordList = Paged<WalletRecordItem, WalletRecordTotals>;

/** `POST /api/wallet/sendTransfer`: recipient by member id (user_no). */
export const sendTransferBody = z.object({
  user_no: requiredText(40),
  amount: positiveAmount,
  remark: optionalText(200),
});
export type SendTransferBody = z.input<typeof sendTransferBody>;

/** `GET /api/wallet/recipient` (members): who a transfer to this member id would reach. */
export const transferRecipientQuery = z.object({ user_no: requiredText(40) });
export type TransferRecipientQuery = z.input<typeof transferRecipientQuery>;

/** The recipient as a member may see them: member id and masked name. */
export interface TransferRecipient {
  user_no: string;
  name: string;
}

export interface TransferItem {
  id: number;
  amount: string;
  remark: string | null;
  created_at: string;
  /** 'out' when the caller (or, for admins, the listed sender) sent it. */
  direction: (typeof TRANSFER_DIRECTIONS)[number];
  from_user: { id: number; name: string; user_no: string };
  to_user: { id: number; name: string; user_no: string };
}

export const TRANSFER_DIRECTIONS = ['in', 'out'] as const;

/**
 * `GET /api/wallet/transferList`; `export=1` for the whole list as a spreadsheet job. `direction` keeps a member's
 * received (`in`) or sent (`out`) transfers; an administrator's list is every transfer, each read as sent.
 */
export const transferListQuery = pageQuery.extend({
  pageSize: intFromQuery(1, MAX_PAGE_SIZE).default(UI.walletRecordsPageSize),
  direction: z.enum(TRANSFER_DIRECTIONS, { message: 'validation.choice' }).optional(),
  export: exportFlag,
});

/** `GET /api/wallet/admin/invariant`. */
export interface WalletInvariantResult {
  ok: boolean;
  wallets: number;
  records: number;
  violations: Array<{
    userId: number;
    availableCents: number;
    frozenCents: number;
    completeSumCents: number;
  }>;
}

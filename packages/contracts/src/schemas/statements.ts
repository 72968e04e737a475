import { z } from 'zod';
import { type Paged, pageQuery } from '../envelope';
import { serialId } from '../integers';
import type { PayoutStatus } from './commission';
import type { UserRef } from './members';
import type { WalletRecordKind } from './wallet';

/**
 * Earnings statements and the income disclosure report (docs/product/bonus-reports.md). A statement month and a
 * disclosure year are a month and a year of the business time zone. Money: decimal strings.
 */

const month = z
  .string({ message: 'statement.monthRequired' })
  .trim()
  .min(1, 'statement.monthRequired')
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'statement.monthFormat');

const exportFlag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/** A member's id; members leave it out (or name themselves), administrators name the member. */
const userId = serialId.optional();

/** `GET /api/bonus/statements`: one member's statement of a month; `export=1` for the .xlsx. */
export const statementQuery = z.object({ user_id: userId, month, export: exportFlag });
export type StatementQuery = z.input<typeof statementQuery>;

/** `GET /api/bonus/statements/payouts`: the month's payouts, paged. */
export const statementPayoutsQuery = pageQuery.extend({ user_id: userId, month });
export type StatementPayoutsQuery = z.input<typeof statementPayoutsQuery>;

/** `GET /api/bonus/income-disclosure`: the figures of a year; `export=1` for the .xlsx. */
export const incomeDisclosureQuery = z.object({
  year: z
    .string({ message: 'statement.yearRequired' })
    .trim()
    .min(1, 'statement.yearRequired')
    .regex(/^(19|20|21)\d{2}$/, 'statement.yearFormat'),
  export: exportFlag,
});
export type IncomeDisclosureQuery = z.input<typeof incomeDisclosureQuery>;

/** How many rows of each list (reversals, withdrawals, transfers) a statement carries; its totals count them all. */
export const STATEMENT_LIST_CAP = 500;

/** One bonus type's payouts of the month. */
export interface StatementTypeLine {
  type_key: number;
  name: string;
  paid_count: number;
  credited: string;
  held_count: number;
  held: string;
  forfeited_count: number;
  forfeited: string;
}

/** A bonus taken back in the month (an order refunded): its wallet record. */
export interface StatementReversal {
  wallet_record_no: string;
  order_no: string | null;
  type_key: number | null;
  type_name: string | null;
  amount: string;
  reversed_at: string;
  /** The business day the reversed payout counted for (null when the payout is not found). */
  payout_day: string | null;
}

export interface StatementWithdrawal {
  id: number;
  amount: string;
  /** WithdrawalStatus. */
  status: number;
  created_at: string;
  updated_at: string;
}

export interface StatementTransfer {
  id: number;
  direction: 'in' | 'out';
  amount: string;
  /** The other member, as the reader may see them (a member reads other members' names masked). */
  counterparty: UserRef;
  remark: string | null;
  created_at: string;
}

/** The wallet records of the month of one kind: how many and what they did to the available balance. */
export interface StatementMovement {
  kind: WalletRecordKind;
  count: number;
  /** Signed: + added to the available balance, − taken from it. */
  available: string;
}

export interface Statement {
  member: { id: number; user_no: string; name: string };
  month: string;
  /** The business time zone whose month this is. */
  time_zone: string;
  /** The month's first instant and the next month's (ISO). */
  from: string;
  to: string;
  /** The month is not over yet: figures so far. */
  partial: boolean;
  types: StatementTypeLine[];
  totals: {
    payouts: number;
    credited: string;
    reversed: string;
    /** credited − reversed. */
    net: string;
    held: string;
    forfeited: string;
  };
  reversals: { count: number; amount: string; list: StatementReversal[]; truncated: boolean };
  withdrawals: {
    count: number;
    amount: string;
    by_status: Array<{ status: number; count: number; amount: string }>;
    list: StatementWithdrawal[];
    truncated: boolean;
  };
  transfers: {
    in: { count: number; amount: string };
    out: { count: number; amount: string };
    list: StatementTransfer[];
    truncated: boolean;
  };
  /** The available (and frozen) balance before the month's first and after its last wallet record. */
  wallet: {
    opening_available: string;
    closing_available: string;
    opening_frozen: string;
    closing_frozen: string;
    movements: StatementMovement[];
  };
}

/** One payout of the statement's month. */
export interface StatementPayout {
  id: number;
  day: string;
  period: string;
  type_key: number;
  type_name: string;
  status: PayoutStatus;
  amount: string;
  order_no: string | null;
  sales_point: number;
  reversed_at: string | null;
  created_at: string;
}
export type StatementPayoutList = Paged<StatementPayout>;

/** Earnings of one group of members (a level, or everyone) over the year. */
export interface IncomeDisclosureRow {
  /** null: every member. */
  level_id: number | null;
  level_name: string | null;
  members: number;
  earners: number;
  /** Percent of members who earned anything, two decimals ('12.50'). */
  earners_share: string;
  total: string;
  /** Over every member of the group, earners or not. */
  mean: string;
  mean_of_earners: string;
  median: string;
  p10: string;
  p25: string;
  p75: string;
  p90: string;
  p99: string;
  max: string;
  /** Held payouts of the year (not in the earnings): how many members and how much. */
  held_members: number;
  held: string;
}

export interface IncomeDisclosure {
  year: number;
  time_zone: string;
  /** The year so far (it has not ended). */
  partial: boolean;
  rows: IncomeDisclosureRow[];
  overall: IncomeDisclosureRow;
}

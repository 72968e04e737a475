import { z } from 'zod';
import { intFromQuery } from '../integers';

/**
 * One figure of the workplace (`GET /api/dashboard/workplace`). The web labels
 * it with the UI key `dashboard.figure.<key>`; `format` says how to show `value`
 * (money values are decimal strings).
 */
export interface WorkplaceFigure {
  key: string;
  value: number | string;
  format: 'count' | 'money' | 'text';
}

export interface LevelCount {
  level_id: number;
  name: string;
  count: number;
}

/** One bonus credited to the member's wallet (a `wallet_records` row of kind 'bonus'). */
export interface RecentBonus {
  wallet_record_no: string;
  /** Decimal string. */
  amount: string;
  bonus_type: number | null;
  /** The bonus type's name in the request's language. */
  bonus_name: string | null;
  /** Bonus period, 'YYYY-MM'. */
  month: string;
  created_at: string;
}

export interface Workplace {
  figures: WorkplaceFigure[];
  /** Admins only: members per level. */
  members_per_level: LevelCount[] | null;
  /** Members only: their latest bonuses, newest first. */
  recent_bonuses: RecentBonus[] | null;
}

/** `GET /api/dashboard/charts` (administrators): how many business days and months back the charts go. */
export const dashboardChartsQuery = z.object({
  days: intFromQuery(1, 92).default(30),
  months: intFromQuery(1, 24).default(12),
});
export type DashboardChartsQuery = z.input<typeof dashboardChartsQuery>;

/** One business day's or month's activity: done sales (count, amount, SP) and new members. */
export interface ActivityPoint {
  /** 'YYYY-MM-DD' or 'YYYY-MM' in the business time zone. */
  period: string;
  sales_count: number;
  sales: string;
  sp: number;
  new_members: number;
}

/** The admin dashboard's charts: every day and month of the range, the oldest first, none left out. */
export interface DashboardCharts {
  zone: string;
  days: ActivityPoint[];
  months: ActivityPoint[];
}

/** `GET /api/dashboard/money-charts` and `/member-charts`: how many business months back the charts go. */
export const dashboardMonthsQuery = z.object({
  months: intFromQuery(1, 24).default(12),
});
export type DashboardMonthsQuery = z.input<typeof dashboardMonthsQuery>;

/** One business month's amounts per bonus type (decimal strings), the types named in the request's language. */
export interface MonthAmountsByType {
  /** The bonus types with any amount in the range, in key order. */
  types: Array<{ key: number; name: string }>;
  /** Every month of the range, the oldest first: `amounts[i]` is the amount of `types[i]`. */
  months: Array<{ period: string; amounts: string[] }>;
}

/** The withdrawals of one status now: how many and their amount (decimal string). */
export interface WithdrawalStatusFigure {
  /** WithdrawalStatus. */
  status: number;
  count: number;
  amount: string;
}

/** The admin dashboard's money charts (docs/product/dashboard.md, "Money charts (administrators)"). */
export interface DashboardMoneyCharts {
  zone: string;
  /** What the settlement runs done paid per bonus type, per business month of their period. */
  payouts: MonthAmountsByType;
  /** Every withdrawal status, in the order of WithdrawalStatus, none left out. */
  withdrawals: WithdrawalStatusFigure[];
}

/** The member dashboard's charts (docs/product/dashboard.md, "Charts (members)"). */
export interface DashboardMemberCharts {
  zone: string;
  /** The member's bonus credits per bonus period month and type. */
  earnings: MonthAmountsByType;
  /** New members of their sponsor downline per business month of sign-up, the oldest month first. */
  downline: Array<{ period: string; new_members: number }>;
  /**
   * Their team's sales per business month, the oldest first: the done orders (net of refunds) completed in the
   * month and bought by their whole sponsor downline (not themselves): how many, their amount and SP.
   */
  team: Array<Omit<ActivityPoint, 'new_members'>>;
}

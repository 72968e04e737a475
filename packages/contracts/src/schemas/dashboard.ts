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

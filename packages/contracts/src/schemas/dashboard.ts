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

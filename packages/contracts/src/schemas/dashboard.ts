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

export interface Workplace {
  figures: WorkplaceFigure[];
  /** Admins only: members per level. */
  members_per_level: LevelCount[] | null;
}

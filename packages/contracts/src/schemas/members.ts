import { z } from 'zod';
import { LIMITS } from '../constants';
import { MAX_PAGE_SIZE, type Paged } from '../envelope';
import { blankToUndefined, email, mobile, optionalText, requiredText, username } from '../fields';
import { intFromQuery, PG_INTEGER_MAX, serialId } from '../integers';
import type { LevelRef } from './auth';
import { bulkIds } from './bulk';
import { type CommissionStatus, commissionStatus } from './commission';
import type { ActivityPoint } from './dashboard';
import { exportFlag } from './money-lists';

/** Account status of a member: 1 enabled, 2 disabled. */
export const userStatus = z.union([z.literal(1), z.literal(2)], { message: 'validation.choice' });

/** Ids given as `1,2,3` in a query string or as an array. */
const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
  z.array(serialId).max(100, 'validation.max').default([]),
);

export const USER_SORTS = ['id', 'created_at', 'level_id', 'name', 'user_no', 'balance'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/**
 * What a member reads of a person only about themselves; administrators read them of everyone
 * (docs/product/members.md, "Access rules for members"): contact, identity, platform id and money. Left out,
 * not blanked.
 */
export const PRIVATE_USER_FIELDS = [
  'email',
  'phone',
  'platform_id',
  'identity',
  'balance',
  'frozen_balance',
  'commission_status',
  'commission_reason',
] as const;
export type PrivateUserField = (typeof PRIVATE_USER_FIELDS)[number];

/** Sorts over a private field: a member's list refuses them (they would order rows by what the member may not see). */
export const ADMIN_ONLY_USER_SORTS: readonly UserSort[] = ['balance'];

/** `GET /api/users/list`. `append_user_ids` forces those users into the page (pickers). */
export const userListQuery = z.object({
  page: intFromQuery(1, 1_000_000).default(1),
  pageSize: intFromQuery(1, MAX_PAGE_SIZE).default(20),
  keyword: z.string().trim().max(100, 'validation.tooLong').optional(),
  level_id: intFromQuery(1, 1000).optional(),
  status: intFromQuery(1, 2).optional(),
  /** Administrators only: members whose commissions are paid, held or forfeited (docs/product/bonus.md). */
  commission_status: commissionStatus.optional(),
  append_user_ids: idList,
  sort: z.enum(USER_SORTS, { message: 'validation.choice' }).default('id'),
  order: z.enum(['asc', 'desc', 'ascend', 'descend'], { message: 'validation.choice' }).default('desc'),
  /** Administrators: the whole filtered list as a spreadsheet job. */
  export: exportFlag,
});
export type UserListQuery = z.input<typeof userListQuery>;

export interface UserRef {
  id: number;
  name: string;
  user_no: string;
}

export interface UserListItem {
  id: number;
  name: string;
  display_name: string | null;
  user_no: string;
  /** PRIVATE_USER_FIELDS: absent when a member reads someone else. */
  email?: string | null;
  phone?: string | null;
  status: 1 | 2;
  level_id: number;
  level: LevelRef | null;
  tree_level: number;
  downline_count: number;
  /** Decimal strings ('0.00' when the member has no wallet yet). */
  balance?: string;
  frozen_balance?: string;
  parent_user: UserRef | null;
  iblommer_parent_user: UserRef | null;
  platform_id?: string | null;
  /** Whether the member's bonuses are paid, held or forfeited, and the administrator's reason (private fields). */
  commission_status?: CommissionStatus;
  commission_reason?: string | null;
  created_at: string;
}
export type UserListResult = Paged<UserListItem>;

/** A member's password: 6-18 characters. */
export const userPassword = z
  .string({ message: 'validation.required' })
  .min(LIMITS.adminPasswordMin, 'validation.tooShort')
  .max(LIMITS.userPasswordMax, 'validation.tooLong');

const optionalId = z.preprocess(blankToUndefined, serialId.optional());

const editableFields = {
  display_name: optionalText(60),
  phone: mobile,
  level_id: intFromQuery(1, PG_INTEGER_MAX, 'validation.choice'),
  platform_id: optionalText(60),
  identity: optionalText(60),
  status: userStatus.default(1),
};

/** `PUT /api/users`: a new member under a sponsor (parent user required). */
export const userCreateBody = z.object({
  ...editableFields,
  name: username,
  email,
  password: userPassword,
  parent_user_id: intFromQuery(1, PG_INTEGER_MAX, 'members.parentRequired'),
  iblommer_parent_user_id: optionalId,
});
export type UserCreateBody = z.input<typeof userCreateBody>;

/** `POST /api/users/{id}`: name and email are read-only; a blank password means unchanged. */
export const userUpdateBody = z.object({
  ...editableFields,
  password: z.preprocess(blankToUndefined, userPassword.optional()),
  level_remark: optionalText(255),
  /** Absent: unchanged; null or blank: out of any iBloomer line; an id: moved under that iBloomer upline. */
  iblommer_parent_user_id: z.preprocess((v) => (v === '' ? null : v), serialId.nullable().optional()),
});
export type UserUpdateBody = z.input<typeof userUpdateBody>;

/** `POST /api/users/bulk-status`: enable (1) or disable (2) the selected members (docs/product/members.md). */
export const userBulkStatusBody = z.object({ ids: bulkIds, status: userStatus });
export type UserBulkStatusBody = z.input<typeof userBulkStatusBody>;

const reportCount = (min: number) =>
  z.coerce
    .number({ message: 'validation.required' })
    .int('validation.integer')
    .min(min, 'validation.min')
    .max(LIMITS.reportCountMax, 'validation.max');
const requiredCount = (min: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), reportCount(min));

export const REPORT_KINDS = [
  'free_number',
  'professional_number',
  'expert_number',
  'foundation_number',
  'love_number',
  'work_wealth_number',
  'essential_life_number',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** `POST /api/users/add/reportNumber/{id}` (docs/product/members.md): free -1 (unlimited)..100, the others 0..100. */
export const reportNumberBody = z
  .object({
    free_number: requiredCount(LIMITS.reportCountMin),
    professional_number: requiredCount(0),
    expert_number: requiredCount(0),
    foundation_number: requiredCount(0),
    love_number: requiredCount(0),
    work_wealth_number: requiredCount(0),
    essential_life_number: requiredCount(0),
    remark: requiredText(255),
  })
  .refine((b) => REPORT_KINDS.some((k) => b[k] !== 0), {
    message: 'members.reportNumberRequired',
    path: ['free_number'],
  });
export type ReportNumberBody = z.input<typeof reportNumberBody>;

export type ReportPackage = { id: number; remark: string; created_at: string } & Record<ReportKind, number>;

export interface CredLog {
  id: number;
  ref: string;
  creds: number;
  ctype: string;
  entry: string;
  time: string;
}

/** Sections of `GET /api/users/{id}`; `append` picks some (default all). */
export const USER_DETAIL_SECTIONS = [
  'upstream',
  'iblommer',
  'level_history',
  'cp',
  'packages',
  'cred_logs',
] as const;
export type UserDetailSection = (typeof USER_DETAIL_SECTIONS)[number];

export const userDetailQuery = z.object({
  append: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
    z.array(z.enum(USER_DETAIL_SECTIONS, { message: 'validation.choice' })).optional(),
  ),
  cred_page: intFromQuery(1, 1_000_000).default(1),
  cred_page_size: intFromQuery(1, 100).default(10),
});
export type UserDetailQuery = z.input<typeof userDetailQuery>;

export interface LevelHistoryEntry {
  name: string;
  remark: string | null;
  created_at: string;
  pivot: { level_id: number };
}

export interface UpstreamUser extends UserRef {
  tree_level: number;
  level: LevelRef | null;
}

export interface UserDetail extends Omit<UserListItem, 'balance' | 'frozen_balance'> {
  is_admin: boolean;
  identity?: string | null;
  is_wec: boolean;
  is_cp: boolean;
  cp_joined_at: string | null;
  direct_count: number;
  /** Present with the matching `append` section. */
  upstream_users?: UpstreamUser[];
  iblommer_user?: { created_at: string } | null;
  iblommer_downline_count?: number;
  level_history?: LevelHistoryEntry[];
  /** AI report numbers and credit logs: for administrators and the member themselves only (absent for others). */
  packages?: ReportPackage[];
  cred_logs?: { logs: CredLog[]; total: number };
}

/** `GET /api/users/user/show`: the signed-in member's own summary. */
export interface UserShow {
  id: number;
  name: string;
  display_name: string | null;
  user_no: string;
  level: LevelRef | null;
  tree_level: number;
  direct_count: number;
  downline_count: number;
  parent_user: UserRef | null;
  iblommer_parent_user: UserRef | null;
  balance: string;
  frozen_balance: string;
  report_numbers: Record<ReportKind, number>;
  created_at: string;
}

/** `GET /api/users/report`: new members per day or month in a range, by level. */
export const userReportQuery = z
  .object({
    start: z.iso.date('validation.date'),
    end: z.iso.date('validation.date'),
    period: z.enum(['day', 'month'], { message: 'validation.choice' }).default('day'),
    export: z
      .preprocess((v) => v === true || v === 'true' || v === '1', z.boolean())
      .optional()
      .default(false),
  })
  .refine((q) => q.start <= q.end, { message: 'validation.dateRange', path: ['end'] });
export type UserReportQuery = z.input<typeof userReportQuery>;

export interface UserReportRow {
  period: string;
  total: number;
  /** New members per level id. */
  by_level: Record<string, number>;
}

export interface UserReport {
  levels: LevelRef[];
  rows: UserReportRow[];
  /** New members in the range, per level and in all. */
  totals: { total: number; by_level: Record<string, number> };
  /** All members today, per level and in all. */
  members: { total: number; by_level: Record<string, number> };
  /**
   * Every period of `rows`, the oldest first: the done sales (count, amount, SP) completed and the members who
   * joined within the range's business days, from the activity rollup (docs/product/members.md, "Member report").
   */
  activity: ActivityPoint[];
}

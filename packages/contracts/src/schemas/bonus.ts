import { z } from 'zod';
import { pageQuery } from '../envelope';
import { requiredText } from '../fields';
import { int, intFromQuery, PG_INTEGER_MAX } from '../integers';
import { MAX_AMOUNT_CENTS } from '../money';

/**
 * Bonus plan (docs/product/bonus.md): every bonus type is a configured instance of one rule kind.
 * Ratios are basis points (1 bp = 0.01 %); money is integer cents; 1 SP = 1.00 currency unit (100 cents).
 */
export const BONUS_KINDS = [
  'direct',
  'generation',
  'poolShare',
  'groupVolume',
  'treeDepth',
  'oneOff',
  'providerReferral',
] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** Built-in types 1–11; 12–21 are reserved for types an admin creates from a kind. */
export const BonusKey = {
  referral: 1,
  secondGeneration: 2,
  globalDividend: 3,
  thirdGeneration: 4,
  channelReferral: 5,
  groupSales: 6,
  iBloomer: 7,
  cpReferral: 8,
  team: 9,
  wecReward: 10,
  cpProfit: 11,
} as const;
export const BONUS_KEY_MIN = 1;
export const BONUS_KEY_MAX = 21;
export const CUSTOM_BONUS_KEY_MIN = 12;

// The web forms show the messages of these whole numbers under the field too.
const bp = int(0, 10_000);
const levelId = int(1, 4);

/** Where a type's ratio comes from: a column of the member's level (editable on /level/level) or its own bp per level 1–4. */
export const ratioSource = z.union([
  z.object({ levelField: z.enum(['invitationRatioBp', 'secondGenRatioBp', 'thirdGenRatioBp']) }).strict(),
  z.object({ bpByLevel: z.array(bp).length(4) }).strict(),
]);
export type RatioSource = z.infer<typeof ratioSource>;

const common = { minLevel: levelId.default(1) };
const depth = int(1, 100);

export const bonusParams = z.discriminatedUnion('kind', [
  /** The buyer's parent in the sponsor or iBloomer tree. */
  z.object({
    kind: z.literal('direct'),
    tree: z.enum(['sponsor', 'iblommer']),
    ratio: ratioSource,
    ...common,
  }),
  /** The buyer's Nth upline in the sponsor tree. */
  z.object({ kind: z.literal('generation'), generation: depth, ratio: ratioSource, ...common }),
  /** The member who referred the order's provider, or that member's sponsor; optionally Qualified CPs only. */
  z.object({
    kind: z.literal('providerReferral'),
    payTo: z.enum(['referrer', 'referrerSponsor']),
    qualifiedCpOnly: z.boolean(),
    ratio: ratioSource,
    ...common,
  }),
  /** Monthly pool of poolBp × all SP, one share per spPerShare of own + direct-referral SP, capped by the level's share cap. */
  z.object({
    kind: z.literal('poolShare'),
    poolBp: bp,
    spPerShare: int(1, PG_INTEGER_MAX),
    ...common,
  }),
  /** Monthly: ratio × SP of the downline between minDepth and maxDepth (null = unlimited) below the member. */
  z.object({
    kind: z.literal('groupVolume'),
    minDepth: depth,
    maxDepth: depth.nullable(),
    ratio: ratioSource,
    ...common,
  }),
  z.object({
    kind: z.literal('treeDepth'),
    minDepth: depth,
    maxDepth: depth.nullable(),
    ratio: ratioSource,
    ...common,
  }),
  /** Paid once on an event (e.g. passing the WEC assessment). */
  z.object({ kind: z.literal('oneOff'), amountCents: int(0, MAX_AMOUNT_CENTS), ...common }),
]);
export type BonusParams = z.infer<typeof bonusParams>;
export type BonusParamsInput = z.input<typeof bonusParams>;

/** Report columns a type's detail table may show. */
export const BONUS_COLUMNS = [
  'period',
  'orderNo',
  'buyer',
  'provider',
  'salesPoint',
  'ratio',
  'shares',
  'totalShares',
  'pool',
  'downline',
  'amount',
  'time',
] as const;
export type BonusColumn = (typeof BONUS_COLUMNS)[number];

export interface BonusTypeDto {
  key: number;
  kind: BonusKind;
  name: string;
  name_en: string;
  name_zh_hk: string;
  name_zh_cn: string;
  params: BonusParams;
  columns: BonusColumn[];
  enabled: boolean;
  cadence: 'day' | 'month' | 'event';
}

const name = requiredText(60);
export const bonusTypeBody = z.object({
  name_en: name,
  name_zh_hk: name,
  name_zh_cn: name,
  params: bonusParams,
  columns: z.array(z.enum(BONUS_COLUMNS)).min(1, 'validation.required'),
  enabled: z.boolean().default(true),
});
export type BonusTypeBody = z.input<typeof bonusTypeBody>;

/** Creating a type names its key (one of the reserved 12–21: the server refuses others). */
export const createBonusTypeBody = bonusTypeBody.extend({ key: int(BONUS_KEY_MIN, BONUS_KEY_MAX) });

export const bonusKeyParams = z.object({
  key: z.coerce
    .number()
    .int('validation.integer')
    .min(BONUS_KEY_MIN, 'validation.min')
    .max(BONUS_KEY_MAX, 'validation.max'),
});

/** 'YYYY-MM-DD' settles the order-driven types of that day; 'YYYY-MM' every type of that month. */
export const settlementPeriod = z
  .string({ message: 'validation.required' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, 'validation.date');

export const startSettlementBody = z.object({
  period: settlementPeriod,
  type_key: z
    .number()
    .int()
    .min(BONUS_KEY_MIN, 'validation.min')
    .max(BONUS_KEY_MAX, 'validation.max')
    .nullish(),
  dry_run: z.boolean().default(false),
});
export type StartSettlementBody = z.input<typeof startSettlementBody>;

export interface SettlementTypeTotal {
  type_key: number;
  count: number;
  amount: string;
}

/**
 * A run's state: a real run computes into awaiting_approval (nothing paid), then a second administrator approves
 * it (running while it pays, then done or failed) or rejects it. A dry run is running, then done or failed.
 */
export const SETTLEMENT_STATUSES = ['awaiting_approval', 'running', 'done', 'failed', 'rejected'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export interface SettlementRunDto {
  id: number;
  period: string;
  type_key: number | null;
  dry_run: boolean;
  status: SettlementStatus;
  started_by: { id: number; name: string } | null;
  /** The business time zone whose days and months the run settled (runs before it was recorded: UTC). */
  time_zone: string;
  approved_by: { id: number; name: string } | null;
  approved_at: string | null;
  rejected_by: { id: number; name: string } | null;
  rejected_at: string | null;
  reject_reason: string | null;
  payout_count: number;
  total_amount: string;
  totals: SettlementTypeTotal[];
  error: string | null;
  created_at: string;
  finished_at: string | null;
  /** A dry run whose list of payouts housekeeping cleared (DRY_RUN_LIST_DAYS after it finished); its totals stay. */
  list_cleared_at: string | null;
}

export interface SettlementPreviewItem {
  user: { id: number; name: string; user_no: string };
  type_key: number;
  period: string;
  order_no: string | null;
  sales_point: number;
  amount: string;
}

/** A row of a run's payouts list: the payout's id (in bonus_payouts, or bonus_dry_run_payouts for a dry run) to explain it. */
export interface SettlementPayoutItem extends SettlementPreviewItem {
  id: number;
}

export interface SettlementResult {
  run: SettlementRunDto;
  /**
   * The run's first 500 payouts (`run.payout_count` in all): every one of them, page by page, at
   * `GET /api/bonus/settlements/{run.id}/payouts` (settlementPayoutsQuery), or as a spreadsheet with `export=1`.
   */
  items: SettlementPreviewItem[];
}

const exportFlag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .transform((v) => v === '1' || v === 'true')
  .optional();
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * `GET /api/bonus/settlements/{id}/payouts`: a page of the run's payouts, or `export=1` for all as a spreadsheet
 * job; `member` (a member number, exact) and `type_key` narrow them.
 */
export const settlementPayoutsQuery = pageQuery.extend({
  export: exportFlag,
  member: z.preprocess(blankToUndefined, z.string().trim().max(30, 'validation.tooLong').optional()),
  type_key: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int()
      .min(BONUS_KEY_MIN, 'validation.min')
      .max(BONUS_KEY_MAX, 'validation.max')
      .optional(),
  ),
});
export type SettlementPayoutsFilters = z.input<typeof settlementPayoutsQuery>;

/** `GET /api/bonus/settlements?status=awaiting_approval`: the history, optionally of one state. */
export const settlementRunsQuery = pageQuery.extend({
  status: z.preprocess(
    blankToUndefined,
    z.enum(SETTLEMENT_STATUSES, { message: 'validation.choice' }).optional(),
  ),
});

/** `POST /api/bonus/settlements/{id}/reject`: why nothing of the run is paid. */
export const rejectSettlementBody = z.object({
  reason: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(500, 'validation.tooLong'),
});
export type RejectSettlementBody = z.input<typeof rejectSettlementBody>;

/** Per bonus type: this run's figures beside another's (a dry run of the period, or the previous period). */
export interface SettlementTypeComparison {
  type_key: number;
  count: number;
  amount: string;
  other_count: number;
  other_amount: string;
}

/** What a run is compared with on its review. */
export interface SettlementComparison {
  /** 'dry_run': the latest dry run of the same period (and type); 'previous': the period before. */
  against: 'dry_run' | 'previous';
  /** The dry run's id, or the previous period ('YYYY-MM' / 'YYYY-MM-DD'). */
  run_id: number | null;
  period: string;
  by_type: SettlementTypeComparison[];
  count: number;
  amount: string;
  other_count: number;
  other_amount: string;
}

/** `GET /api/bonus/settlements/{id}/review`: what a second administrator checks before approving a run. */
export interface SettlementReview {
  run: SettlementRunDto;
  receivers: number;
  by_level: Array<{ level_id: number; receivers: number; count: number; amount: string }>;
  largest: SettlementPreviewItem[];
  flags: { held: number; forfeit: number; disabled: number; spike: number; multiple: number };
  /** Null when the period has no dry run before this run (its totals compare even when its list was cleared). */
  dry_run: SettlementComparison | null;
  previous: SettlementComparison;
  /** The rules in force now differ from those the run computed with: approving is refused until it is run again. */
  rules_changed: boolean;
}

export const SETTLEMENT_FLAGS = ['held', 'forfeit', 'disabled', 'spike'] as const;
export type SettlementFlag = (typeof SETTLEMENT_FLAGS)[number];

/** `GET /api/bonus/settlements/{id}/flags`: receivers to look at before approving, paged, `export=1` for all. */
export const settlementFlagsQuery = pageQuery.extend({
  export: exportFlag,
  flag: z.preprocess(blankToUndefined, z.enum(SETTLEMENT_FLAGS, { message: 'validation.choice' }).optional()),
});

export interface SettlementFlagItem {
  user: { id: number; name: string; user_no: string };
  flag: SettlementFlag;
  count: number;
  amount: string;
  previous_amount: string;
}

/** `GET /api/bonus/settlements/{id}/changes`: members whose amount changed most against a dry run or the previous period. */
export const settlementChangesQuery = pageQuery.extend({
  export: exportFlag,
  against: z.enum(['dry_run', 'previous'], { message: 'validation.choice' }).default('previous'),
});

export interface SettlementChangeItem {
  user: { id: number; name: string; user_no: string };
  amount: string;
  other_amount: string;
  change: string;
}

/** Bonus queries need a date range ('please select time'). */
const day = z.string({ message: 'validation.dateRange' }).regex(/^\d{4}-\d{2}-\d{2}/, 'validation.dateRange');
export const dateFilter = z
  .tuple([day, day], { message: 'validation.dateRange' })
  .refine(([from, to]) => from.slice(0, 10) <= to.slice(0, 10), 'validation.dateRange')
  .transform(([from, to]) => ({ from: from.slice(0, 10), to: to.slice(0, 10) }));

export const userWalletBonusBody = z.object({
  filter: dateFilter,
  type: z.enum(['day', 'month']).default('day'),
});
export type UserWalletBonusBody = z.input<typeof userWalletBonusBody>;

/** A cash-back item: one figure of a bonus report (docs/product/bonus.md). */
export interface CashBackItem {
  key: string;
  text: string;
  value: string;
}

export interface BonusPeriodRow {
  period: string;
  total: string;
  cashBack: CashBackItem[];
}

export interface UserWalletBonus {
  user: { id: number; name: string; user_no: string; level_id: number };
  cashBack: CashBackItem[];
  list: BonusPeriodRow[];
}

export const BONUS_DETAIL_PAGE_SIZES = [11, 20, 30, 50] as const;
export const cashBackBody = z.object({
  key: z.coerce
    .number()
    .int('validation.integer')
    .min(BONUS_KEY_MIN, 'validation.choice')
    .max(BONUS_KEY_MAX, 'validation.choice'),
  filter: dateFilter,
  page: intFromQuery(1, 1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (BONUS_DETAIL_PAGE_SIZES as readonly number[]).includes(n), 'validation.choice')
    .default(11),
});
export type CashBackBody = z.input<typeof cashBackBody>;

export interface BonusDetailRow {
  id: number;
  period: string;
  order_no: string | null;
  buyer: string | null;
  provider: string | null;
  sales_point: number;
  ratio: string | null;
  shares: number | null;
  total_shares: number | null;
  pool: string | null;
  downline_user_id: number | null;
  amount: string;
  time: string;
}

export interface BonusDetail {
  key: number;
  name: string;
  columns: BonusColumn[];
  /** Pool types: the system share (percent) and SP per share (docs/product/bonus.md: 15 %, 1000 SP). */
  pool_rule: { ratio: string; sp_per_share: number } | null;
  total: string;
  list: BonusDetailRow[];
  meta: { total: number; page: number; pageSize: number };
}

/** `/level/level`: ratios as percent strings with up to 2 decimals ("12.5"), share cap a whole number. */
export const percent = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(String(v).trim());
  const bpValue = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : Number.NaN;
  if (!(bpValue >= 0 && bpValue <= 10_000)) {
    ctx.addIssue({ code: 'custom', message: 'bonus.percentRange' });
    return z.NEVER;
  }
  return bpValue;
});

export const levelSettingsBody = z.object({
  invitation_ratio: percent,
  second_gen_ratio: percent,
  third_gen_ratio: percent,
  share_cap: z
    .number({ message: 'validation.number' })
    .int('validation.integer')
    .min(0, 'validation.min')
    .max(1000, 'validation.max'),
});
export type LevelSettingsBody = z.input<typeof levelSettingsBody>;

export interface LevelDto {
  id: number;
  name: string;
  name_en: string;
  name_zh_hk: string;
  name_zh_cn: string;
  invitation_ratio: string;
  second_gen_ratio: string;
  third_gen_ratio: string;
  share_cap: number;
}

/** Basis points as a percent string: 2500 → "25", 50 → "0.5". */
export function bpToPercent(value: number): string {
  const whole = Math.trunc(value / 100);
  const frac = String(value % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

import { z } from 'zod';
import { pageQuery } from '../envelope';
import { optionalText, requiredText } from '../fields';
import { serialId } from '../integers';

/** WEC (WEP) assessment conditions (docs/product/programmes.md), each with its progress. */
export const WEC_CONDITIONS = [
  'directReferrals',
  'directReferralsPioneer',
  'secondGenerationSp',
  'thirdGenerationSp',
  'directProviders',
] as const;
export type WecCondition = (typeof WEC_CONDITIONS)[number];

export interface WecConditionProgress {
  key: WecCondition;
  current: number;
  required: number;
  completed: boolean;
}

/** joined: waiting for Start; running: inside the 60 days; completed: WEC; expired: 60 days passed unmet. */
export type WecStatus = 'joined' | 'running' | 'completed' | 'expired';

export interface WecAssessmentDto {
  id: number;
  user: { id: number; name: string; user_no: string; level_id: number; is_wec: boolean };
  status: WecStatus;
  joined_at: string;
  started_at: string | null;
  ends_at: string | null;
  completed_at: string | null;
  /** Days left in the period: null before Start, 0 once ended. */
  days_left: number | null;
  conditions: WecConditionProgress[];
}

/** Admins name the member; a member acting alone names nobody (itself). */
export const wecJoinBody = z.object({ user_id: serialId.optional() });
export const programmeUserBody = z.object({ id: serialId });

export const wecListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(['joined', 'running', 'completed', 'expired']).optional(),
  export: z.coerce.boolean().optional(),
});
export type WecListQuery = z.input<typeof wecListQuery>;

/** Qualified CP figures (`wecCpInfo`): channel SP this month and ever, and what its channel earned. */
export interface CpInfo {
  user: { id: number; name: string; user_no: string };
  is_cp: boolean;
  currentTotal: number;
  total: number;
  referralRewardGim: string;
  cpProfit: string;
}

export interface CpListItem extends CpInfo {
  created_at: string;
}

export const cpListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  export: z.coerce.boolean().optional(),
});

export interface CpBonusRow {
  id: number;
  type_key: number;
  /** The bonus type's name in the request's language. */
  type_name: string;
  user: { id: number; name: string; user_no: string };
  order_no: string | null;
  sales_point: number;
  amount: string;
  period: string;
}

export const keyNumberBody = z.object({
  name: requiredText(60),
  description: optionalText(500).nullable(),
  sort: z
    .number({ message: 'validation.number' })
    .int('validation.integer')
    .min(0, 'validation.min')
    .max(9999, 'validation.max')
    .default(0),
});
export type KeyNumberBody = z.input<typeof keyNumberBody>;

export interface KeyNumberDto {
  id: number;
  name: string;
  description: string | null;
  sort: number;
  created_at: string;
}

/**
 * `GET /api/me/progress` (members): how far the member is from the next step, each figure with its target and
 * what counts (docs/product/programmes.md, "Progress"), for the business month so far.
 */
export interface MemberProgress {
  /** The business month counted ('YYYY-MM'), up to now. */
  month: string;
  level: {
    level_id: number;
    name: string;
    /** The next level and the membership products that grant it (buying one raises the member); null at the top. */
    next: { level_id: number; name: string; products: { id: number; name: string; price: string }[] } | null;
  };
  /** The monthly bonuses whose figures grow through the month (global dividend, group and team bonuses). */
  bonuses: BonusProgress[];
  /** The WEC assessment: null for a member already WEC. */
  wec: {
    status: WecStatus | 'notJoined';
    /** Whether the member's level may join (Pioneer or Special). */
    eligible: boolean;
    ends_at: string | null;
    days_left: number | null;
    conditions: WecConditionProgress[];
  } | null;
}

export interface BonusProgress {
  type_key: number;
  type_name: string;
  kind: 'poolShare' | 'groupVolume' | 'treeDepth';
  /** The lowest level the type pays, and whether the member's level reaches it. */
  min_level: { level_id: number; name: string };
  eligible: boolean;
  /** What counts this month: own + direct referrals' SP (pool), the downline's SP from depth min to max (others). */
  counted_sp: number;
  depths: { min: number; max: number | null };
  /** What the engine would pay on the month so far (it settles on the whole month). */
  amount_so_far: string;
  /** Pool shares: held, the level's cap, SP per share, and the counted SP the next share needs (null at the cap). */
  shares: { held: number; cap: number; sp_per_share: number; next_at: number | null } | null;
}

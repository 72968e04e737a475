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

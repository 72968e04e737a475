import { z } from 'zod';
import { pageQuery } from '../envelope';
import { bigserialId, serialId } from '../integers';
import { hasPermission, Perm } from '../permissions';
import { BONUS_KINDS, bonusParams, SETTLEMENT_STATUSES } from './bonus';
import { PAYOUT_STATUSES } from './commission';

/**
 * "Explain this payout" (docs/product/bonus.md): how one bonus payout — paid, or what a dry run would pay — came about,
 * recomputed from stored data by the settlement engine itself. Amounts are decimal strings; the arithmetic is
 * in integer cents (`amount`, `pool`) and sales points (`baseSp`, `monthSp`).
 */

/** Admins holding one of these may explain any payout; a member only the payouts they received. */
export const EXPLAIN_PAYOUT_PERMS = [Perm.bonusConfig, Perm.userReport] as const;
export const mayExplainAnyPayout = (isAdmin: boolean, roleIds: readonly (number | string)[]) =>
  isAdmin && EXPLAIN_PAYOUT_PERMS.some((p) => hasPermission(roleIds, p));

/** Wallet records that explain a payout: the bonus it credited, and the debit that took it back on a refund. */
export const explainsPayout = (kind: string) => kind === 'bonus' || kind === 'bonus_reversal';

/** `GET /api/bonus/settlements/{runId}/payouts/{id}/explanation`: a run (`serial`) and one of its payouts (`bigserial`). */
export const runPayoutParams = z.object({ runId: serialId, id: bigserialId });

/** How each member of the path stands to the one before it (the buyer first, generation 0). */
export const PATH_RELATIONS = [
  'buyer',
  'sponsor',
  'iblommerParent',
  'providerReferrer',
  'referrerSponsor',
] as const;
export type PathRelation = (typeof PATH_RELATIONS)[number];

/** The arithmetic's steps, in the order they apply. */
export const ARITHMETIC_STEPS = ['monthSp', 'pool', 'baseSp', 'shares', 'amount'] as const;
export type ArithmeticStep = (typeof ARITHMETIC_STEPS)[number];

const int = z.number().int();
const member = z.object({ id: int, name: z.string(), user_no: z.string(), level_id: int });

/** One order a payout counted (an order-driven payout: its order). */
export const explanationOrder = z.object({
  id: int,
  order_no: z.string(),
  buyer: member,
  sales_point: z.number(),
  completed_at: z.string(),
  /** Levels between the buyer and the receiver in the sponsor tree (0: the receiver's own order). */
  generation: int.nullable(),
});
export type ExplanationOrder = z.infer<typeof explanationOrder>;

/**
 * `GET …/explanation/orders` (under each of the three explanation routes): every order a payout counted, page by
 * page in order id order, or `export=1` for all of them as a spreadsheet job.
 */
export const explanationOrdersQuery = pageQuery.extend({
  export: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

/**
 * The global dividend (kind poolShare) made checkable: pool = floor(month SP × 100 × pool bp / 10000) cents; the
 * receiver's shares = min(floor((own SP + direct referrals' SP) / SP per share), the level's cap); the total shares
 * made up of every holder's, per level (`unpaid_shares`: holders whose part rounds down to 0 cents, paid nothing).
 */
export const poolBreakdown = z.object({
  month_sp: z.number(),
  pool_bp: int,
  /** The pool ratio as a percent ("15"). */
  pool_ratio: z.string(),
  pool_cents: int,
  own_sp: z.number(),
  direct_sp: z.number(),
  base_sp: z.number(),
  sp_per_share: int,
  share_cap: int,
  shares: int,
  total_shares: int,
  holders: z.array(z.object({ level_id: int, share_cap: int, holders: int, shares: int })),
  unpaid_shares: int,
});
export type PoolBreakdown = z.infer<typeof poolBreakdown>;

/**
 * Group (groupVolume) and team (treeDepth) payouts: the receiver's whole downline's SP of the period in bands of
 * generations (0: the receiver's own orders), each counted or not; counted_sp is the payout's SP base, and
 * counted_sp + excluded_sp = total_sp.
 */
export const downlineBreakdown = z.object({
  bands: z.array(
    z.object({
      from_generation: int,
      /** null: every generation below. */
      to_generation: int.nullable(),
      counted: z.boolean(),
      orders: int,
      sp: z.number(),
    }),
  ),
  counted_sp: z.number(),
  excluded_sp: z.number(),
  total_sp: z.number(),
});
export type DownlineBreakdown = z.infer<typeof downlineBreakdown>;

/** The refund that took a reversed payout back: the refunded order, when, and the refund order naming it. */
export const explanationRefund = z.object({
  order_id: int,
  order_no: z.string(),
  refunded_at: z.string().nullable(),
  /** The refund row (`platform_order_no_origin` = the order's platform order no.); null when none was recorded. */
  refund_order: z
    .object({ id: int, order_no: z.string(), refund_no: z.string().nullable(), created_at: z.string() })
    .nullable(),
});
export type ExplanationRefund = z.infer<typeof explanationRefund>;

export const payoutExplanation = z.object({
  payout: z.object({
    id: int,
    dry_run: z.boolean(),
    type_key: int,
    type_name: z.string(),
    period: z.string(),
    /** The amount stored (paid, or recorded by the dry run). */
    amount: z.string(),
    reversed: z.boolean(),
    /**
     * paid (credited to the wallet), held (the member's commissions are on hold: credited when released) or
     * forfeited (never credited); a dry run's payout: how it would be recorded with the member's status now.
     */
    status: z.enum(PAYOUT_STATUSES),
  }),
  /** The run that paid it (or the dry run that recorded it); null for a one-off reward paid by its programme. */
  run: z
    .object({
      id: int,
      period: z.string(),
      dry_run: z.boolean(),
      status: z.enum(SETTLEMENT_STATUSES),
      created_at: z.string(),
      finished_at: z.string().nullable(),
    })
    .nullable(),
  /** `level_id` is the level the recomputation used (today's); `level_at_run` the level history's at the run. */
  receiver: member.extend({ level_at_run: int.nullable() }),
  /** The source order(s): the one order of an order-driven type, the orders counted by a monthly one (first 100; all at `…/explanation/orders`). */
  orders: z.array(explanationOrder),
  orders_total: int,
  provider: z.object({ id: int, name: z.string() }).nullable(),
  /** Buyer → receiver, one step per member, in `tree`; empty for monthly types (see each order's generation). */
  tree: z.enum(['sponsor', 'iblommer']).nullable(),
  path: z.array(z.object({ relation: z.enum(PATH_RELATIONS), generation: int, member })),
  rule: z.object({
    kind: z.enum(BONUS_KINDS),
    params: bonusParams,
    ratio_bp: int.nullable(),
    /** The ratio as a percent ("25"). */
    ratio: z.string().nullable(),
    share_cap: int.nullable(),
    /** 'run': the type's settings and level ratios the payout's run kept; 'today': the run kept none (older runs, one-off rewards), today's are used. */
    source: z.enum(['run', 'today']),
  }),
  arithmetic: z.array(z.object({ step: z.enum(ARITHMETIC_STEPS), formula: z.string(), result: z.number() })),
  /** What the engine computes from stored data today; null when it pays this member nothing for it now. */
  recomputed_amount: z.string().nullable(),
  /** Whether the recomputation gives the stored amount (false: tree, levels, orders or rules changed since). */
  matches: z.boolean(),
  /** The global dividend's pool, shares and total shares; null for other kinds (or when it pays nothing now). */
  pool: poolBreakdown.nullable(),
  /** Group and team bonuses: the downline SP counted and left out; null for other kinds. */
  downline: downlineBreakdown.nullable(),
  /** A reversed payout: the refund that took it back (its computation is shown with the order as it was). */
  refund: explanationRefund.nullable(),
});
export type PayoutExplanation = z.infer<typeof payoutExplanation>;

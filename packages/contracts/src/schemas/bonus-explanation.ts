import { z } from 'zod';
import { intFromQuery } from '../envelope';
import { hasPermission, Perm } from '../permissions';
import { BONUS_KINDS, bonusParams } from './bonus';

/**
 * "Explain this payout" (docs/bonus.md): how one bonus payout — paid, or what a dry run would pay — came about,
 * recomputed from stored data by the settlement engine itself. Amounts are decimal strings; the arithmetic is
 * in integer cents (`amount`, `pool`) and sales points (`baseSp`, `monthSp`).
 */

/** Admins holding one of these may explain any payout; a member only the payouts they received. */
export const EXPLAIN_PAYOUT_PERMS = [Perm.bonusConfig, Perm.userReport] as const;
export const mayExplainAnyPayout = (isAdmin: boolean, roleIds: readonly (number | string)[]) =>
  isAdmin && EXPLAIN_PAYOUT_PERMS.some((p) => hasPermission(roleIds, p));

/** Wallet records that explain a payout: the bonus it credited, and the debit that took it back on a refund. */
export const explainsPayout = (kind: string) => kind === 'bonus' || kind === 'bonus_reversal';

const id = intFromQuery(1, Number.MAX_SAFE_INTEGER);
/** `GET /api/bonus/settlements/{runId}/payouts/{id}/explanation`. */
export const runPayoutParams = z.object({ runId: id, id });

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
  }),
  /** The run that paid it (or the dry run that recorded it); null for a one-off reward paid by its programme. */
  run: z
    .object({
      id: int,
      period: z.string(),
      dry_run: z.boolean(),
      status: z.enum(['running', 'done', 'failed']),
      created_at: z.string(),
      finished_at: z.string().nullable(),
    })
    .nullable(),
  /** `level_id` is the level the recomputation used (today's); `level_at_run` the level history's at the run. */
  receiver: member.extend({ level_at_run: int.nullable() }),
  /** The source order(s): the one order of an order-driven type, the orders counted by a monthly one (first 100). */
  orders: z.array(
    z.object({
      id: int,
      order_no: z.string(),
      buyer: member,
      sales_point: z.number(),
      completed_at: z.string(),
      /** Levels between the buyer and the receiver in the sponsor tree (0: the receiver's own order). */
      generation: int.nullable(),
    }),
  ),
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
  }),
  arithmetic: z.array(z.object({ step: z.enum(ARITHMETIC_STEPS), formula: z.string(), result: z.number() })),
  /** What the engine computes from stored data today; null when it pays this member nothing for it now. */
  recomputed_amount: z.string().nullable(),
  /** Whether the recomputation gives the stored amount (false: tree, levels, orders or rules changed since). */
  matches: z.boolean(),
});
export type PayoutExplanation = z.infer<typeof payoutExplanation>;

import type { BonusKind, BonusParams } from '@app/contracts';
import { proRata, ratioFor, spShareCents } from './ratio';
import type { EngineInput, EngineMember, EngineOrder, Payout } from './types';

type ParamsOf<K extends BonusKind> = Extract<BonusParams, { kind: K }>;

export interface RuleKind<K extends BonusKind> {
  /** day: settled per order, per day; month: settled once per month; event: paid by the programme that triggers it. */
  cadence: 'day' | 'month' | 'event';
  compute(key: number, params: ParamsOf<K>, input: EngineInput): Payout[];
}

/** An order-driven kind: who receives for an order, then ratio × the order's SP. */
function perOrder<K extends BonusKind>(
  recipientOf: (order: EngineOrder, params: ParamsOf<K>, input: EngineInput) => EngineMember | undefined,
): RuleKind<K> {
  return {
    cadence: 'day',
    compute(key, params, input) {
      const payouts: Payout[] = [];
      const ratio = (params as { ratio: Parameters<typeof ratioFor>[0] }).ratio;
      for (const order of input.orders) {
        const member = recipientOf(order, params, input);
        if (!member || member.levelId < params.minLevel) continue;
        const ratioBp = ratioFor(ratio, member.levelId, input.levels);
        const cents = spShareCents(order.salesPoint, ratioBp);
        if (cents <= 0) continue;
        payouts.push({
          userId: member.id,
          typeKey: key,
          period: order.day,
          orderId: order.id,
          baseSp: order.salesPoint,
          ratioBp,
          cents,
        });
      }
      return payouts;
    },
  };
}

const parentOf = (input: EngineInput, member: EngineMember | undefined) =>
  member?.parentId == null ? undefined : input.members.get(member.parentId);

/** The nth upline in the sponsor tree (1 = the sponsor). */
function upline(input: EngineInput, memberId: number, n: number): EngineMember | undefined {
  let member = input.members.get(memberId);
  for (let i = 0; i < n && member; i++) member = parentOf(input, member);
  return member;
}

/** Monthly: ratio × SP bought by the member's downline between minDepth and maxDepth levels below it. */
function downlineVolume<K extends 'groupVolume' | 'treeDepth'>(): RuleKind<K> {
  return {
    cadence: 'month',
    compute(key, kindParams, input) {
      const params = kindParams as ParamsOf<'groupVolume' | 'treeDepth'>;
      const volume = new Map<number, number>();
      for (const order of input.orders) {
        let ancestor = parentOf(input, input.members.get(order.buyerId));
        for (let depth = 1; ancestor && (params.maxDepth === null || depth <= params.maxDepth); depth++) {
          if (depth >= params.minDepth)
            volume.set(ancestor.id, (volume.get(ancestor.id) ?? 0) + order.salesPoint);
          ancestor = parentOf(input, ancestor);
        }
      }
      const payouts: Payout[] = [];
      for (const [userId, sp] of volume) {
        const member = input.members.get(userId)!;
        if (member.levelId < params.minLevel) continue;
        const ratioBp = ratioFor(params.ratio, member.levelId, input.levels);
        const cents = spShareCents(sp, ratioBp);
        if (cents > 0)
          payouts.push({
            userId,
            typeKey: key,
            period: input.month,
            orderId: null,
            baseSp: sp,
            ratioBp,
            cents,
          });
      }
      return payouts;
    },
  };
}

/**
 * Monthly pool (type 3): pool = poolBp × all SP of the month; a member holds one share per spPerShare
 * of own + direct-referral SP, at most the level's share cap; the pool is split pro rata over all
 * shares, each part floored (the few cents of remainder stay undistributed).
 */
const poolShare: RuleKind<'poolShare'> = {
  cadence: 'month',
  compute(key, params, input) {
    let totalSp = 0;
    const base = new Map<number, number>();
    const add = (id: number | null | undefined, sp: number) => {
      if (id != null) base.set(id, (base.get(id) ?? 0) + sp);
    };
    for (const order of input.orders) {
      totalSp += order.salesPoint;
      add(order.buyerId, order.salesPoint);
      add(input.members.get(order.buyerId)?.parentId, order.salesPoint);
    }
    const poolCents = spShareCents(totalSp, params.poolBp);
    const holders: Array<{ member: EngineMember; sp: number; shares: number }> = [];
    let totalShares = 0;
    for (const [id, sp] of base) {
      const member = input.members.get(id);
      if (!member || member.levelId < params.minLevel) continue;
      const cap = input.levels.get(member.levelId)?.shareCap ?? 0;
      const shares = Math.min(Math.floor(sp / params.spPerShare), cap);
      if (shares <= 0) continue;
      holders.push({ member, sp, shares });
      totalShares += shares;
    }
    return holders
      .map(({ member, sp, shares }) => ({
        userId: member.id,
        typeKey: key,
        period: input.month,
        orderId: null,
        baseSp: sp,
        ratioBp: null,
        cents: proRata(poolCents, shares, totalShares),
        shares: { shares, totalShares, poolCents },
      }))
      .filter((p) => p.cents > 0);
  },
};

/** The registry: every bonus type names one of these kinds. */
export const RULE_KINDS: { [K in BonusKind]: RuleKind<K> } = {
  direct: perOrder<'direct'>((order, params, input) => {
    const buyer = input.members.get(order.buyerId);
    const parentId = params.tree === 'sponsor' ? buyer?.parentId : buyer?.iblommerParentId;
    return parentId == null ? undefined : input.members.get(parentId);
  }),
  generation: perOrder<'generation'>((order, params, input) =>
    upline(input, order.buyerId, params.generation),
  ),
  providerReferral: perOrder<'providerReferral'>((order, params, input) => {
    if (order.providerId == null) return undefined;
    const referrerId = input.providerReferrers.get(order.providerId);
    const referrer = referrerId == null ? undefined : input.members.get(referrerId);
    if (!referrer || (params.qualifiedCpOnly && !referrer.isQualifiedCp)) return undefined;
    return params.payTo === 'referrer' ? referrer : parentOf(input, referrer);
  }),
  poolShare,
  groupVolume: downlineVolume(),
  treeDepth: downlineVolume(),
  oneOff: { cadence: 'event', compute: () => [] },
};

export const cadenceOf = (params: BonusParams) => RULE_KINDS[params.kind].cadence;

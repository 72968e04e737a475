import type { BonusKind, BonusParams, RatioSource } from '@app/contracts';
import { proRata, ratioFor, spShareCents } from './ratio';
import type { EngineInput, LevelRatios, PayoutSink } from './types';

type ParamsOf<K extends BonusKind> = Extract<BonusParams, { kind: K }>;

export interface RuleKind<K extends BonusKind> {
  /** day: settled per order, per day; month: settled once per month; event: paid by the programme that triggers it. */
  cadence: 'day' | 'month' | 'event';
  compute(key: number, params: ParamsOf<K>, input: EngineInput, emit: PayoutSink): void;
}

/** ratioFor as a function of the level, remembered per level (it is asked once per payout). */
function ratioByLevel(source: RatioSource, levels: ReadonlyMap<number, LevelRatios>) {
  const known: number[] = [];
  return (levelId: number) => (known[levelId] ??= ratioFor(source, levelId, levels));
}

/** An order-driven kind: who receives for order `i` of the table (a member id, 0 = nobody), then ratio × its SP. */
function perOrder<K extends BonusKind>(
  recipientOf: (i: number, params: ParamsOf<K>, input: EngineInput) => number,
): RuleKind<K> {
  return {
    cadence: 'day',
    compute(key, params, input, emit) {
      const { orders, members } = input;
      const ratioOf = ratioByLevel((params as { ratio: RatioSource }).ratio, input.levels);
      for (let i = 0; i < orders.count; i++) {
        const userId = recipientOf(i, params, input);
        const level = members.level(userId);
        if (level === 0 || level < params.minLevel) continue;
        const ratioBp = ratioOf(level);
        const baseSp = orders.salesPoint[i]!;
        const cents = spShareCents(baseSp, ratioBp);
        if (cents <= 0) continue;
        const period = orders.days[orders.day[i]!]!;
        emit({ userId, typeKey: key, period, orderId: orders.id[i]!, baseSp, ratioBp, cents });
      }
    },
  };
}

/** The nth upline in the sponsor tree (1 = the sponsor), 0 when there is none. */
function upline(input: EngineInput, memberId: number, n: number): number {
  let id = input.members.level(memberId) === 0 ? 0 : memberId;
  for (let i = 0; i < n && id !== 0; i++) id = input.members.sponsor(id);
  return id;
}

/** SP bought in the period per member id (orders of non-members count for nobody). */
function spByBuyer(input: EngineInput): Float64Array {
  const { orders, members } = input;
  const own = new Float64Array(members.size);
  for (let i = 0; i < orders.count; i++) {
    const buyer = orders.buyer[i]!;
    if (members.level(buyer) !== 0) own[buyer]! += orders.salesPoint[i]!;
  }
  return own;
}

/** SP bought between minDepth and maxDepth levels below each member: each buyer's SP walked up its upline. */
function volumeWithin(input: EngineInput, minDepth: number, maxDepth: number): Float64Array {
  const { members } = input;
  const own = spByBuyer(input);
  const volume = new Float64Array(members.size);
  for (let buyer = 1; buyer < own.length; buyer++) {
    const sp = own[buyer]!;
    if (sp === 0) continue;
    let ancestor = members.sponsor(buyer);
    for (let depth = 1; ancestor !== 0 && depth <= maxDepth; depth++) {
      if (depth >= minDepth) volume[ancestor]! += sp;
      ancestor = members.sponsor(ancestor);
    }
  }
  return volume;
}

/**
 * SP bought minDepth or more levels below each member. Walking every buyer's whole upline (hundreds of
 * levels in a large tree) would be most of the engine's time, so each member's whole-downline SP is
 * summed once, children before parents, and credited to the member's minDepth-th upline.
 */
function volumeBelow(input: EngineInput, minDepth: number): Float64Array {
  const { members } = input;
  const total = spByBuyer(input);
  const pending = new Int32Array(members.size);
  for (let id = 1; id < members.size; id++) pending[members.sponsor(id)]!++;
  const ready = new Int32Array(members.size);
  let end = 0;
  for (let id = 1; id < members.size; id++)
    if (members.level(id) !== 0 && pending[id] === 0) ready[end++] = id;
  for (let i = 0; i < end; i++) {
    const id = ready[i]!;
    const parent = members.sponsor(id);
    if (parent === 0) continue;
    total[parent]! += total[id]!;
    if (--pending[parent]! === 0) ready[end++] = parent;
  }
  const volume = new Float64Array(members.size);
  for (let id = 1; id < members.size; id++) {
    let ancestor = total[id] === 0 ? 0 : id;
    for (let depth = 0; depth < minDepth && ancestor !== 0; depth++) ancestor = members.sponsor(ancestor);
    if (ancestor !== 0) volume[ancestor]! += total[id]!;
  }
  return volume;
}

/** Each member's SP a downline kind counts: bought between minDepth and maxDepth levels below it (by member id). */
export const downlineVolumes = (
  params: ParamsOf<'groupVolume' | 'treeDepth'>,
  input: EngineInput,
): Float64Array =>
  params.maxDepth === null
    ? volumeBelow(input, params.minDepth)
    : volumeWithin(input, params.minDepth, params.maxDepth);

/** Monthly: ratio × SP bought by the member's downline between minDepth and maxDepth levels below it. */
function downlineVolume<K extends 'groupVolume' | 'treeDepth'>(): RuleKind<K> {
  return {
    cadence: 'month',
    compute(key, kindParams, input, emit) {
      const params = kindParams as ParamsOf<'groupVolume' | 'treeDepth'>;
      const { members } = input;
      const volume = downlineVolumes(params, input);
      const ratioOf = ratioByLevel(params.ratio, input.levels);
      for (let userId = 1; userId < volume.length; userId++) {
        const baseSp = volume[userId]!;
        const level = members.level(userId);
        if (baseSp === 0 || level < params.minLevel) continue;
        const ratioBp = ratioOf(level);
        const cents = spShareCents(baseSp, ratioBp);
        if (cents > 0)
          emit({ userId, typeKey: key, period: input.month, orderId: null, baseSp, ratioBp, cents });
      }
    },
  };
}

/**
 * The pool's holdings of a month: each member's base (own + direct-referral SP), the shares it holds (one per
 * spPerShare of base, at most the level's share cap; none below minLevel), and the month's totals.
 */
export function poolHoldings(params: ParamsOf<'poolShare'>, input: EngineInput) {
  const { orders, members } = input;
  let totalSp = 0;
  const base = new Float64Array(members.size);
  for (let i = 0; i < orders.count; i++) {
    const sp = orders.salesPoint[i]!;
    const buyer = orders.buyer[i]!;
    totalSp += sp;
    if (members.level(buyer) === 0) continue;
    base[buyer]! += sp;
    const sponsor = members.sponsor(buyer);
    if (sponsor !== 0) base[sponsor]! += sp;
  }
  const poolCents = spShareCents(totalSp, params.poolBp);
  const shares = new Int32Array(members.size);
  let totalShares = 0;
  for (let id = 1; id < base.length; id++) {
    const level = members.level(id);
    if (base[id] === 0 || level === 0 || level < params.minLevel) continue;
    const cap = input.levels.get(level)?.shareCap ?? 0;
    shares[id] = Math.max(0, Math.min(Math.floor(base[id]! / params.spPerShare), cap));
    totalShares += shares[id]!;
  }
  return { base, shares, totalShares, poolCents };
}

/**
 * Monthly pool (type 3): pool = poolBp × all SP of the month; a member holds one share per spPerShare
 * of own + direct-referral SP, at most the level's share cap; the pool is split pro rata over all
 * shares, each part floored (the few cents of remainder stay undistributed).
 */
const poolShare: RuleKind<'poolShare'> = {
  cadence: 'month',
  compute(key, params, input, emit) {
    const { base, shares, totalShares, poolCents } = poolHoldings(params, input);
    for (let userId = 1; userId < shares.length; userId++) {
      if (shares[userId] === 0) continue;
      const cents = proRata(poolCents, shares[userId]!, totalShares);
      if (cents > 0)
        emit({
          userId,
          typeKey: key,
          period: input.month,
          orderId: null,
          baseSp: base[userId]!,
          ratioBp: null,
          cents,
          shares: { shares: shares[userId]!, totalShares, poolCents },
        });
    }
  },
};

/** The registry: every bonus type names one of these kinds. */
export const RULE_KINDS: { [K in BonusKind]: RuleKind<K> } = {
  direct: perOrder<'direct'>((i, params, { orders, members }) =>
    params.tree === 'sponsor' ? members.sponsor(orders.buyer[i]!) : members.iblommerParent(orders.buyer[i]!),
  ),
  generation: perOrder<'generation'>((i, params, input) =>
    upline(input, input.orders.buyer[i]!, params.generation),
  ),
  providerReferral: perOrder<'providerReferral'>((i, params, { orders, members, providerReferrers }) => {
    const provider = orders.provider[i]!;
    const referrer = provider === 0 ? 0 : (providerReferrers.get(provider) ?? 0);
    if (members.level(referrer) === 0 || (params.qualifiedCpOnly && !members.isQualifiedCp(referrer)))
      return 0;
    return params.payTo === 'referrer' ? referrer : members.sponsor(referrer);
  }),
  poolShare,
  groupVolume: downlineVolume(),
  treeDepth: downlineVolume(),
  oneOff: { cadence: 'event', compute: () => {} },
};

export const cadenceOf = (params: BonusParams) => RULE_KINDS[params.kind].cadence;

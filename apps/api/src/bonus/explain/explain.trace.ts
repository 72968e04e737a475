import type { ArithmeticStep, BonusParams, DownlineBreakdown, PathRelation } from '@app/contracts';
import { forEachPayout } from '../engine/engine';
import type { MemberTable } from '../engine/tables';
import { type OrderTable, orderIndex } from '../engine/tables';
import { BP_DIVISOR, type EngineInput, type Payout, SP_CENTS } from '../engine/types';

/** The payout being explained, as stored: who, which type and period, which source order. */
export interface PayoutKey {
  userId: number;
  typeKey: number;
  period: string;
  orderId: number | null;
}

/** How a payout comes about from an engine input: ids only (the service names them). */
export interface Trace {
  /** The engine's payout for the key, undefined when it pays none for it from this input. */
  payout: Payout | undefined;
  /** Index of each source order in `input.orders`, with the generation of its buyer below the receiver. */
  orders: Array<{ index: number; generation: number | null }>;
  ordersTotal: number;
  providerId: number | null;
  tree: 'sponsor' | 'iblommer' | null;
  path: Array<{ relation: PathRelation; generation: number; memberId: number }>;
  arithmetic: Array<{ step: ArithmeticStep; formula: string; result: number }>;
  /** A pool share's figures (the engine's pool and shares; every holder's shares per level). */
  pool: PoolTrace | null;
  /** A downline kind's SP of the receiver's whole downline, in bands of generations counted or not. */
  downline: DownlineBreakdown | null;
}

export interface PoolTrace {
  monthSp: number;
  poolBp: number;
  poolCents: number;
  ownSp: number;
  directSp: number;
  baseSp: number;
  spPerShare: number;
  shareCap: number;
  shares: number;
  totalShares: number;
  /** Holders the engine paid, per level (their shares); unpaid: shares of holders whose part rounds to 0 cents. */
  holders: Array<{ levelId: number; shareCap: number; holders: number; shares: number }>;
  unpaidShares: number;
}

/** Source orders listed for a monthly payout (they are counted and summed in full). */
export const LISTED_ORDERS = 100;

/**
 * Runs the engine over `input` for the one type and picks the payout of `key`: the amount is the engine's own,
 * never worked out again here. For an order-driven key `input` should hold that order alone (the engine then
 * computes only it). What is added around it — the path, the orders counted, the formulas — reads the same
 * tables the engine read and the figures it emitted.
 */
export function tracePayout(
  input: EngineInput,
  type: { key: number; params: BonusParams },
  key: PayoutKey,
): Trace {
  const cadence = key.orderId === null ? 'month' : 'day';
  let payout: Payout | undefined;
  // A pool share's holders per level, from every payout the engine emits for the month.
  const holders = new Map<number, { holders: number; shares: number }>();
  forEachPayout(input, [type], cadence, (p) => {
    if (p.userId === key.userId && p.orderId === key.orderId && p.period === key.period) payout = p;
    if (p.shares) {
      const level = input.members.level(p.userId);
      const sum = holders.get(level) ?? { holders: 0, shares: 0 };
      holders.set(level, { holders: sum.holders + 1, shares: sum.shares + p.shares.shares });
    }
  });
  const base = { payout, providerId: null, tree: null, path: [], arithmetic: [], pool: null, downline: null };
  if (key.orderId === null) return { ...base, ...monthly(input, type.params, key.userId, payout, holders) };
  const index = orderIndex(input.orders, key.orderId);
  if (index < 0) return { ...base, orders: [], ordersTotal: 0 };
  const route = orderPath(input, type.params, index);
  const receiverAt = route.path.find((step) => step.memberId === key.userId)?.generation ?? null;
  return {
    ...base,
    ...route,
    orders: [{ index, generation: route.tree === 'sponsor' ? receiverAt : null }],
    ordersTotal: 1,
    arithmetic: payout ? ratioSteps(input.orders.salesPoint[index]!, payout) : [],
  };
}

/** The table's order `orderId` alone (none when the period no longer counts it): an order-driven payout's input. */
export function oneOrder(orders: OrderTable, orderId: number): OrderTable {
  const i = orderIndex(orders, orderId);
  const [from, to] = i < 0 ? [0, 0] : [i, i + 1];
  return {
    count: to - from,
    id: orders.id.subarray(from, to),
    buyer: orders.buyer.subarray(from, to),
    salesPoint: orders.salesPoint.subarray(from, to),
    provider: orders.provider.subarray(from, to),
    day: orders.day.subarray(from, to),
    days: orders.days,
  };
}

/** Buyer → receiver of an order-driven type, in the tree (or through the provider) its kind follows. */
function orderPath(input: EngineInput, params: BonusParams, index: number) {
  const { members, orders, providerReferrers } = input;
  const buyer = orders.buyer[index]!;
  const path: Trace['path'] = [{ relation: 'buyer', generation: 0, memberId: buyer }];
  const provider = orders.provider[index] || null;
  if (params.kind === 'direct' && params.tree === 'iblommer') {
    const parent = members.iblommerParent(buyer);
    if (parent) path.push({ relation: 'iblommerParent', generation: 1, memberId: parent });
    return { path, tree: 'iblommer' as const, providerId: provider };
  }
  if (params.kind === 'providerReferral') {
    const referrer = provider === null ? 0 : (providerReferrers.get(provider) ?? 0);
    if (referrer) path.push({ relation: 'providerReferrer', generation: 0, memberId: referrer });
    const sponsor = referrer && params.payTo === 'referrerSponsor' ? members.sponsor(referrer) : 0;
    if (sponsor) path.push({ relation: 'referrerSponsor', generation: 1, memberId: sponsor });
    return { path, tree: null, providerId: provider };
  }
  const generations = params.kind === 'generation' ? params.generation : 1;
  for (let g = 1, id = members.sponsor(buyer); g <= generations && id !== 0; g++, id = members.sponsor(id))
    path.push({ relation: 'sponsor', generation: g, memberId: id });
  return { path, tree: 'sponsor' as const, providerId: provider };
}

/** The generations below the receiver whose orders a monthly kind counts (pool: own and direct referrals'; others none). */
function countedDepths(params: BonusParams): [number, number] {
  if (params.kind === 'poolShare') return [0, 1];
  if (params.kind === 'groupVolume' || params.kind === 'treeDepth')
    return [params.minDepth, params.maxDepth ?? Number.MAX_SAFE_INTEGER];
  return [1, 0];
}

/**
 * How many generations below `receiver` each member is in the sponsor tree (0: the receiver; -1: not below it),
 * as the engine walks it: a non-member buyer counts for nobody. Each member's answer is remembered, so asking
 * for every order of a month walks each member's upline once.
 */
export function generationsBelow(members: MemberTable, receiver: number): (buyer: number) => number {
  const UNKNOWN = -2;
  const memo = new Int32Array(members.size).fill(UNKNOWN);
  if (receiver > 0 && receiver < memo.length) memo[receiver] = 0;
  const chain: number[] = [];
  return (buyer) => {
    if (members.level(buyer) === 0) return -1;
    chain.length = 0;
    let id = buyer;
    while (id !== 0 && memo[id] === UNKNOWN) {
      chain.push(id);
      id = members.sponsor(id);
    }
    let generation = id === 0 ? -1 : memo[id]!;
    for (let k = chain.length - 1; k >= 0; k--) {
      generation = generation < 0 ? -1 : generation + 1;
      memo[chain[k]!] = generation;
    }
    return memo[buyer]!;
  };
}

/** Every order a monthly payout of `params` counts for `receiver`: its index in `input.orders` and generation. */
export function countedOrders(input: EngineInput, params: BonusParams, receiver: number) {
  const [minDepth, maxDepth] = countedDepths(params);
  const generationOf = generationsBelow(input.members, receiver);
  const index: number[] = [];
  const generation: number[] = [];
  for (let i = 0; i < input.orders.count; i++) {
    const g = generationOf(input.orders.buyer[i]!);
    if (g < minDepth || g > maxDepth) continue;
    index.push(i);
    generation.push(g);
  }
  return { index, generation };
}

/** A monthly payout's source orders (by the receiver's downline generations) and its arithmetic. */
function monthly(
  input: EngineInput,
  params: BonusParams,
  receiver: number,
  payout: Payout | undefined,
  holders: ReadonlyMap<number, { holders: number; shares: number }>,
) {
  const { orders, members } = input;
  const all = countedOrders(input, params, receiver);
  const listed: Trace['orders'] = all.index
    .slice(0, LISTED_ORDERS)
    .map((index, k) => ({ index, generation: all.generation[k]! }));
  const counted = all.index.map((i) => orders.salesPoint[i]!);
  const arithmetic: Trace['arithmetic'] = [];
  let pool: PoolTrace | null = null;
  if (payout?.shares && params.kind === 'poolShare') {
    let monthSp = 0;
    for (let i = 0; i < orders.count; i++) monthSp += orders.salesPoint[i]!;
    const { shares, totalShares, poolCents } = payout.shares;
    const { poolBp, spPerShare } = params;
    const cap = input.levels.get(members.level(receiver))?.shareCap ?? 0;
    let ownSp = 0;
    all.index.forEach((i, k) => {
      if (all.generation[k] === 0) ownSp += orders.salesPoint[i]!;
    });
    const byLevel = [...holders.entries()]
      .sort(([a], [b]) => a - b)
      .map(([levelId, sum]) => ({ levelId, shareCap: input.levels.get(levelId)?.shareCap ?? 0, ...sum }));
    pool = {
      monthSp,
      poolBp,
      poolCents,
      ownSp,
      directSp: payout.baseSp - ownSp,
      baseSp: payout.baseSp,
      spPerShare,
      shareCap: cap,
      shares,
      totalShares,
      holders: byLevel,
      unpaidShares: totalShares - byLevel.reduce((sum, l) => sum + l.shares, 0),
    };
    arithmetic.push(
      { step: 'monthSp', formula: sumOf(orders.salesPoint.subarray(0, orders.count)), result: monthSp },
      {
        step: 'pool',
        formula: `floor(${monthSp} × ${SP_CENTS} × ${poolBp} / ${BP_DIVISOR})`,
        result: poolCents,
      },
      { step: 'baseSp', formula: sumOf(counted), result: payout.baseSp },
      { step: 'shares', formula: `min(floor(${payout.baseSp} / ${spPerShare}), ${cap})`, result: shares },
      { step: 'amount', formula: `floor(${poolCents} × ${shares} / ${totalShares})`, result: payout.cents },
    );
  } else if (payout) {
    arithmetic.push(
      { step: 'baseSp', formula: sumOf(counted), result: payout.baseSp },
      ...ratioSteps(null, payout),
    );
  }
  const downline =
    params.kind === 'groupVolume' || params.kind === 'treeDepth'
      ? downlineBands(input, params.minDepth, params.maxDepth, receiver)
      : null;
  return { orders: listed, ordersTotal: all.index.length, arithmetic, pool, downline };
}

/**
 * The receiver's whole downline's SP of the period (its own orders too) in bands of generations: before
 * `minDepth` and past `maxDepth` left out, between them counted — what a downline kind's base is made of.
 */
function downlineBands(
  input: EngineInput,
  minDepth: number,
  maxDepth: number | null,
  receiver: number,
): DownlineBreakdown {
  const edges: Array<[number, number | null, boolean]> = [[0, 0, false]];
  if (minDepth > 1) edges.push([1, minDepth - 1, false]);
  edges.push([minDepth, maxDepth, true]);
  if (maxDepth !== null) edges.push([maxDepth + 1, null, false]);
  const bands = edges.map(([from, to, counted]) => ({
    from_generation: from,
    to_generation: to,
    counted,
    orders: 0,
    sp: 0,
  }));
  const generationOf = generationsBelow(input.members, receiver);
  for (let i = 0; i < input.orders.count; i++) {
    const g = generationOf(input.orders.buyer[i]!);
    if (g < 0) continue;
    const band = bands.find(
      (b) => g >= b.from_generation && (b.to_generation === null || g <= b.to_generation),
    )!;
    band.orders++;
    band.sp += input.orders.salesPoint[i]!;
  }
  const sum = (list: typeof bands) => list.reduce((total, b) => total + b.sp, 0);
  const counted = sum(bands.filter((b) => b.counted));
  const excluded = sum(bands.filter((b) => !b.counted));
  return { bands, counted_sp: counted, excluded_sp: excluded, total_sp: counted + excluded };
}

/** The SP base (an order's, when given) and ratio × base in cents, floored. */
function ratioSteps(orderSp: number | null, payout: Payout): Trace['arithmetic'] {
  const amount = {
    step: 'amount' as const,
    formula: `floor(${payout.baseSp} × ${SP_CENTS} × ${payout.ratioBp ?? 0} / ${BP_DIVISOR})`,
    result: payout.cents,
  };
  return orderSp === null
    ? [amount]
    : [{ step: 'baseSp', formula: String(orderSp), result: payout.baseSp }, amount];
}

/** "a + b + c" for a few figures, "Σ n orders" for many. */
function sumOf(values: ArrayLike<number>): string {
  if (values.length === 0) return '0';
  if (values.length > 10) return `Σ ${values.length}`;
  return Array.from(values).join(' + ');
}

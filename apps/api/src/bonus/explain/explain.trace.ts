import type { ArithmeticStep, BonusParams, PathRelation } from '@app/contracts';
import { forEachPayout } from '../engine/engine';
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
  forEachPayout(input, [type], cadence, (p) => {
    if (p.userId === key.userId && p.orderId === key.orderId && p.period === key.period) payout = p;
  });
  const base = { payout, providerId: null, tree: null, path: [], arithmetic: [] };
  if (key.orderId === null) return { ...base, ...monthly(input, type.params, key.userId, payout) };
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

/** A monthly payout's source orders (by the receiver's downline generations) and its arithmetic. */
function monthly(input: EngineInput, params: BonusParams, receiver: number, payout: Payout | undefined) {
  const { orders, members } = input;
  const [minDepth, maxDepth] = countedDepths(params);
  const listed: Trace['orders'] = [];
  let ordersTotal = 0;
  const counted: number[] = [];
  for (let i = 0; i < orders.count; i++) {
    let id = members.level(orders.buyer[i]!) === 0 ? 0 : orders.buyer[i]!;
    for (let depth = 0; id !== 0 && depth <= maxDepth; depth++, id = members.sponsor(id)) {
      if (id !== receiver) continue;
      if (depth < minDepth) break;
      ordersTotal++;
      counted.push(orders.salesPoint[i]!);
      if (listed.length < LISTED_ORDERS) listed.push({ index: i, generation: depth });
      break;
    }
  }
  const arithmetic: Trace['arithmetic'] = [];
  if (payout?.shares) {
    let monthSp = 0;
    for (let i = 0; i < orders.count; i++) monthSp += orders.salesPoint[i]!;
    const { shares, totalShares, poolCents } = payout.shares;
    const poolBp = params.kind === 'poolShare' ? params.poolBp : 0;
    const spPerShare = params.kind === 'poolShare' ? params.spPerShare : 1;
    const cap = input.levels.get(members.level(receiver))?.shareCap ?? 0;
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
  return { orders: listed, ordersTotal, arithmetic };
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

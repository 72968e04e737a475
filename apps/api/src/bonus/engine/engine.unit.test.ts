import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVELS } from '../../members/levels.bootstrap';
import { DEFAULT_BONUS_TYPES } from '../default-types';
import { computePayouts } from './engine';
import { EXPECTED, NAMES, type Name, ORDERS, scenarioInput, scenarioOrders } from './scenario.fixture';
import { memberTable, orderTable } from './tables';
import type { EngineInput, Payout } from './types';

const ids = Object.fromEntries(NAMES.map((n, i) => [n, 100 + i])) as Record<Name, number>;
const orderIds = Object.fromEntries(ORDERS.map((o, i) => [o.ref, 500 + i]));
const providerIds = { P1: 7, P2: 8 };
const levels = new Map(DEFAULT_LEVELS.map((l) => [l.id, l]));
const types = DEFAULT_BONUS_TYPES.map((t) => ({ key: t.key, params: t.params }));

function input(overrides: Partial<EngineInput> = {}): EngineInput {
  return { month: '2026-10', levels, ...scenarioInput(ids, orderIds, providerIds), ...overrides };
}

/** Payouts as name → type → order ref ('month' for monthly) → cents. */
function byMember(payouts: Payout[]) {
  const nameOf = new Map(NAMES.map((n) => [ids[n], n]));
  const refOf = new Map(Object.entries(orderIds).map(([ref, id]) => [id, ref]));
  const out = Object.fromEntries(NAMES.map((n) => [n, {}])) as Record<
    Name,
    Record<number, Record<string, number>>
  >;
  for (const p of payouts) {
    const member = out[nameOf.get(p.userId)!];
    member[p.typeKey] ??= {};
    const bucket = member[p.typeKey]!;
    const ref = p.orderId === null ? 'month' : refOf.get(p.orderId)!;
    expect(bucket[ref], `duplicate payout ${p.userId}/${p.typeKey}/${ref}`).toBeUndefined();
    bucket[ref] = p.cents;
  }
  return out;
}

describe('bonus engine: hand-computed October scenario', () => {
  it('pays every member exactly the amounts worked out from docs/product/bonus.md', () => {
    expect(byMember(computePayouts(input(), types, 'month'))).toEqual(EXPECTED);
  });

  it('a daily run pays only the order-driven types, keyed by the order day', () => {
    const orders = scenarioOrders(ids, orderIds, providerIds).filter((o) => o.day === '2026-10-10');
    const day = input({ orders: orderTable(orders) });
    const payouts = computePayouts(day, types, 'day');
    expect(new Set(payouts.map((p) => p.typeKey))).toEqual(new Set([1, 2, 4, 5, 7, 8, 11]));
    expect(payouts.every((p) => p.period === '2026-10-10' && p.orderId === orderIds.o2)).toBe(true);
    expect(payouts.reduce((s, p) => s + p.cents, 0)).toBe(
      20000 + 10000 + 10000 + 4000 + 10000 + 6000 + 20000,
    );
  });

  it('type 3 pays no level-1 member even with enough SP, and splits the 15 % pool by capped shares', () => {
    const payouts = computePayouts(input(), types, 'month').filter((p) => p.typeKey === 3);
    expect(payouts.map((p) => p.userId).sort()).toEqual([ids.A, ids.B, ids.C]);
    expect(payouts[0]!.shares).toMatchObject({ totalShares: 8, poolCents: 154995 });
    expect(payouts.reduce((s, p) => s + p.cents, 0)).toBeLessThanOrEqual(154995);
  });

  it('the team bonus stops at depth 10', () => {
    const chain = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      levelId: 2,
      parentId: i === 0 ? null : i,
      iblommerParentId: null,
      isQualifiedCp: false,
    }));
    const deep = input({
      members: memberTable(chain),
      orders: orderTable([
        { id: 1, buyerId: 12, salesPoint: 1000, sourceType: 2, providerId: null, day: '2026-10-01' },
      ]),
      providerReferrers: new Map(),
    });
    const team = computePayouts(
      deep,
      types.filter((t) => t.key === 9),
      'month',
    );
    // Members 2..11 are 10..1 levels above the buyer (12); member 1 is 11 levels up and gets nothing.
    expect(team.map((p) => p.userId).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(team.every((p) => p.cents === 500)).toBe(true);
  });

  it('a custom type from a kind uses its own per-level ratios', () => {
    const custom = {
      key: 12,
      params: {
        kind: 'generation' as const,
        generation: 1,
        minLevel: 2,
        ratio: { bpByLevel: [0, 150, 150, 150] },
      },
    };
    const payouts = computePayouts(input(), [custom], 'day');
    // Sponsors at level ≥ 2: o1 → C, o3 → B, o4 → B, o5 → A; o2's sponsor E is level 1.
    expect(payouts.map((p) => [p.userId, p.cents])).toEqual([
      [ids.C, 1500],
      [ids.B, 499],
      [ids.B, 4500],
      [ids.A, 6000],
    ]);
  });
});

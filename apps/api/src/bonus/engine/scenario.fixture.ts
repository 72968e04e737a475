import { memberTable, orderTable } from './tables';
import type { EngineOrder } from './types';

/**
 * The hand-computed scenario shared by the engine's unit test and the settlement API test.
 *
 * Sponsor tree (level in brackets)          iBloomer parents     Providers
 *   A [4]                                    E → A                P1 referred by C (a Qualified CP)
 *   └ B [3]                                  F → B                P2 referred by D (not a CP)
 *     ├ C [2]  Qualified CP
 *     │ └ E [1]
 *     │   └ F [1]
 *     └ D [1]
 *
 * Orders completed in October 2026 (every source type):
 *   o1 E membership   1,000 SP  11-03
 *   o2 F paid course  2,000 SP  11-10  provider P1
 *   o3 D AI package     333 SP  11-15  provider P2
 *   o4 C paid course  3,000 SP  11-20
 *   o5 B membership   4,000 SP  11-25
 */
export const NAMES = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type Name = (typeof NAMES)[number];

export const TREE: Record<Name, { level: number; parent: Name | null; iblommer: Name | null; cp?: boolean }> =
  {
    A: { level: 4, parent: null, iblommer: null },
    B: { level: 3, parent: 'A', iblommer: null },
    C: { level: 2, parent: 'B', iblommer: null, cp: true },
    D: { level: 1, parent: 'B', iblommer: null },
    E: { level: 1, parent: 'C', iblommer: 'A' },
    F: { level: 1, parent: 'E', iblommer: 'B' },
  };

export const PROVIDERS = { P1: 'C', P2: 'D' } as const satisfies Record<string, Name>;

export const ORDERS: Array<{
  ref: string;
  buyer: Name;
  sp: number;
  sourceType: 1 | 2 | 3;
  day: string;
  provider?: keyof typeof PROVIDERS;
}> = [
  { ref: 'o1', buyer: 'E', sp: 1000, sourceType: 1, day: '2026-10-03' },
  { ref: 'o2', buyer: 'F', sp: 2000, sourceType: 2, day: '2026-10-10', provider: 'P1' },
  { ref: 'o3', buyer: 'D', sp: 333, sourceType: 3, day: '2026-10-15', provider: 'P2' },
  { ref: 'o4', buyer: 'C', sp: 3000, sourceType: 2, day: '2026-10-20' },
  { ref: 'o5', buyer: 'B', sp: 4000, sourceType: 1, day: '2026-10-25' },
];

/**
 * Expected payouts in cents, per member, per type, per source order ('month' for monthly types),
 * worked out by hand from docs/product/bonus.md with the default level ratios (1 SP = 1.00):
 *
 * Type 1 (sponsor × invitation ratio): o1 E→C 1000×20% = 200.00; o2 F→E 2000×10% = 200.00;
 *   o3 D→B 333×25% = 83.25; o4 C→B 3000×25% = 750.00; o5 B→A 4000×30% = 1,200.00.
 * Type 2 (sponsor's sponsor × 2nd-gen): o1 E→B 1000×8% = 80.00; o2 F→C 2000×5% = 100.00;
 *   o3 D→A 333×10% = 33.30; o4 C→A 3000×10% = 300.00; o5 B has no 2nd upline.
 * Type 4 (3rd upline × 3rd-gen): o1 E→A 1000×8% = 80.00; o2 F→B 2000×5% = 100.00; o3, o4, o5 none.
 * Type 5 (provider's referrer 2 %): o2 P1→C 2000×2% = 40.00; o3 P2→D 333×2% = 6.66.
 * Type 7 (iBloomer parent 5 %): o1 E→A 50.00; o2 F→B 100.00.
 * Type 8 (Qualified CP's sponsor 3 %): o2 (C's channel) → B 2000×3% = 60.00; D is no CP → nothing for o3.
 * Type 11 (Qualified CP 10 % of own channel orders): o2 → C 200.00.
 * Type 3: month SP = 1000+2000+333+3000+4000 = 10,333 → pool 15% = 1,549.95.
 *   Own + direct-referral SP: A 0+4000 → 4 shares (cap 5) = 4; B 4000+3000+333 = 7333 → 7, cap 3 → 3;
 *   C 3000+1000 = 4000 → 4, cap 1 → 1; D, E, F level 1 → excluded. 8 shares:
 *   A floor(154995×4/8) = 774.97; B floor(154995×3/8) = 581.23; C floor(154995/8) = 193.74.
 * Type 6 (level ≥ 3, 1 % of downline SP below the direct referrals): A: C+D+E+F = 6,333 → 63.33;
 *   B: E+F = 3,000 → 30.00; C is level 2 → nothing.
 * Type 9 (level ≥ 2, 0.5 % of downline SP to depth 10): A: B+C+D+E+F = 10,333 → 51.66
 *   (51.665 floored); B: C+D+E+F = 6,333 → 31.66; C: E+F = 3,000 → 15.00; D is level 1 → nothing.
 */
export const EXPECTED: Record<Name, Record<number, Record<string, number>>> = {
  A: {
    1: { o5: 120000 },
    2: { o3: 3330, o4: 30000 },
    4: { o1: 8000 },
    7: { o1: 5000 },
    3: { month: 77497 },
    6: { month: 6333 },
    9: { month: 5166 },
  },
  B: {
    1: { o3: 8325, o4: 75000 },
    2: { o1: 8000 },
    4: { o2: 10000 },
    7: { o2: 10000 },
    8: { o2: 6000 },
    3: { month: 58123 },
    6: { month: 3000 },
    9: { month: 3166 },
  },
  C: {
    1: { o1: 20000 },
    2: { o2: 10000 },
    5: { o2: 4000 },
    11: { o2: 20000 },
    3: { month: 19374 },
    9: { month: 1500 },
  },
  D: { 5: { o3: 666 } },
  E: { 1: { o2: 20000 } },
  F: {},
};

/** The scenario's orders given the ids the names, orders and providers got. */
export function scenarioOrders(
  ids: Record<Name, number>,
  orderIds: Record<string, number>,
  providerIds: Record<string, number>,
): EngineOrder[] {
  return ORDERS.map((o) => ({
    id: orderIds[o.ref]!,
    buyerId: ids[o.buyer],
    salesPoint: o.sp,
    sourceType: o.sourceType,
    providerId: o.provider ? providerIds[o.provider]! : null,
    day: o.day,
  }));
}

/** Engine inputs for the scenario given the ids the names got. */
export function scenarioInput(
  ids: Record<Name, number>,
  orderIds: Record<string, number>,
  providerIds: Record<string, number>,
) {
  const members = memberTable(
    NAMES.map((n) => {
      const node = TREE[n];
      return {
        id: ids[n],
        levelId: node.level,
        parentId: node.parent ? ids[node.parent] : null,
        iblommerParentId: node.iblommer ? ids[node.iblommer] : null,
        isQualifiedCp: node.cp === true,
      };
    }),
  );
  const providerReferrers = new Map(
    Object.entries(PROVIDERS).map(([p, n]) => [providerIds[p]!, ids[n]] as [number, number]),
  );
  return { members, orders: orderTable(scenarioOrders(ids, orderIds, providerIds)), providerReferrers };
}

import type { EngineMember, EngineOrder } from './plain-rows';

/**
 * The members of a settlement as typed arrays indexed by member id (a month holds a million of them:
 * one object and map entry each cost ~1 GB and most of the run). Id 0 means "none"; level 0 "not a
 * member" (admins, unknown ids). A parent that is no member is stored as 0, so an upline walk stops
 * there as it would at a missing map entry, with one array read per step.
 */
export class MemberTable {
  /** Takes over the arrays (parents are rewritten in place). */
  constructor(
    private readonly levels: Int32Array,
    private readonly parents: Int32Array,
    private readonly iblommerParents: Int32Array,
    private readonly qualifiedCps: Uint8Array,
  ) {
    for (let id = 0; id < levels.length; id++) {
      if (levels[id] === 0 || this.level(parents[id]!) === 0) parents[id] = 0;
      if (levels[id] === 0 || this.level(iblommerParents[id]!) === 0) iblommerParents[id] = 0;
    }
  }

  /** One past the highest member id: the size of arrays indexed by member id. */
  get size(): number {
    return this.levels.length;
  }

  /** The member's level id, 0 when `id` is no member. */
  level(id: number): number {
    return id > 0 && id < this.levels.length ? this.levels[id]! : 0;
  }

  /** The member's sponsor when that is a member, else 0. */
  sponsor(id: number): number {
    return id < this.parents.length ? this.parents[id]! : 0;
  }

  /** The member's iBloomer parent when that is a member, else 0. */
  iblommerParent(id: number): number {
    return id < this.iblommerParents.length ? this.iblommerParents[id]! : 0;
  }

  isQualifiedCp(id: number): boolean {
    return this.level(id) !== 0 && this.qualifiedCps[id] === 1;
  }
}

/** A period's orders as parallel typed arrays; `day` indexes `days` ('YYYY-MM-DD'). Provider 0 = none. */
export interface OrderTable {
  count: number;
  id: Int32Array;
  buyer: Int32Array;
  salesPoint: Float64Array;
  provider: Int32Array;
  day: Uint8Array;
  days: readonly string[];
  /** The order numbers, loaded only to pay (the wallet records reference them); the engine does not read them. */
  orderNo?: readonly string[];
}

/** A member table from plain members (tests, small inputs). */
export function memberTable(members: Iterable<EngineMember>): MemberTable {
  const list = [...members];
  const size = list.reduce((max, m) => Math.max(max, m.id), 0) + 1;
  const level = new Int32Array(size);
  const parent = new Int32Array(size);
  const iblommer = new Int32Array(size);
  const cp = new Uint8Array(size);
  for (const m of list) {
    level[m.id] = m.levelId;
    parent[m.id] = m.parentId ?? 0;
    iblommer[m.id] = m.iblommerParentId ?? 0;
    cp[m.id] = m.isQualifiedCp ? 1 : 0;
  }
  return new MemberTable(level, parent, iblommer, cp);
}

/** An order table from plain orders (tests, small inputs), in their order. */
export function orderTable(orders: readonly EngineOrder[]): OrderTable {
  const days = [...new Set(orders.map((o) => o.day))];
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  return {
    count: orders.length,
    id: Int32Array.from(orders, (o) => o.id),
    buyer: Int32Array.from(orders, (o) => o.buyerId),
    salesPoint: Float64Array.from(orders, (o) => o.salesPoint),
    provider: Int32Array.from(orders, (o) => o.providerId ?? 0),
    day: Uint8Array.from(orders, (o) => dayIndex.get(o.day)!),
    days,
  };
}

/** The index of order `id` in a table whose orders are in id order (the loader's), -1 when absent. */
export function orderIndex(orders: OrderTable, id: number): number {
  let lo = 0;
  let hi = orders.count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = orders.id[mid]!;
    if (at === id) return mid;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

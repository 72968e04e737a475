import { and, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../members/members.schema';
import { orders, orderTotalsDaily } from '../orders.schema';
import { inScope } from './scopes';

/**
 * Buyers counted from the rollup: the orders of a scope (null: every order) less those bought by
 * `excluded`, the scope's few members outside the buyers (null: none).
 */
export interface CountedBuyers {
  scope: number | null;
  /** The scope's members as a condition on `users` (undefined: everyone). */
  members?: SQL;
  excluded: SQL | null;
}

/** Count and sums of order_totals_daily's buckets or of orders matching `where`, added or subtracted. */
export interface TotalsPart {
  from: 'rollup' | 'orders';
  where: SQL | undefined;
  sign: 1 | -1;
}

/** The filtered set as conditions on `orders`, and how its totals are counted. */
export interface OrderQuery {
  where: SQL | undefined;
  /**
   * Null when some condition has no equivalent on the rollup: the totals then count the orders of
   * `where`. Otherwise rollup buckets plus or minus exact counts of few orders (partial days, buyers
   * outside the scope).
   */
  totals: TotalsPart[] | null;
  /**
   * With totals from a downline's scope: the conditions but the buyers' (on `orders`) and the
   * buyers' (on `users`), so that a page may be found by walking a sort index a bounded way.
   */
  walk?: { where: SQL | undefined; buyers: SQL };
  /**
   * A condition matches too many orders to count each time (a broad name search): the totals count at
   * most TotalsConfig.countUpTo of the orders of `where`, and say "at least" beyond (page.ts).
   */
  bounded?: true;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const between = (from: string, to: string) =>
  sql`(${orders.completedAt} >= ${from} and ${orders.completedAt} < ${to})`;

/**
 * A completion range [start, end) (ISO instants, either open) as the whole UTC days inside it,
 * which the rollup counts, and the partial days at its ends, counted exactly (at most a day each).
 * Null when no whole day lies inside: the range spans less than two days, counted exactly.
 */
function splitDays(start?: string, end?: string): { days: SQL | undefined; edges: SQL | undefined } | null {
  const from = start === undefined ? undefined : Math.ceil(Date.parse(start) / DAY) * DAY;
  const to = end === undefined ? undefined : Math.floor(Date.parse(end) / DAY) * DAY;
  if (from !== undefined && to !== undefined && from >= to) return null;
  const day = (ms: number) => iso(ms).slice(0, 10);
  return {
    days: and(
      from === undefined ? undefined : sql`${orderTotalsDaily.day} >= ${day(from)}`,
      to === undefined ? undefined : sql`${orderTotalsDaily.day} < ${day(to)}`,
    ),
    edges: or(
      start !== undefined && from !== undefined && Date.parse(start) < from
        ? between(start, iso(from))
        : undefined,
      end !== undefined && to !== undefined && to < Date.parse(end) ? between(iso(to), end) : undefined,
    ),
  };
}

const boughtBy = (members: SQL) =>
  sql`${orders.userId} in (select ${users.id} from ${users} where ${members})`;

/**
 * Collects the conditions on `orders`; each filter says whether order_totals_daily (UTC day,
 * provider, product, source type, subtype) can express it too. A new filter must pick one
 * (filters.ts).
 * The completion range and the buyers are kept apart: the rollup serves a range's whole days, and
 * a large set of buyers as a scope's orders (all orders, or a downline's) less those of the few
 * members of the scope outside the set.
 */
export class Conditions {
  private readonly onOrders: SQL[] = [];
  private readonly onTotals: SQL[] = [];
  private exactOnly: boolean;
  private range: { start?: string; end?: string } = {};
  private buyers?: { within: SQL; counted: CountedBuyers | null };
  private isBounded = false;

  /** `exact`: count the totals over the orders whatever the conditions (TotalsConfig.exact). */
  constructor({ exact = false }: { exact?: boolean } = {}) {
    this.exactOnly = exact;
  }

  /** Whether the rollup may still serve the totals (no exact-only condition so far). */
  get countable() {
    return !this.exactOnly;
  }

  /** A condition the rollup cannot express (order numbers, names…). */
  exact(condition: SQL) {
    this.onOrders.push(condition);
    this.exactOnly = true;
  }

  /**
   * A condition the rollup cannot express that may match too many orders to count on every request (a
   * broad name search): the totals are counted up to a bound (OrderQuery.bounded).
   */
  bounded(condition: SQL) {
    this.exact(condition);
    this.isBounded = true;
  }

  /** A condition and its equivalent on the rollup's dimensions (null: none for this value). */
  both(condition: SQL, onTotals: SQL | null) {
    this.onOrders.push(condition);
    if (onTotals) this.onTotals.push(onTotals);
    else this.exactOnly = true;
  }

  /** Completed at or after `start` and before `end` (ISO instants). */
  completed(start: string | undefined, end: string | undefined) {
    this.range = { start, end };
  }

  /** Bought by members matching `within` (on `users`); `counted`: how the rollup counts them (null: it cannot). */
  boughtBy(within: SQL, counted: CountedBuyers | null) {
    this.buyers = { within, counted };
  }

  build(): OrderQuery {
    const { start, end } = this.range;
    const range = and(
      start === undefined ? undefined : sql`${orders.completedAt} >= ${start}`,
      end === undefined ? undefined : sql`${orders.completedAt} < ${end}`,
    );
    const where = and(...this.onOrders, range, this.buyers && boughtBy(this.buyers.within));
    const counted: CountedBuyers | null = this.buyers ? this.buyers.counted : { scope: null, excluded: null };
    if (this.isBounded) return { where, totals: null, bounded: true };
    const split = this.exactOnly || !counted ? null : splitDays(start, end);
    if (!split || !counted) return { where, totals: null };
    const totals: TotalsPart[] = [
      { from: 'rollup', where: and(inScope(counted.scope), ...this.onTotals, split.days), sign: 1 },
    ];
    if (split.edges)
      totals.push({
        from: 'orders',
        where: and(...this.onOrders, split.edges, counted.members && boughtBy(counted.members)),
        sign: 1,
      });
    if (counted.excluded)
      totals.push({
        from: 'orders',
        where: and(...this.onOrders, range, boughtBy(counted.excluded)),
        sign: -1,
      });
    if (counted.scope === null || !this.buyers) return { where, totals };
    return { where, totals, walk: { where: and(...this.onOrders, range), buyers: this.buyers.within } };
  }
}

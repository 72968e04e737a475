/**
 * Every tunable of the orders totals, in one place (README.md beside this file tells what each
 * trades). The server uses TOTALS_CONFIG, with `exact` from ORDERS_TOTALS_EXACT (`Config.ordersTotals`,
 * apps/api/src/config.ts, docs/operations.md); tests and the benchmark override fields through the `settings`
 * of the functions that take them.
 */
export interface TotalsConfig {
  /**
   * Count every total over the orders themselves, never from the rollup or a scope (and add no scope on
   * a request). Slower on large sets (seconds), never different: for checking the rollup, or for running
   * without it while a fault in it is looked into. The oracle tests compare both ways.
   */
  exact: boolean;
  /** A downline (buyer set) of at most this many members is counted exactly (downlines.ts). */
  directUpTo: number;
  /**
   * A larger one is counted from a scope (or the whole rollup) less the orders of the scope's members
   * outside it, when at most this many are (downlines.ts; scopes-ahead.ts skips a downline this near a scope).
   */
  complementUpTo: number;
  /** Downlines of more members than this get their scope ahead of their first request (scopes-ahead.ts). */
  scopeAheadFrom: number;
  /** How often the scopes ahead are looked for again as downlines grow (scopes-ahead.ts). */
  scopesAheadEveryMs: number;
  /**
   * The share of the time the scopes ahead may take: after adding one in t ms the pass rests t × (1/share − 1)
   * ms, so serving slows by at most about this much while a pass fills scopes (scopes-ahead.ts).
   */
  scopesAheadShare: number;
  /** How long adding a scope waits for order writers in flight before giving up (scopes.ts; a PostgreSQL interval). */
  waitForWriters: string;
  /** work_mem of the transaction that fills a new scope (scopes.ts; grouped in memory). */
  scopeWorkMem: string;
  /** How far a page of a scoped downline walks a sort index before reading member by member (page.ts). */
  walkUpTo: number;
  /** From this many matching orders a page sorted by referer is read in two parts (page.ts). */
  refererWalkFrom: number;
  /**
   * A name search matching at most this many buyers counts their orders exactly (one probe per buyer,
   * filters.ts); a broader one finds its page along a sort index and counts at most `countUpTo` orders.
   */
  nameBuyersUpTo: number;
  /**
   * How many orders a broad name search counts before answering "at least this many" (meta.totalAtLeast,
   * without sums; page.ts). Fewer matches are counted and summed exactly.
   */
  countUpTo: number;
}

export const TOTALS_CONFIG: Readonly<TotalsConfig> = Object.freeze({
  exact: false,
  directUpTo: 1_000,
  complementUpTo: 1_000,
  // Counted exactly, the first requests of a larger downline would take over 150 ms (docs/performance/orders.md).
  scopeAheadFrom: 10_000,
  scopesAheadEveryMs: 3_600_000,
  scopesAheadShare: 0.1,
  waitForWriters: '300ms',
  scopeWorkMem: '64MB',
  walkUpTo: 5_000,
  refererWalkFrom: 50_000,
  // Counting a buyer's orders is a probe each: 5,000 buyers (~25,000 orders) stay well under 150 ms.
  nameBuyersUpTo: 5_000,
  // Finding each further order of a broad name checks ~15 buyers (a common surname is 1 in 15 orders):
  // 1,000 orders (50 pages) stay under 150 ms, 10,000 did not (docs/performance/orders.md).
  countUpTo: 1_000,
});

/** TOTALS_CONFIG with the given fields (those given as undefined keep their default). */
export function totalsConfig(overrides: Partial<TotalsConfig> = {}): TotalsConfig {
  const given = Object.entries(overrides).filter(([, value]) => value !== undefined);
  return { ...TOTALS_CONFIG, ...Object.fromEntries(given) };
}

/** The two limits that choose how a set of buyers is counted. */
export type BuyerSetLimits = Pick<TotalsConfig, 'directUpTo' | 'complementUpTo'>;

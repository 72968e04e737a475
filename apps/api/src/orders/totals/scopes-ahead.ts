import { eq, sql } from 'drizzle-orm';
import { users } from '../../members/members.schema';
import { type Db, queryRows } from '../../platform/db/client';
import { repeatShared } from '../../platform/shared-pass/shared-pass';
import { downlineCounts } from '../../tree/tree.schema';
import { treeColumns } from '../../tree/tree-columns';
import { ancestorIds, type TreeKind } from '../../tree/tree-path';
import { orderTotalsScopes } from '../orders.schema';
import { type TotalsConfig, totalsConfig } from './config';
import { addScopeOnce } from './scopes';

/** A member and the number of members below it. */
interface Node {
  id: number;
  path: string;
  downline: number;
}

/**
 * The members of `tree` with more than `largerThan` members below them, parents before children, read from
 * `downline_counts` (kept by the users triggers): no walk of the tree. Their ancestors are all among them.
 */
async function largeDownlines(db: Db, tree: TreeKind, largerThan: number): Promise<Node[]> {
  const count = tree === 'sponsor' ? downlineCounts.sponsorCount : downlineCounts.iblommerCount;
  const path = treeColumns[tree].path;
  const rows = await queryRows<{ id: number; path: string; downline: number }>(
    db,
    sql`select ${users.id} as id, ${path} as path, ${count} as downline
        from ${downlineCounts} join ${users} on ${users.id} = ${downlineCounts.userId}
        where ${count} > ${largerThan}`,
  );
  const depth = (n: Node) => n.path.split('/').length;
  return rows
    .map((r) => ({ id: Number(r.id), path: r.path, downline: Number(r.downline) }))
    .sort((a, b) => depth(a) - depth(b));
}

export interface ScopesAheadOptions {
  /** Default: TotalsConfig.scopeAheadFrom. */
  largerThan?: number;
  /**
   * A downline with at most this many members of a scope above it outside it is counted from that
   * scope (downlines.ts, the group sales of the member). Default: TotalsConfig.complementUpTo.
   */
  near?: number;
  /** The other settings (how a scope is added, the pass's share of the time): config.ts. */
  config?: Partial<TotalsConfig>;
  /** Asked between two scopes: stop there (the app is closing). */
  stopped?: () => boolean;
}

/**
 * Adds, one at a time, the scopes that downlines of more than `largerThan` members need, so that their
 * first request is counted from a scope too. A downline with at most `near` members of the whole tree or of a
 * scope above it outside it is counted from that one and needs none of its own (a chain of sponsors above one
 * large team shares one scope). After each scope added it rests, so that adding them takes at most
 * `scopesAheadShare` of the time (filling a scope reads the downline's orders). Returns the number added.
 */
export async function addScopesAhead(db: Db, options: ScopesAheadOptions = {}): Promise<number> {
  const config = totalsConfig(options.config);
  const { largerThan = config.scopeAheadFrom, near = config.complementUpTo, stopped = () => false } = options;
  const [everyone] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${users}`);
  let added = 0;
  for (const tree of ['sponsor', 'iblommer'] as const) {
    const scoped = new Set(
      (
        await db
          .select({ id: orderTotalsScopes.ancestorId })
          .from(orderTotalsScopes)
          .where(eq(orderTotalsScopes.tree, tree))
      ).map((r) => r.id),
    );
    // Members of the smallest scope holding each large downline's (the whole tree: everyone).
    const holding = new Map<number, number>();
    for (const node of await largeDownlines(db, tree, largerThan)) {
      if (stopped()) return added;
      const parent = ancestorIds(node.path).at(-1);
      const covered = (parent !== undefined && holding.get(parent)) || (everyone?.n ?? 0);
      let holds = covered;
      if (scoped.has(node.id)) holds = node.downline + 1;
      else if (covered - node.downline > near) {
        const began = Date.now();
        if (await addScopeOnce(db, tree, node.id, config)) {
          added++;
          holds = node.downline + 1;
        }
        await rest((Date.now() - began) * (1 / config.scopesAheadShare - 1), stopped);
      }
      holding.set(node.id, holds);
    }
  }
  return added;
}

/** Waits `ms`, or less when a stop is asked. */
async function rest(ms: number, stopped: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (!stopped() && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, until - Date.now())));
}

/**
 * Keeps the scopes of large downlines, one pass at a time among every process of the database (shared-pass.ts):
 * a pass when none finished within `everyMs` (default TotalsConfig.scopesAheadEveryMs, an hour) as downlines
 * grow, so a start adds nothing when another process or an earlier start did the pass lately. Returns a stop
 * function that waits for the pass under way.
 */
export function keepScopesAhead(
  db: Db,
  onError: (error: unknown) => void,
  { everyMs, ...options }: Omit<ScopesAheadOptions, 'stopped'> & { everyMs?: number } = {},
) {
  return repeatShared(
    db,
    { name: 'orders.scopes-ahead', everyMs: everyMs ?? totalsConfig(options.config).scopesAheadEveryMs },
    (stopped) => addScopesAhead(db, { ...options, stopped }),
    onError,
  );
}

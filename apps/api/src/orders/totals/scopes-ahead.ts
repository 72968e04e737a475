import { eq, sql } from 'drizzle-orm';
import { users } from '../../members/members.schema';
import { type Db, queryRows } from '../../platform/db/client';
import { repeatEvery } from '../../platform/repeat';
import { treeColumns } from '../../tree/tree-columns';
import { pathRange, type TreeKind } from '../../tree/tree-path';
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
 * The members directly below `parent` (null: the roots) with more than `largerThan` members below
 * them, from one pass over the parent's downline (the path index).
 */
async function largeChildren(db: Db, tree: TreeKind, parent: string | null, largerThan: number) {
  const path = treeColumns[tree].path;
  const child =
    parent === null
      ? sql`split_part(${path}, '/', 2)`
      : sql`split_part(${path}, '/', ${parent.split('/').length})`;
  const rows = await queryRows<{ child: string; downline: number }>(
    db,
    sql`select ${child} as child, count(*)::int - 1 as downline from ${users}
        where ${parent === null ? sql`true` : sql`${pathRange(path, parent)} and ${path} <> ${parent}`}
        group by 1 having count(*) - 1 > ${largerThan}`,
  );
  return rows.map(
    (r): Node => ({ id: Number(r.child), path: `${parent ?? '/'}${r.child}/`, downline: r.downline }),
  );
}

export interface ScopesAheadOptions {
  /** Default: TotalsConfig.scopeAheadFrom. */
  largerThan?: number;
  /**
   * A downline with at most this many members of a scope above it outside it is counted from that
   * scope (downlines.ts, the group sales of the member). Default: TotalsConfig.complementUpTo.
   */
  near?: number;
  /** The other settings (how a scope is added): config.ts. */
  config?: Partial<TotalsConfig>;
  /** Asked between two scopes: stop there (the app is closing). */
  stopped?: () => boolean;
}

/**
 * Adds, one at a time, the scopes that downlines of more than `largerThan` members need, so that their
 * first request is counted from a scope too. Walks each tree from its roots through the large
 * downlines only. A downline with at most `near` members of the whole tree or of a scope above it
 * outside it is counted from that one and needs none of its own (a chain of sponsors above one large
 * team shares one scope). Returns the number of scopes added.
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
    // Each large downline with the members of the smallest scope holding it (the whole tree: everyone).
    let level = (await largeChildren(db, tree, null, largerThan)).map((node) => ({
      node,
      covered: everyone?.n ?? 0,
    }));
    while (level.length > 0 && !stopped()) {
      const next: typeof level = [];
      for (const { node, covered } of level) {
        if (stopped()) break;
        // The scope of this member would hold it and its downline.
        let holding = covered;
        if (scoped.has(node.id)) holding = node.downline + 1;
        else if (covered - node.downline > near && (await addScopeOnce(db, tree, node.id, config))) {
          added++;
          holding = node.downline + 1;
        }
        for (const child of await largeChildren(db, tree, node.path, largerThan))
          next.push({ node: child, covered: holding });
      }
      level = next;
    }
  }
  return added;
}

/**
 * Keeps the scopes of large downlines: adds them now, and again every `everyMs` (default
 * TotalsConfig.scopesAheadEveryMs, an hour) as downlines grow. Returns a stop function that waits for
 * the pass under way.
 */
export function keepScopesAhead(
  db: Db,
  onError: (error: unknown) => void,
  { everyMs, ...options }: Omit<ScopesAheadOptions, 'stopped'> & { everyMs?: number } = {},
) {
  return repeatEvery(
    everyMs ?? totalsConfig(options.config).scopesAheadEveryMs,
    (stopped) => addScopesAhead(db, { ...options, stopped }),
    onError,
  );
}

import type { SalesSwitch } from '@app/contracts';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { type UserRow, users } from '../../members/members.schema';
import { type Db, type DbOrTx, queryRows } from '../../platform/db/client';
import { placeIn, type TreePlaces, treeColumns } from '../../tree/tree-columns';
import { pathRange, pathRangeEnd, type TreeKind } from '../../tree/tree-path';
import type { CountedBuyers } from './conditions';
import type { TotalsConfig } from './config';
import { addScopeOnce, nearestScope } from './scopes';

export type Subject = Pick<UserRow, 'id'> & TreePlaces;

type Tree = { path: Column; depth: Column; at: string; level: number };
const treeOf = (tree: TreeKind, subject: Subject): Tree => {
  const { path, depth } = placeIn(tree, subject);
  return { path: treeColumns[tree].path, depth: treeColumns[tree].depth, at: path, level: depth };
};
/**
 * Members `from` (to `to`) levels below the subject. Paths and depths are never null, so
 * `not (…)` of it is exactly every other member.
 */
const below = (t: Tree, from: number, to?: number) =>
  sql`${pathRange(t.path, t.at)} and ${t.depth} >= ${t.level + from}${to === undefined ? sql`` : sql` and ${t.depth} <= ${t.level + to}`}`;

/**
 * Every member but those `from` (to `to`) levels below the subject: before or after the subject's path range, or
 * in it above `from` (or below `to`). The same members as `not (below(…))`, but each part is a range of a tree
 * index: `not (…)` read every member to find the few outside a large downline (350 ms at 1M members).
 */
const outside = (t: Tree, from: number, to?: number) => {
  const inRange = pathRange(t.path, t.at);
  return sql`(${t.path} ~<~ ${t.at} or ${t.path} ~>=~ ${pathRangeEnd(t.at)}
    or (${inRange} and ${t.depth} < ${t.level + from})${to === undefined ? sql`` : sql` or (${inRange} and ${t.depth} > ${t.level + to})`})`;
};

/** The members `from` (to `to`) levels below `subject` in `tree`. */
export interface Downline {
  tree: TreeKind;
  subject: Subject;
  from: number;
  to?: number;
}
/** The downline as a condition on `users`. */
export const downlineMembers = (d: Downline) => below(treeOf(d.tree, d.subject), d.from, d.to);

/** Buyers each sales switch over the downline selects for the subject member. */
export const DOWNLINE_SWITCHES: Record<
  Exclude<SalesSwitch, 'channel_sales' | 'referral_sales'>,
  (subject: Subject) => Downline
> = {
  generational_sales: (subject) => ({ tree: 'sponsor', subject, from: 2, to: 3 }),
  group_sales: (subject) => ({ tree: 'sponsor', subject, from: 1 }),
  group_sales_not_referral: (subject) => ({ tree: 'sponsor', subject, from: 2 }),
  iblommer_sales: (subject) => ({ tree: 'iblommer', subject, from: 1 }),
};

/** Number of members matching, counting no further than `cap` + 1. */
async function membersUpTo(db: DbOrTx, condition: SQL, cap: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${users} where ${condition} limit ${cap + 1}) m`,
  );
  return row?.n ?? 0;
}

/**
 * How the rollup counts a downline's orders; null when they are counted exactly, and then the subject's
 * scope is added in the background for the next time. A downline of at most `directUpTo` members is
 * counted exactly. Larger ones are counted from the rollup: a scope's orders (all orders, or those of a
 * downline at or above the subject's) less those bought by the scope's members outside the downline,
 * when at most `complementUpTo` members are (the top of the tree, or a downline nearly as large as one
 * with a scope; the subject's own scope less the few levels above `from`).
 */
export async function countedDownline(
  db: Db,
  d: Downline,
  config: TotalsConfig,
  scopes: { onScopeError: (error: unknown) => void; scopeDb?: Db },
): Promise<CountedBuyers | null> {
  const limits = config;
  const members = downlineMembers(d);
  if ((await membersUpTo(db, members, limits.directUpTo)) <= limits.directUpTo) return null;
  const tree = treeOf(d.tree, d.subject);
  const others = outside(tree, d.from, d.to);
  if ((await membersUpTo(db, others, limits.complementUpTo)) <= limits.complementUpTo)
    return { scope: null, excluded: others };
  // Generational sales stop two levels down: no scope holds just those.
  if (d.to !== undefined) return null;
  const scope = await nearestScope(db, d.tree, tree.at);
  if (scope?.ancestorId === d.subject.id)
    return {
      scope: scope.id,
      members: below(tree, 0),
      excluded: d.from > 0 ? below(tree, 0, d.from - 1) : null,
    };
  if (scope) {
    const scopeMembers = pathRange(tree.path, scope.path);
    const excluded = sql`${scopeMembers} and ${others}`;
    if ((await membersUpTo(db, excluded, limits.complementUpTo)) <= limits.complementUpTo)
      return { scope: scope.id, members: scopeMembers, excluded };
  }
  addScopeOnce(scopes.scopeDb ?? db, d.tree, d.subject.id, config).catch(scopes.onScopeError);
  return null;
}

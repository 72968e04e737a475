import { type OrderFilter, SALES_SWITCHES, type SalesSwitch } from '@app/contracts';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import { memberByNo } from '../members/lookups';
import { type UserRow, users } from '../members/members.schema';
import { maskedName } from '../members/viewer';
import { type Db, type DbOrTx, queryRows } from '../platform/db/client';
import { containsPattern } from '../platform/db/paging';
import { rangeEnd, rangeStart } from '../platform/http/date-range';
import { fieldError, forbidden } from '../platform/http/errors';
import type { Principal } from '../platform/http/principal';
import { products } from '../products/products.schema';
import { providers } from '../providers/providers.schema';
import { placeIn, type TreePlaces, treeColumns } from '../tree/tree-columns';
import { pathRange, type TreeKind } from '../tree/tree-path';
import { Conditions, type CountedBuyers, type OrderQuery } from './orders.conditions';
import { orders, orderTotalsDaily } from './orders.schema';
import { addScopeOnce, nearestScope } from './orders.scopes';

type Subject = Pick<UserRow, 'id'> & TreePlaces;

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

/** The members `from` (to `to`) levels below `subject` in `tree`. */
interface Downline {
  tree: TreeKind;
  subject: Subject;
  from: number;
  to?: number;
}
const downlineMembers = (d: Downline) => below(treeOf(d.tree, d.subject), d.from, d.to);

/** Buyers each sales switch over the downline selects for the subject member. */
const DOWNLINE_SWITCHES: Record<
  Exclude<SalesSwitch, 'channel_sales' | 'referral_sales'>,
  (subject: Subject) => Downline
> = {
  generational_sales: (subject) => ({ tree: 'sponsor', subject, from: 2, to: 3 }),
  group_sales: (subject) => ({ tree: 'sponsor', subject, from: 1 }),
  group_sales_not_referral: (subject) => ({ tree: 'sponsor', subject, from: 2 }),
  iblommer_sales: (subject) => ({ tree: 'iblommer', subject, from: 1 }),
};

/**
 * A downline of at most `directUpTo` members is counted exactly. Larger ones are counted from the
 * rollup: a scope's orders (all orders, or those of a downline at or above the subject's) less those
 * bought by the scope's members outside the downline, when at most `complementUpTo` members are
 * (the top of the tree, or a downline nearly as large as one with a scope; the subject's own scope
 * less the few levels above `from`).
 */
export interface BuyerSetLimits {
  directUpTo: number;
  complementUpTo: number;
}
export const BUYER_SET_LIMITS: BuyerSetLimits = { directUpTo: 1_000, complementUpTo: 1_000 };

export interface OrderWhereOptions {
  limits?: BuyerSetLimits;
  /**
   * Hears that a scope failed to be added in the background. The request has its answer by then,
   * so no one else would: a failure left to reject would be unhandled and end the process.
   */
  onScopeError: (error: unknown) => void;
}

/** Number of members matching, counting no further than `cap` + 1. */
async function membersUpTo(db: DbOrTx, condition: SQL, cap: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${users} where ${condition} limit ${cap + 1}) m`,
  );
  return row?.n ?? 0;
}

/**
 * How the rollup counts a downline's orders (see BuyerSetLimits); null when they are counted exactly,
 * and then the subject's scope is added in the background for the next time.
 */
async function countedDownline(
  db: Db,
  d: Downline,
  options: OrderWhereOptions,
): Promise<CountedBuyers | null> {
  const { limits = BUYER_SET_LIMITS, onScopeError } = options;
  const members = downlineMembers(d);
  if ((await membersUpTo(db, members, limits.directUpTo)) <= limits.directUpTo) return null;
  const outside = sql`not (${members})`;
  if ((await membersUpTo(db, outside, limits.complementUpTo)) <= limits.complementUpTo)
    return { scope: null, excluded: outside };
  // Generational sales stop two levels down: no scope holds just those.
  if (d.to !== undefined) return null;
  const tree = treeOf(d.tree, d.subject);
  const scope = await nearestScope(db, d.tree, tree.at);
  if (scope?.ancestorId === d.subject.id)
    return {
      scope: scope.id,
      members: below(tree, 0),
      excluded: d.from > 0 ? below(tree, 0, d.from - 1) : null,
    };
  if (scope) {
    const scopeMembers = pathRange(tree.path, scope.path);
    const excluded = sql`${scopeMembers} and not (${members})`;
    if ((await membersUpTo(db, excluded, limits.complementUpTo)) <= limits.complementUpTo)
      return { scope: scope.id, members: scopeMembers, excluded };
  }
  addScopeOnce(db, d.tree, d.subject.id).catch(onScopeError);
  return null;
}

const isBelow = (path: string, ancestorPath: string) => path.startsWith(ancestorPath);

const nothing: OrderQuery = { where: sql`false`, totals: [{ from: 'rollup', where: sql`false`, sign: 1 }] };

/**
 * Turns the orders screen's filters into one WHERE on `orders` (buyer conditions as
 * `user_id in (select … from users …)`, so the totals need no join), plus how the totals are
 * counted (orders.conditions.ts). Members see their own network only: without a
 * switch, orders bought by themselves or their downline; a switch may be about themselves
 * or a member of their downline.
 */
export async function orderWhere(
  db: Db,
  f: OrderFilter,
  viewer: Principal,
  options: OrderWhereOptions,
): Promise<OrderQuery> {
  if (f.phone && !viewer.isAdmin) throw forbidden();
  const on = SALES_SWITCHES.find((s) => f[s]);
  const [self] = viewer.isAdmin ? [] : await db.select().from(users).where(eq(users.id, viewer.id));
  const named = f.member_id ? await findMember(db, f.member_id, Boolean(on)) : undefined;
  if (named === null) return nothing;

  const buyer: SQL[] = [];
  let downline: Downline | undefined;
  const q = new Conditions();
  if (on) {
    const subject = named ?? self;
    if (!subject) throw fieldError('member_id', 'sales.mustFillGlobalId');
    if (self && !isBelow(subject.treePath, self.treePath)) throw forbidden();
    if (on === 'channel_sales') {
      const referred = sql`(select ${providers.id} from ${providers} where ${providers.referrerUserId} = ${subject.id})`;
      q.both(
        sql`${orders.providerId} in ${referred}`,
        sql`${orderTotalsDaily.providerId} = any(array${referred})`,
      );
    } else if (on === 'referral_sales') buyer.push(sql`${users.parentUserId} = ${subject.id}`);
    else downline = DOWNLINE_SWITCHES[on](subject);
  } else {
    if (named) q.exact(eq(orders.userId, named.id));
    if (self) downline = { tree: 'sponsor', subject: self, from: 0 };
  }
  if (downline) buyer.push(downlineMembers(downline));
  if (f.name) {
    // Evaluated once (an InitPlan, through the trigram index), then the orders are found through their user_id index.
    const pattern = containsPattern(f.name);
    const fullName = sql`(${users.name} ilike ${pattern} or ${users.displayName} ilike ${pattern})`;
    // A member matches what they see (docs/product/orders.md): their own name, others' masked. The characters a mask
    // shows are the name's own, so unless the search has a '*' a match also matches the name (indexed).
    const matching = self
      ? and(
          f.name.includes('*') ? undefined : fullName,
          sql`case when ${users.id} = ${self.id} then ${fullName} else ${maskedName(users.name)} ilike ${pattern} end`,
        )!
      : fullName;
    q.exact(sql`${orders.userId} = any(array(select ${users.id} from ${users} where ${matching}))`);
  }
  // Others' e-mail addresses and WordPress ids are not shown to a member: they match only their own.
  const ownOnly = self ? eq(users.id, self.id) : undefined;
  if (f.email) buyer.push(and(sql`lower(${users.email}) = lower(${f.email})`, ownOnly)!);
  if (f.phone) buyer.push(eq(users.phone, f.phone));
  if (f.wordpress_id) buyer.push(and(eq(users.platformId, f.wordpress_id), ownOnly)!);
  if (f.user_id) q.exact(eq(orders.userId, f.user_id));
  if (f.order_no) q.exact(eq(orders.orderNo, f.order_no));
  if (f.platform_order_no) q.exact(eq(orders.platformOrderNo, f.platform_order_no));
  if (f.subtype) q.both(eq(orders.subtype, f.subtype), eq(orderTotalsDaily.subtype, f.subtype));
  if (f.provider_id)
    q.both(eq(orders.providerId, f.provider_id), eq(orderTotalsDaily.providerId, f.provider_id));
  if (f.source_type)
    q.both(eq(orders.sourceType, f.source_type), eq(orderTotalsDaily.sourceType, f.source_type));
  q.completed(f.date_from ? rangeStart(f.date_from) : undefined, f.date_to ? rangeEnd(f.date_to) : undefined);
  if (f.tags?.length) {
    const tagged = sql`(select ${products.id} from ${products} where ${products.tags} && ${sql.param(f.tags)}::text[])`;
    // On the rollup the ids are looked up once: a scope's rows may not be in the statistics yet, and a
    // join planned for a handful of rows would scan the products once per bucket.
    q.both(sql`${orders.productId} in ${tagged}`, sql`${orderTotalsDaily.productId} = any(array${tagged})`);
  }
  if (buyer.length > 0) {
    const counted =
      downline && buyer.length === 1 && q.countable ? await countedDownline(db, downline, options) : null;
    q.boughtBy(and(...buyer)!, counted);
  }
  return q.build();
}

/** The member a MemberId names; for a plain filter an unknown id simply matches nothing (null). */
async function findMember(db: DbOrTx, userNo: string, forSwitch: boolean): Promise<UserRow | null> {
  if (forSwitch) return memberByNo(db, userNo, 'member_id');
  const [row] = await db.select().from(users).where(eq(users.userNo, userNo));
  return row ?? null;
}

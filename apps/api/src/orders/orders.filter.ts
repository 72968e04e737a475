import { type OrderFilter, SALES_SWITCHES, type SalesSwitch } from '@app/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../access/principal';
import { type UserRow, users } from '../members/members.schema';
import { pathRange } from '../members/tree-path';
import type { DbOrTx } from '../platform/db/client';
import { fieldError, forbidden } from '../platform/http/errors';
import { products } from '../products/products.schema';
import { memberByNo } from '../providers/lookups';
import { providers } from '../providers/providers.schema';
import { orders, orderTotalsDaily } from './orders.schema';

type Subject = Pick<UserRow, 'id' | 'treePath' | 'treeDepth' | 'iblommerPath' | 'iblommerDepth'>;

/** Buyers (conditions on `users`) each sales switch selects for the subject member. */
const SWITCH_BUYERS: Record<Exclude<SalesSwitch, 'channel_sales'>, (s: Subject) => SQL> = {
  referral_sales: (s) => sql`${users.parentUserId} = ${s.id}`,
  generational_sales: (s) =>
    sql`${pathRange(users.treePath, s.treePath)} and ${users.treeDepth} between ${s.treeDepth + 2} and ${s.treeDepth + 3}`,
  group_sales: (s) => sql`${pathRange(users.treePath, s.treePath)} and ${users.treeDepth} > ${s.treeDepth}`,
  group_sales_not_referral: (s) =>
    sql`${pathRange(users.treePath, s.treePath)} and ${users.treeDepth} > ${s.treeDepth + 1}`,
  iblommer_sales: (s) =>
    sql`${pathRange(users.iblommerPath, s.iblommerPath)} and ${users.iblommerDepth} > ${s.iblommerDepth}`,
};

const isBelow = (path: string, ancestorPath: string) => path.startsWith(ancestorPath);

/** The filtered set as conditions on `orders`, and on order_totals_daily when the rollup can count it. */
export interface OrderQuery {
  where: SQL | undefined;
  /** Null when some condition has no equivalent on the rollup: the totals then count the orders. */
  totals: { where: SQL | undefined } | null;
}

/**
 * Collects the conditions on `orders`; each filter says whether order_totals_daily (UTC day,
 * provider, product, source type, subtype) can express it too. A new filter must pick one.
 */
class Conditions {
  private readonly onOrders: SQL[] = [];
  private readonly onTotals: SQL[] = [];
  private exactOnly = false;

  /** A condition the rollup cannot express (buyers, order numbers, partial days…). */
  exact(condition: SQL) {
    this.onOrders.push(condition);
    this.exactOnly = true;
  }

  /** A condition and its equivalent on the rollup's dimensions (null: none for this value). */
  both(condition: SQL, onTotals: SQL | null) {
    this.onOrders.push(condition);
    if (onTotals) this.onTotals.push(onTotals);
    else this.exactOnly = true;
  }

  build(): OrderQuery {
    return {
      where: this.onOrders.length > 0 ? and(...this.onOrders) : undefined,
      totals: this.exactOnly ? null : { where: this.onTotals.length > 0 ? and(...this.onTotals) : undefined },
    };
  }
}

const nothing: OrderQuery = { where: sql`false`, totals: { where: sql`false` } };

/**
 * Turns the orders screen's filters into one WHERE on `orders` (buyer conditions as
 * `user_id in (select … from users …)`, so the totals need no join), plus the same set on
 * the totals rollup when it can serve it. Members see their own network only: without a
 * switch, orders bought by themselves or their downline; a switch may be about themselves
 * or a member of their downline.
 */
export async function orderWhere(db: DbOrTx, f: OrderFilter, viewer: Principal): Promise<OrderQuery> {
  if (f.phone && !viewer.isAdmin) throw forbidden();
  const on = SALES_SWITCHES.find((s) => f[s]);
  const [self] = viewer.isAdmin ? [] : await db.select().from(users).where(eq(users.id, viewer.id));
  const named = f.member_id ? await findMember(db, f.member_id, Boolean(on)) : undefined;
  if (named === null) return nothing;

  const buyer: SQL[] = [];
  const q = new Conditions();
  if (on) {
    const subject = named ?? self;
    if (!subject) throw fieldError('member_id', 'sales.mustFillGlobalId');
    if (self && !isBelow(subject.treePath, self.treePath)) throw forbidden();
    if (on === 'channel_sales') {
      const referred = sql`(select ${providers.id} from ${providers} where ${providers.referrerUserId} = ${subject.id})`;
      q.both(sql`${orders.providerId} in ${referred}`, sql`${orderTotalsDaily.providerId} in ${referred}`);
    } else buyer.push(SWITCH_BUYERS[on](subject));
  } else {
    if (named) q.exact(eq(orders.userId, named.id));
    if (self) buyer.push(pathRange(users.treePath, self.treePath));
  }
  if (f.name) {
    // Evaluated once (an InitPlan, through the trigram index), then the orders are found through their user_id index.
    const matching = sql`${users.name} ilike ${`%${f.name}%`} or ${users.displayName} ilike ${`%${f.name}%`}`;
    q.exact(sql`${orders.userId} = any(array(select ${users.id} from ${users} where ${matching}))`);
  }
  if (f.email) buyer.push(sql`lower(${users.email}) = lower(${f.email})`);
  if (f.phone) buyer.push(eq(users.phone, f.phone));
  if (f.wordpress_id) buyer.push(eq(users.platformId, f.wordpress_id));
  if (buyer.length > 0)
    q.exact(sql`${orders.userId} in (select ${users.id} from ${users} where ${and(...buyer)})`);

  if (f.user_id) q.exact(eq(orders.userId, f.user_id));
  if (f.order_no) q.exact(eq(orders.orderNo, f.order_no));
  if (f.platform_order_no) q.exact(eq(orders.platformOrderNo, f.platform_order_no));
  if (f.subtype) q.both(eq(orders.subtype, f.subtype), eq(orderTotalsDaily.subtype, f.subtype));
  if (f.provider_id)
    q.both(eq(orders.providerId, f.provider_id), eq(orderTotalsDaily.providerId, f.provider_id));
  if (f.source_type)
    q.both(eq(orders.sourceType, f.source_type), eq(orderTotalsDaily.sourceType, f.source_type));
  if (f.date_from) {
    const start = rangeStart(f.date_from);
    const day = wholeDay(start);
    q.both(sql`${orders.completedAt} >= ${start}`, day ? sql`${orderTotalsDaily.day} >= ${day}` : null);
  }
  if (f.date_to) {
    const end = rangeEnd(f.date_to);
    const day = wholeDay(end);
    q.both(sql`${orders.completedAt} < ${end}`, day ? sql`${orderTotalsDaily.day} < ${day}` : null);
  }
  if (f.tags?.length) {
    const tagged = sql`(select ${products.id} from ${products} where ${products.tags} && ${sql.param(f.tags)}::text[])`;
    q.both(sql`${orders.productId} in ${tagged}`, sql`${orderTotalsDaily.productId} in ${tagged}`);
  }
  return q.build();
}

/** The member a MemberId names; for a plain filter an unknown id simply matches nothing (null). */
async function findMember(db: DbOrTx, userNo: string, forSwitch: boolean): Promise<UserRow | null> {
  if (forSwitch) return memberByNo(db, userNo, 'member_id');
  const [row] = await db.select().from(users).where(eq(users.userNo, userNo));
  return row ?? null;
}

const isDateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const rangeStart = (v: string) => (isDateOnly(v) ? `${v}T00:00:00Z` : new Date(v).toISOString());
/** A bare date includes that whole day; a date-time is an exclusive end. */
const rangeEnd = (v: string) =>
  isDateOnly(v)
    ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000).toISOString()
    : new Date(v).toISOString();

/** The UTC date of a range bound that falls on midnight UTC (the rollup's day boundary), else null. */
function wholeDay(bound: string): string | null {
  const at = new Date(bound);
  return Number.isFinite(at.getTime()) && at.getTime() % 86_400_000 === 0
    ? at.toISOString().slice(0, 10)
    : null;
}

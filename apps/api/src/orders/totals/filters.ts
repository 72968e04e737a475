import { type OrderFilter, SALES_SWITCHES } from '@app/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { memberByNo } from '../../members/lookups';
import { type UserRow, users } from '../../members/members.schema';
import { nameOrDisplayNameContains } from '../../members/name-search';
import { maskedName } from '../../members/viewer';
import { businessTimeZone } from '../../platform/business-time/business-time';
import type { AccountCaller } from '../../platform/caller';
import type { Db, DbOrTx } from '../../platform/db/client';
import { containsPattern } from '../../platform/db/paging';
import { rangeEnd, rangeStart } from '../../platform/http/date-range';
import { fieldError, forbidden } from '../../platform/http/errors';
import { products } from '../../products/products.schema';
import { providers } from '../../providers/providers.schema';
import { orders, orderTotalsDaily } from '../orders.schema';
import { Conditions, type OrderQuery } from './conditions';
import { type TotalsConfig, totalsConfig } from './config';
import { countedDownline, DOWNLINE_SWITCHES, type Downline, downlineMembers } from './downlines';
import { STATE_ON_ORDERS, STATE_ON_ROLLUP } from './states';

/**
 * The orders screen's filters, one by one. TO ADD A FILTER: add its field to `orderFilterFields`
 * (packages/contracts/src/schemas/orders.ts), then one line below that hands its condition to `q`:
 *
 * - `q.both(onOrders, onRollup)` when order_totals_daily has the column too (UTC completion day,
 *   provider, product, source type, subtype, state: status, refund, refunded): the condition on `orders`, and the same on
 *   `orderTotalsDaily` (or null for a value the rollup cannot express). The totals stay fast.
 * - `q.exact(onOrders)` for anything else (order numbers, names…): the totals of a filtered set
 *   that uses it are counted over the matching orders (exact, slower on large sets).
 * - `q.bounded(onOrders)` for one that may match too many orders to count each time (a broad name
 *   search): at most TotalsConfig.countUpTo are counted, "at least" beyond (meta.totalAtLeast).
 * - `buyer.push(onUsers)` for a condition on the buyer's `users` row; it becomes
 *   `user_id in (select id from users where …)` and is counted exactly too.
 *
 * Nothing else changes: the page, the totals and the export follow from `q`. The oracle test
 * (totals.api.test.ts) lists filters with whether the rollup serves them: add yours to `cases`.
 * A member sees their own network only (docs/product/orders.md): keep what they may not search for
 * (others' e-mail addresses) limited to themselves, as below.
 */

/** How the filtered set is found and counted (exact, the limits: config.ts; defaults TOTALS_CONFIG). */
export interface OrderQuerySettings extends Partial<TotalsConfig> {
  /**
   * Hears that a scope failed to be added in the background. The request has its answer by then,
   * so no one else would: a failure left to reject would be unhandled and end the process.
   */
  onScopeError: (error: unknown) => void;
  /** Where a missing scope is added: the primary when the read runs on a read replica; default the read's. */
  scopeDb?: Db;
}

const isBelow = (path: string, ancestorPath: string) => path.startsWith(ancestorPath);

/** Matches no order; its totals are read from no rollup row (or counted over no order). */
const nothing = (exact: boolean): OrderQuery => ({
  where: sql`false`,
  totals: exact ? null : [{ from: 'rollup', where: sql`false`, sign: 1 }],
});

/**
 * Turns the orders screen's filters into one WHERE on `orders` (buyer conditions as
 * `user_id in (select … from users …)`, so the totals need no join), plus how the totals are
 * counted (conditions.ts). Members see their own network only: without a
 * switch, orders bought by themselves or their downline; a switch may be about themselves
 * or a member of their downline.
 */
export async function orderWhere(
  db: Db,
  f: OrderFilter,
  viewer: AccountCaller,
  settings: OrderQuerySettings,
): Promise<OrderQuery> {
  const config = totalsConfig(settings);
  if (f.phone && !viewer.isAdmin) throw forbidden();
  const on = SALES_SWITCHES.find((s) => f[s]);
  const [self] = viewer.isAdmin ? [] : await db.select().from(users).where(eq(users.id, viewer.id));
  const named = f.member_id ? await findMember(db, f.member_id, Boolean(on)) : undefined;
  if (named === null) return nothing(config.exact);

  const buyer: SQL[] = [];
  let downline: Downline | undefined;
  const q = new Conditions({ exact: config.exact });
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
    // Through the trigram index users_name_trgm_idx, or users_id_names_idx by id (members/name-search.ts).
    const pattern = containsPattern(f.name);
    const fullName = nameOrDisplayNameContains(f.name);
    // A member matches what they see (docs/product/orders.md): their own name, others' masked. The characters a mask
    // shows are the name's own, so unless the search has a '*' a match also matches the name (indexed).
    const matching = self
      ? and(
          f.name.includes('*') ? undefined : fullName,
          sql`case when ${users.id} = ${self.id} then ${fullName} else ${maskedName(users.name)} ilike ${pattern} end`,
        )!
      : fullName;
    // The buyers are looked up once, at most nameBuyersUpTo + 1 of them. As few, their orders are found
    // through orders' user_id index and counted exactly. More (a common surname: tens of thousands at a
    // million members) would read every one of their orders: the page is then found along a sort index
    // (the planner stops at the page) and at most countUpTo orders are counted (conditions.ts `bounded`). The
    // walk reads the buyer from orders_completed_idx and the buyer's names from users_id_names_idx.
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(matching)
      .limit(config.nameBuyersUpTo + 1);
    if (found.length <= config.nameBuyersUpTo) {
      const ids = found.map((r) => r.id);
      q.exact(ids.length ? sql`${orders.userId} = any(${sql.param(ids)}::int[])` : sql`false`);
    } else q.bounded(sql`${orders.userId} in (select ${users.id} from ${users} where ${matching})`);
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
  if (f.state) q.both(STATE_ON_ORDERS[f.state], STATE_ON_ROLLUP[f.state]);
  if (f.date_from || f.date_to) {
    // A bare date is a day of the business time zone (read once in a few seconds per process).
    const zone = await businessTimeZone(db);
    q.completed(
      f.date_from ? rangeStart(f.date_from, zone) : undefined,
      f.date_to ? rangeEnd(f.date_to, zone) : undefined,
    );
  }
  if (f.tags?.length) {
    const tagged = sql`(select ${products.id} from ${products} where ${products.tags} && ${sql.param(f.tags)}::text[])`;
    // On the rollup the ids are looked up once: a scope's rows may not be in the statistics yet, and a
    // join planned for a handful of rows would scan the products once per bucket.
    q.both(sql`${orders.productId} in ${tagged}`, sql`${orderTotalsDaily.productId} = any(array${tagged})`);
  }
  if (buyer.length > 0) {
    // Only the sets of a downline alone may be counted from the rollup (downlines.ts).
    const counted =
      downline && buyer.length === 1 && q.countable
        ? await countedDownline(db, downline, config, settings)
        : null;
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

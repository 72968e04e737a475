import type { OrderFilter, OrderListAnswerMeta, OrderView } from '@app/contracts';
import type { SQL } from 'drizzle-orm';
import type { AccountCaller } from '../../platform/caller';
import type { Db } from '../../platform/db/client';
import { totalsConfig } from './config';
import { type OrderQuerySettings, orderWhere } from './filters';
import { orderPage, orderTotals } from './page';

/**
 * The orders totals: the only module code outside this folder imports (README.md tells the design).
 */

export { TOTALS_CONFIG, type TotalsConfig } from './config';
export type { OrderQuerySettings } from './filters';
export { scopesAdded } from './scopes';
export { addScopesAhead, keepScopesAhead } from './scopes-ahead';

/**
 * The page and totals of a filter: one page of the orders the viewer may see that match `filter`, in
 * its sort, with the count and sums of all of them (`meta`). `settings.exact` (ORDERS_TOTALS_EXACT)
 * counts the totals over the orders instead of the rollup; the other settings default to TOTALS_CONFIG.
 */
export async function orderPageAndTotals(
  db: Db,
  viewer: AccountCaller,
  filter: OrderFilter,
  settings: OrderQuerySettings,
): Promise<{ list: OrderView[]; meta: OrderListAnswerMeta }> {
  const config = totalsConfig(settings);
  const query = await orderWhere(db, filter, viewer, settings);
  return orderPage(db, viewer, filter, query, config.walkUpTo, config.refererWalkFrom, config.countUpTo);
}

/**
 * The count and sums of the orders the viewer may see that match `filter`, as `orderPageAndTotals` counts them,
 * without reading a page (a chart's figures).
 */
export async function orderTotalsOf(
  db: Db,
  viewer: AccountCaller,
  filter: OrderFilter,
  settings: OrderQuerySettings,
) {
  return orderTotals(db, await orderWhere(db, filter, viewer, settings));
}

/**
 * The orders the viewer may see that match `filter`, as a condition on `orders` (an export, or
 * whether an order is in a member's network). Nothing is counted, so no scope is added.
 */
export async function orderFilterWhere(
  db: Db,
  filter: OrderFilter,
  viewer: AccountCaller,
): Promise<SQL | undefined> {
  const { where } = await orderWhere(db, filter, viewer, { exact: true, onScopeError: () => {} });
  return where;
}

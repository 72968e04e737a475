import {
  formatCents,
  type OrderDetail,
  type OrderState,
  type OrderSubtype,
  type OrderView,
  orderFieldVisible,
} from '@app/contracts';
import { and, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { memberRef } from '../members/member.presenter';
import { users } from '../members/members.schema';
import type { AccountCaller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { providers } from '../providers/providers.schema';
import { type OrderRow, orderExportRows, orders } from './orders.schema';

const buyer = alias(users, 'buyer');
/** The referer's row in selectOrders (the list sorts by its name: totals/page.ts). */
export const referer = alias(users, 'referer');
const sponsor = alias(users, 'sponsor');

const person = (t: typeof buyer | typeof referer | typeof sponsor) => ({
  id: t.id,
  name: t.name,
  user_no: t.userNo,
});

/** Orders with their buyer, referer, buyer's sponsor and provider (a page's rows, an export's, the detail). */
export function selectOrders(db: DbOrTx) {
  return db
    .select({
      order: orders,
      buyer: person(buyer),
      buyerPlatformId: buyer.platformId,
      referer: person(referer),
      sponsor: person(sponsor),
      provider: { id: providers.id, name: providers.name, provider_no: providers.providerNo },
    })
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.userId))
    .leftJoin(referer, eq(referer.id, orders.refererUserId))
    .leftJoin(sponsor, eq(sponsor.id, buyer.parentUserId))
    .leftJoin(providers, eq(providers.id, orders.providerId));
}
export type OrderJoinRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['where']>>[number];

/** The order's state, as totals/states.ts tells it in SQL (same precedence). */
export function orderState(o: OrderRow): OrderState {
  if (o.platformOrderNoOrigin) return 'refund';
  if (o.refundedAt) return 'refunded';
  return o.status === 1 ? 'done' : 'not_done';
}

export function toOrderView(viewer: AccountCaller, r: OrderJoinRow): OrderView {
  const o = r.order;
  return {
    id: o.id,
    order_no: o.orderNo,
    platform_order_no: o.platformOrderNo,
    status: o.status,
    state: orderState(o),
    subtype: o.subtype as OrderSubtype,
    source_type: o.sourceType as 1 | 2 | 3,
    user: memberRef(viewer, r.buyer)!,
    referer_user: memberRef(viewer, r.referer),
    user_referer: memberRef(viewer, r.sponsor),
    product_id: o.productId,
    product_name: o.productName,
    provider: r.provider?.id ? { id: r.provider.id, name: r.provider.name } : null,
    amount: formatCents(o.amountCents),
    sales_point: o.salesPoint,
    order_at: o.orderAt.toISOString(),
    completed_at: o.completedAt?.toISOString() ?? null,
    created_at: o.createdAt.toISOString(),
  };
}

/** The detail; the admin-only figures (ADMIN_ONLY_ORDER_FIELDS) are left out for members. */
export function toOrderDetail(viewer: AccountCaller, r: OrderJoinRow): OrderDetail {
  const o: OrderRow = r.order;
  const figures = {
    platform_profit: formatCents(o.platformProfitCents),
    platform_rebate: formatCents(o.platformRebateCents),
    supplier_rebate: formatCents(o.supplierRebateCents),
  };
  return {
    ...toOrderView(viewer, r),
    ...Object.fromEntries(Object.entries(figures).filter(([k]) => orderFieldVisible(viewer.isAdmin, k))),
    platform_order_no_origin: o.platformOrderNoOrigin,
    refund_no: o.refundNo,
    refunded_at: o.refundedAt?.toISOString() ?? null,
  };
}

/** Whether any order matches `where`. */
export async function anyOrder(db: DbOrTx, where: SQL | undefined): Promise<boolean> {
  return (await db.select({ id: orders.id }).from(orders).where(where).limit(1)).length > 0;
}

/**
 * Numbers the filtered orders for an export job in the list's default order, newest completed
 * first (PostgreSQL puts pending orders, with no completion time, first); answers how many. One
 * pass over the matching orders, however they are found: batches ordered and limited over the
 * filter itself would each read every match again (a downline's are found member by member).
 */
export async function numberOrdersForExport(db: DbOrTx, jobId: string, where: SQL | undefined) {
  await db.execute(sql`
    insert into ${orderExportRows} (job_id, seq, order_id)
    select ${jobId}::uuid, row_number() over (order by ${orders.completedAt} desc, ${orders.id} desc), ${orders.id}
    from ${orders} where ${where ?? sql`true`}`);
  const [numbered] = await db
    .select({ n: sql<number>`coalesce(max(${orderExportRows.seq}), 0)::int` })
    .from(orderExportRows)
    .where(eq(orderExportRows.jobId, jobId));
  return numbered?.n ?? 0;
}

/** The export job's orders numbered `from` + 1 to `to`, in that order (fewer if some were deleted since). */
export function numberedOrders(db: DbOrTx, jobId: string, from: number, to: number) {
  const numbered = db
    .select({ id: orderExportRows.orderId })
    .from(orderExportRows)
    .where(
      and(eq(orderExportRows.jobId, jobId), gt(orderExportRows.seq, from), lte(orderExportRows.seq, to)),
    );
  return selectOrders(db)
    .where(inArray(orders.id, numbered))
    .orderBy(desc(orders.completedAt), desc(orders.id));
}

export function forgetExportNumbers(db: DbOrTx, jobId: string) {
  return db.delete(orderExportRows).where(eq(orderExportRows.jobId, jobId));
}

export async function orderByNo(db: DbOrTx, orderNo: string) {
  const [row] = await selectOrders(db).where(eq(orders.orderNo, orderNo));
  return row;
}

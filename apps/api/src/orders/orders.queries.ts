import {
  formatCents,
  maskName,
  type OrderDetail,
  type OrderFilter,
  type OrderListMeta,
  type OrderPerson,
  type OrderSort,
  type OrderSubtype,
  type OrderView,
  orderFieldVisible,
} from '@app/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '../access/principal';
import { users } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { providers } from '../providers/providers.schema';
import { type OrderRow, orders } from './orders.schema';

const buyer = alias(users, 'buyer');
const referer = alias(users, 'referer');
const sponsor = alias(users, 'sponsor');

const person = (t: typeof buyer | typeof referer | typeof sponsor) => ({
  id: t.id,
  name: t.name,
  user_no: t.userNo,
});

function selectOrders(db: DbOrTx) {
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

const SORT_COLUMNS: Record<OrderSort, SQL | typeof orders.id> = {
  order_no: sql`${orders.orderNo}`,
  /** By the referer's name: lower(name) is indexed, and orders_referer_idx gives each referer's orders by id. */
  referer: sql`lower(${referer.name})`,
  amount: sql`${orders.amountCents}`,
  sales_point: sql`${orders.salesPoint}`,
  completed_at: sql`${orders.completedAt}`,
};

/** PostgreSQL's default null placement (asc: last, desc: first), so the sort indexes serve either direction. */
function ordering(sort: OrderSort, order: string) {
  const column = SORT_COLUMNS[sort];
  return order === 'desc' || order === 'descend'
    ? [desc(column), desc(orders.id)]
    : [asc(column), asc(orders.id)];
}

/** Non-admins see other people's names masked (SPEC.md §1). */
type JoinedPerson = { id: number | null; name: string | null; user_no: string | null } | null;
function shown(viewer: Principal, p: JoinedPerson): OrderPerson | null {
  if (!p?.id) return null;
  const name = p.name ?? '';
  return {
    id: p.id,
    user_no: p.user_no ?? '',
    name: viewer.isAdmin || p.id === viewer.id ? name : maskName(name),
  };
}

export function toOrderView(viewer: Principal, r: OrderJoinRow): OrderView {
  const o = r.order;
  return {
    id: o.id,
    order_no: o.orderNo,
    platform_order_no: o.platformOrderNo,
    status: o.status,
    subtype: o.subtype as OrderSubtype,
    source_type: o.sourceType as 1 | 2 | 3,
    user: shown(viewer, r.buyer)!,
    referer_user: shown(viewer, r.referer),
    user_referer: shown(viewer, r.sponsor),
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
export function toOrderDetail(viewer: Principal, r: OrderJoinRow): OrderDetail {
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

/** One page of the filtered orders plus count and sums over the whole filtered set. */
export async function orderPage(db: DbOrTx, viewer: Principal, f: OrderFilter, where: SQL | undefined) {
  const [rows, [totals]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(...ordering(f.sort, f.order))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({
        total: sql<number>`count(*)::int`,
        amount: sql<string>`coalesce(sum(${orders.amountCents}), 0)::text`,
        salesPoint: sql<string>`coalesce(sum(${orders.salesPoint}), 0)::text`,
      })
      .from(orders)
      .where(where),
  ]);
  const meta: OrderListMeta = {
    total: Number(totals?.total ?? 0),
    page: f.page,
    pageSize: f.pageSize,
    totalAmount: formatCents(BigInt(totals?.amount ?? '0')),
    totalSalesPoint: Number(totals?.salesPoint ?? 0),
  };
  return { list: rows.map((r) => toOrderView(viewer, r)), meta };
}

/** Filtered orders by id (export batches). */
export function orderBatch(db: DbOrTx, where: SQL | undefined, afterId: number | null, limit: number) {
  return selectOrders(db)
    .where(and(where, afterId ? sql`${orders.id} > ${afterId}` : undefined))
    .orderBy(orders.id)
    .limit(limit);
}

export async function orderByNo(db: DbOrTx, orderNo: string) {
  const [row] = await selectOrders(db).where(eq(orders.orderNo, orderNo));
  return row;
}

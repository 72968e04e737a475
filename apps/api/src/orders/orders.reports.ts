import { formatBp, formatCents } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import type { Column } from '../platform/xlsx/export';
import { providers } from '../providers/providers.schema';
import { orders } from './orders.schema';

const origin = alias(orders, 'origin');

/** Refund rows carrying one refund number, each beside its original order. */
export function refundRows(db: DbOrTx, refundNo: string) {
  return db
    .select({
      refundNo: orders.refundNo,
      platformOrderNo: orders.platformOrderNo,
      originNo: orders.platformOrderNoOrigin,
      originOrderNo: origin.orderNo,
      userNo: users.userNo,
      userName: users.name,
      productName: orders.productName,
      amountCents: orders.amountCents,
      salesPoint: orders.salesPoint,
      orderAt: orders.orderAt,
      refundedAt: origin.refundedAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(origin, eq(origin.platformOrderNo, orders.platformOrderNoOrigin))
    .where(eq(orders.refundNo, refundNo))
    .orderBy(orders.id);
}
type RefundRow = Awaited<ReturnType<typeof refundRows>>[number];

export const refundColumns: Column<RefundRow>[] = [
  { header: 'refund_no', value: (r) => r.refundNo },
  { header: 'platform_order_no', value: (r) => r.platformOrderNo },
  { header: 'platform_order_no_origin', value: (r) => r.originNo },
  { header: 'order_no_origin', value: (r) => r.originOrderNo },
  { header: 'user_no', value: (r) => r.userNo },
  { header: 'user', value: (r) => r.userName },
  { header: 'product', value: (r) => r.productName },
  { header: 'amount', value: (r) => formatCents(r.amountCents) },
  { header: 'sales_point', value: (r) => r.salesPoint },
  { header: 'order_at', value: (r) => r.orderAt.toISOString() },
  { header: 'refund_confirmed_at', value: (r) => r.refundedAt?.toISOString() },
];

/** The monthly transfer table: completed orders of the month per provider, with what is owed to each. */
export function monthlyTransferRows(db: DbOrTx, month: string) {
  const start = `${month}-01T00:00:00Z`;
  return db
    .select({
      providerNo: providers.providerNo,
      providerName: providers.name,
      proportionBp: providers.proportionBp,
      orderCount: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${orders.amountCents})::text`,
      salesPoint: sql<string>`sum(${orders.salesPoint})::text`,
      supplierRebate: sql<string>`sum(${orders.supplierRebateCents})::text`,
      platformRebate: sql<string>`sum(${orders.platformRebateCents})::text`,
      platformProfit: sql<string>`sum(${orders.platformProfitCents})::text`,
    })
    .from(orders)
    .innerJoin(providers, eq(providers.id, orders.providerId))
    .where(
      and(
        eq(orders.status, 1),
        sql`${orders.completedAt} >= ${start}::timestamptz`,
        sql`${orders.completedAt} < ${start}::timestamptz + interval '1 month'`,
      ),
    )
    .groupBy(providers.id)
    .orderBy(providers.providerNo);
}
type MonthlyRow = Awaited<ReturnType<typeof monthlyTransferRows>>[number];

const cents = (v: string) => formatCents(BigInt(v));
export const monthlyTransferColumns = (month: string): Column<MonthlyRow>[] => [
  { header: 'month', value: () => month },
  { header: 'provider_no', value: (r) => r.providerNo },
  { header: 'provider', value: (r) => r.providerName },
  { header: 'proportion', value: (r) => formatBp(r.proportionBp) },
  { header: 'orders', value: (r) => r.orderCount },
  { header: 'amount', value: (r) => cents(r.amount) },
  { header: 'sales_point', value: (r) => Number(r.salesPoint) },
  { header: 'supplier_rebate', value: (r) => cents(r.supplierRebate) },
  { header: 'platform_rebate', value: (r) => cents(r.platformRebate) },
  { header: 'platform_profit', value: (r) => cents(r.platformProfit) },
];

import { formatBp, formatCents, nextMonthStart, startOfDayIn } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import type { Column } from '../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
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

export function refundColumns(reader: SheetReader): Column<RefundRow>[] {
  const f = sheetFormat(reader);
  return [
    f.text('orders.file.refund_no', (r: RefundRow) => r.refundNo),
    f.text('orders.file.platform_order_no', (r: RefundRow) => r.platformOrderNo),
    f.text('orders.file.platform_order_no_origin', (r: RefundRow) => r.originNo),
    f.text('orders.file.order_no_origin', (r: RefundRow) => r.originOrderNo),
    f.text('orders.file.user_no', (r: RefundRow) => r.userNo),
    f.text('orders.file.user', (r: RefundRow) => r.userName),
    f.text('orders.file.product_name', (r: RefundRow) => r.productName),
    f.money('orders.file.amount', (r: RefundRow) => formatCents(r.amountCents)),
    f.text('orders.file.sales_point', (r: RefundRow) => r.salesPoint),
    f.time('orders.file.order_at', (r: RefundRow) => r.orderAt),
    f.time('orders.file.refund_confirmed_at', (r: RefundRow) => r.refundedAt),
  ];
}

/**
 * The monthly transfer table: completed orders of the month (`YYYY-MM` of the business time zone `zone`) per
 * provider, with what is owed to each.
 */
export function monthlyTransferRows(db: DbOrTx, month: string, zone: string) {
  const start = startOfDayIn(`${month}-01`, zone).toISOString();
  const end = startOfDayIn(nextMonthStart(month), zone).toISOString();
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
        sql`${orders.completedAt} < ${end}::timestamptz`,
      ),
    )
    .groupBy(providers.id)
    .orderBy(providers.providerNo);
}
type MonthlyRow = Awaited<ReturnType<typeof monthlyTransferRows>>[number];

const cents = (v: string) => formatCents(BigInt(v));
export function monthlyTransferColumns(month: string, reader: SheetReader): Column<MonthlyRow>[] {
  const f = sheetFormat(reader);
  return [
    f.text('orders.file.month', () => month),
    f.text('orders.file.provider_no', (r: MonthlyRow) => r.providerNo),
    f.text('orders.file.provider', (r: MonthlyRow) => r.providerName),
    f.text('orders.file.proportion', (r: MonthlyRow) => formatBp(r.proportionBp)),
    f.text('orders.file.orders', (r: MonthlyRow) => r.orderCount),
    f.money('orders.file.amount', (r: MonthlyRow) => cents(r.amount)),
    f.text('orders.file.sales_point', (r: MonthlyRow) => Number(r.salesPoint)),
    f.money('orders.file.supplier_rebate', (r: MonthlyRow) => cents(r.supplierRebate)),
    f.money('orders.file.platform_rebate', (r: MonthlyRow) => cents(r.platformRebate)),
    f.money('orders.file.platform_profit', (r: MonthlyRow) => cents(r.platformProfit)),
  ];
}

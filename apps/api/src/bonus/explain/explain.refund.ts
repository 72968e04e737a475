import type { ExplanationRefund } from '@app/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { orders } from '../../orders/orders.schema';
import { type DbOrTx, queryRows } from '../../platform/db/client';
import type { OrderTable } from '../engine/tables';
import type { PeriodRange } from '../settlement';

/**
 * A reversed payout's order as the run counted it: done, not a refund row, completed within the period — its
 * refunded mark ignored, so the computation the refund took back can be shown. An empty table when it is not so.
 */
export async function orderAsItWas(db: DbOrTx, orderId: number, range: PeriodRange): Promise<OrderTable> {
  const rows = await queryRows<{ id: number; buyer: number; sp: number; provider: number; day: number }>(
    db,
    sql`select o.id, o.user_id as buyer, o.sales_point as sp, coalesce(o.provider_id, 0) as provider,
          extract(day from o.completed_at at time zone ${range.zone})::int - 1 as day
        from orders o
        where o.id = ${orderId} and o.status = 1 and o.platform_order_no_origin is null
          and o.completed_at >= ${range.from.toISOString()} and o.completed_at < ${range.to.toISOString()}`,
  );
  const ints = (pick: (r: (typeof rows)[number]) => number) =>
    Int32Array.from(rows.map((r) => Number(pick(r))));
  return {
    count: rows.length,
    id: ints((r) => r.id),
    buyer: ints((r) => r.buyer),
    salesPoint: Float64Array.from(rows.map((r) => Number(r.sp))),
    provider: ints((r) => r.provider),
    day: Uint8Array.from(rows.map((r) => Number(r.day))),
    days: Array.from({ length: 31 }, (_, d) => `${range.month}-${String(d + 1).padStart(2, '0')}`),
  };
}

/** The refund of a payout's order: the order, when it was marked refunded, and the refund row naming it. */
export async function refundOf(db: DbOrTx, orderId: number): Promise<ExplanationRefund | null> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      platformOrderNo: orders.platformOrderNo,
      refundedAt: orders.refundedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const [refund] = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      refundNo: orders.refundNo,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.platformOrderNoOrigin, order.platformOrderNo))
    .orderBy(asc(orders.id))
    .limit(1);
  return {
    order_id: order.id,
    order_no: order.orderNo,
    refunded_at: order.refundedAt?.toISOString() ?? null,
    refund_order: refund
      ? {
          id: refund.id,
          order_no: refund.orderNo,
          refund_no: refund.refundNo,
          created_at: refund.createdAt.toISOString(),
        }
      : null,
  };
}

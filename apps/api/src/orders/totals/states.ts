import type { OrderState } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { orders, orderTotalsDaily } from '../orders.schema';

/**
 * Each order state (ORDER_STATES: what the list's status column says, the state filter and the
 * totals' `done` and `refunded`) as a condition on `orders` and the same on order_totals_daily. The
 * precedence is orderState's (orders.queries.ts): refund row, then refunded, then the status.
 */
const original = sql`${orders.platformOrderNoOrigin} is null`;
const notRefunded = sql`${orders.refundedAt} is null`;

export const STATE_ON_ORDERS: Record<OrderState, SQL> = {
  refund: sql`${orders.platformOrderNoOrigin} is not null`,
  refunded: sql`(${original} and ${orders.refundedAt} is not null)`,
  done: sql`(${original} and ${notRefunded} and ${orders.status} = 1)`,
  not_done: sql`(${original} and ${notRefunded} and ${orders.status} <> 1)`,
};

const t = orderTotalsDaily;
export const STATE_ON_ROLLUP: Record<OrderState, SQL> = {
  refund: sql`${t.refund}`,
  refunded: sql`(not ${t.refund} and ${t.refunded})`,
  done: sql`(not ${t.refund} and not ${t.refunded} and ${t.status} = 1)`,
  not_done: sql`(not ${t.refund} and not ${t.refunded} and ${t.status} <> 1)`,
};

import { formatCents } from '@app/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { reverseOrderBonuses } from '../bonus/payouts';
import { lockSettlements } from '../bonus/settlement';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import type { Tx } from '../platform/db/client';
import { fieldError, notFound } from '../platform/http/errors';
import { orders } from './orders.schema';

/**
 * Confirms the refund of an original, completed platform order: marks it refunded and takes
 * back the bonuses paid on it through the bonus engine's reversal (wallet ledger debits).
 * Holds the settlement lock, so no settlement run that already loaded the order pays on it
 * afterwards. An unknown order is a 404; a refund row or an order not done is a 422 and
 * changes nothing. A second call finds it refunded and changes nothing.
 */
export async function refundToWallet(tx: Tx, actor: Caller, platformOrderNo: string) {
  await lockSettlements(tx);
  const [order] = await tx.select().from(orders).where(eq(orders.platformOrderNo, platformOrderNo));
  if (!order) throw notFound('sales.orderNotFound');
  if (order.platformOrderNoOrigin) throw fieldError('platform_order_no_origin', 'sales.refundOfRefund');
  if (order.status !== 1) throw fieldError('platform_order_no_origin', 'sales.refundNotDone');
  const [marked] = await tx
    .update(orders)
    .set({ refundedAt: new Date() })
    .where(and(eq(orders.id, order.id), isNull(orders.refundedAt)))
    .returning();
  if (!marked)
    return { order_no: order.orderNo, reversed: 0, reversed_amount: '0.00', already_refunded: true };
  const reversal = await reverseOrderBonuses(tx, order.id);
  await audit(tx, actor, {
    action: 'refund',
    entity: 'order',
    entityId: order.orderNo,
    before: { refunded_at: null },
    after: { refunded_at: marked.refundedAt, reversed: reversal },
  });
  return {
    order_no: order.orderNo,
    reversed: reversal.count,
    reversed_amount: formatCents(reversal.cents),
    already_refunded: false,
  };
}

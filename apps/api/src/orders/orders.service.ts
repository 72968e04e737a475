import { type OrderIngest, SourceType, systemText } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { memberByNo, memberByPlatformId } from '../members/lookups';
import { levelHistory, type UserRow, users } from '../members/members.schema';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { conflict, fieldError } from '../platform/http/errors';
import { productById } from '../products/lookups';
import type { ProductRow } from '../products/products.schema';
import { providerById, providerByNo } from '../providers/lookups';
import type { ProviderRow } from '../providers/providers.schema';
import { type OrderRow, orders } from './orders.schema';

/** An incoming order with its references resolved (buyer, referer, product, provider). */
export interface ResolvedOrder {
  input: OrderIngest;
  buyer: UserRow;
  referer: UserRow | null;
  product: ProductRow | null;
  /** The effective provider: provider_no, else the product's provider. */
  provider: ProviderRow | null;
}

/**
 * Looks up every reference of an incoming order; a miss is a 422 naming the field.
 * A membership order (source_type 1, not a refund row) must name a product that grants a
 * level: only such products raise the buyer's level, so anything else is refused (422 on
 * product_id; in an import the row lands in the error file).
 */
export async function resolveOrder(db: DbOrTx, input: OrderIngest): Promise<ResolvedOrder> {
  const buyer = input.user_no
    ? await memberByNo(db, input.user_no, 'user_no')
    : input.wordpress_id
      ? await memberByPlatformId(db, input.wordpress_id, 'wordpress_id')
      : null;
  if (!buyer) throw fieldError('user_no', 'sales.buyerRequired');
  const product = input.product_id ? await productById(db, input.product_id, 'product_id') : null;
  if (!product && !input.product_name) throw fieldError('product_name', 'sales.productNameRequired');
  const referer = input.referer_user_no
    ? await memberByNo(db, input.referer_user_no, 'referer_user_no')
    : null;
  const provider = input.provider_no
    ? await providerByNo(db, input.provider_no, 'provider_no')
    : product?.providerId
      ? await providerById(db, product.providerId, 'product_id')
      : null;
  const membership = input.source_type === SourceType.membership && !input.platform_order_no_origin;
  if (membership && !product?.grantsLevelId) throw fieldError('product_id', 'sales.membershipLevelUnknown');
  return { input, buyer, referer, product, provider };
}

/**
 * The columns an incoming order states: what its post gives (the buyer and referer it names, the figures and
 * times it sends) and the defaults of the fields it leaves out that its contract fixes (status 1, no referer…).
 * The provider's proportion, the product's name and provider, and the current time fill the rest (orderColumns).
 */
function statedColumns(o: ResolvedOrder) {
  const { input } = o;
  return {
    platformOrderNo: input.platform_order_no,
    status: input.status,
    subtype: input.subtype,
    sourceType: input.source_type,
    userId: o.buyer.id,
    refererUserId: o.referer?.id ?? null,
    amountCents: input.amount,
    salesPoint: input.sales_point,
    platformOrderNoOrigin: input.platform_order_no_origin ?? null,
    refundNo: input.refund_no ?? null,
    ...(input.product_id !== undefined && { productId: input.product_id }),
    ...(input.product_name && { productName: input.product_name }),
    ...(input.provider_no && { providerId: o.provider?.id }),
    ...(input.platform_profit !== undefined && { platformProfitCents: input.platform_profit }),
    ...(input.platform_rebate !== undefined && { platformRebateCents: input.platform_rebate }),
    ...(input.supplier_rebate !== undefined && { supplierRebateCents: input.supplier_rebate }),
    ...(input.order_at && { orderAt: new Date(input.order_at) }),
    ...(input.completed_at && { completedAt: new Date(input.completed_at) }),
  };
}

/**
 * Every column of a new order. Absent figures default from the effective provider's proportion: supplier
 * rebate = amount × proportion, platform rebate = 0, platform profit = amount − rebates; a given figure (0
 * included) is stored as is.
 */
function orderColumns(o: ResolvedOrder) {
  const { input, product } = o;
  const proportionBp = o.provider?.proportionBp ?? 0;
  const supplierRebate = input.supplier_rebate ?? Math.floor((input.amount * proportionBp) / 10_000);
  const platformRebate = input.platform_rebate ?? 0;
  const orderAt = input.order_at ? new Date(input.order_at) : new Date();
  return {
    productId: product?.id ?? null,
    productName: input.product_name || product!.name,
    providerId: o.provider?.id ?? null,
    platformProfitCents: input.amount - supplierRebate - platformRebate,
    platformRebateCents: platformRebate,
    supplierRebateCents: supplierRebate,
    orderAt,
    completedAt: input.status === 1 ? orderAt : null,
    ...statedColumns(o),
  };
}

/**
 * Stores an order once per platform_order_no (a repeat returns the stored order, created: false).
 * A completed membership order raises the buyer to the level its product grants
 * and writes level_history.
 */
export async function ingestOrder(
  db: DbOrTx,
  o: ResolvedOrder,
): Promise<{ order: OrderRow; created: boolean }> {
  const [created] = await db
    .insert(orders)
    .values(orderColumns(o))
    .onConflictDoNothing({ target: orders.platformOrderNo })
    .returning();
  if (!created) {
    const [existing] = await db
      .select()
      .from(orders)
      .where(eq(orders.platformOrderNo, o.input.platform_order_no));
    return { order: existing!, created: false };
  }
  await raiseLevel(db, o, created);
  return { order: created, created: true };
}

async function raiseLevel(db: DbOrTx, o: ResolvedOrder, order: OrderRow) {
  const level = o.product?.grantsLevelId;
  if (order.sourceType !== 1 || order.status !== 1 || order.platformOrderNoOrigin || !level) return;
  const raised = await db
    .update(users)
    .set({ levelId: level, updatedAt: new Date() })
    .where(and(eq(users.id, o.buyer.id), sql`${users.levelId} < ${level}`))
    .returning({ id: users.id });
  if (raised.length === 0) return;
  await db.insert(levelHistory).values({
    userId: o.buyer.id,
    levelId: level,
    remark: systemText('sales.membershipRemark', { orderNo: order.orderNo }),
    createdAt: order.completedAt ?? order.orderAt,
  });
}

/**
 * An order posted to /api/orders/ingest, by the shop platform's key (`caller` the system, calling from the shop's
 * address) or by an administrator: resolved and ingested, a created order audited. A repeat of a stored order
 * must state what it stated (docs/product/orders.md): one stating anything else is refused (409), not answered
 * as if it had been taken.
 */
export async function ingestPostedOrder(
  db: DbOrTx,
  caller: Caller,
  input: OrderIngest,
): Promise<{ order: OrderRow; created: boolean }> {
  const resolved = await resolveOrder(db, input);
  const { order, created } = await ingestOrder(db, resolved);
  if (created)
    await audit(db, caller, { action: 'create', entity: 'order', entityId: order.orderNo, after: order });
  else if (!statesSame(order, statedColumns(resolved))) throw conflict('sales.orderPostedDifferently');
  return { order, created };
}

function statesSame(order: OrderRow, stated: Partial<OrderRow>): boolean {
  return Object.entries(stated).every(([column, value]) => {
    const stored = order[column as keyof OrderRow];
    return value instanceof Date && stored instanceof Date
      ? value.getTime() === stored.getTime()
      : value === stored;
  });
}

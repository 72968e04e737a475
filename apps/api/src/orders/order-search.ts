import { formatCents, type OrderHit } from '@app/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import { memberRef } from '../members/member.presenter';
import { users } from '../members/members.schema';
import type { AccountCaller } from '../platform/caller';
import type { Db } from '../platform/db/client';
import { startsWithPattern } from '../platform/db/paging';
import { pathRange } from '../tree/tree-path';
import { orders } from './orders.schema';

/** Order numbers are found from their start once this long ("SO10"), through orders_order_no_pattern_idx. */
const PREFIX_FROM = 4;

/**
 * The orders the viewer may see (a member: their own network's) whose order number is
 * `text`, or starts with it, or whose platform order number is `text`; at most `limit`, by order number.
 */
export async function searchOrders(
  db: Db,
  viewer: AccountCaller,
  text: string,
  limit: number,
): Promise<OrderHit[]> {
  const number = or(
    sql`${orders.orderNo} = upper(${text})`,
    eq(orders.platformOrderNo, text),
    text.length >= PREFIX_FROM ? sql`${orders.orderNo} like upper(${startsWithPattern(text)})` : undefined,
  );
  // A member's network, as on the orders screen: bought by themselves or anyone below them in the sponsor tree,
  // checked on the few orders the number found rather than by listing the downline.
  const scope = viewer.isAdmin
    ? undefined
    : pathRange(
        users.treePath,
        sql`(select ${users.treePath} from ${users} where ${users.id} = ${viewer.id})`,
      );
  const rows = await db
    .select({
      order: {
        orderNo: orders.orderNo,
        platformOrderNo: orders.platformOrderNo,
        amountCents: orders.amountCents,
        completedAt: orders.completedAt,
      },
      buyer: { id: users.id, name: users.name, user_no: users.userNo },
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(number, scope))
    .orderBy(orders.orderNo)
    .limit(limit);
  return rows.map(({ order, buyer }) => ({
    order_no: order.orderNo,
    platform_order_no: order.platformOrderNo,
    user: memberRef(viewer, buyer),
    amount: formatCents(order.amountCents),
    completed_at: order.completedAt?.toISOString() ?? null,
  }));
}

import {
  formatCents,
  type OrderFilter,
  type OrderListAnswerMeta,
  type OrderSort,
  type OrderSums,
} from '@app/contracts';
import { type AnyColumn, and, asc, desc, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { users } from '../../members/members.schema';
import type { AccountCaller } from '../../platform/caller';
import { type DbOrTx, queryRows, withoutParallelWorkers } from '../../platform/db/client';
import { referer, selectOrders, toOrderView } from '../orders.queries';
import { orders, orderTotalsDaily } from '../orders.schema';
import type { OrderQuery, TotalsPart } from './conditions';
import { TOTALS_CONFIG } from './config';
import { STATE_ON_ORDERS, STATE_ON_ROLLUP } from './states';

/**
 * The page strategies: how one page of a filtered set and its totals are read, given the set's
 * OrderQuery (filters.ts). rowsAndTotals picks one.
 */

const SORT_COLUMNS: Record<OrderSort, SQL | typeof orders.id> = {
  order_no: sql`${orders.orderNo}`,
  /**
   * By the referer's name: lower(name) is indexed, and orders_referer_idx gives each referer's
   * orders by id (see refererSortedRows).
   */
  referer: sql`lower(${referer.name})`,
  amount: sql`${orders.amountCents}`,
  sales_point: sql`${orders.salesPoint}`,
  completed_at: sql`${orders.completedAt}`,
};

const isDesc = (order: string) => order === 'desc' || order === 'descend';

/** PostgreSQL's default null placement (asc: last, desc: first), so the sort indexes serve either direction. */
function ordering(sort: OrderSort, order: string) {
  const column = SORT_COLUMNS[sort];
  return isDesc(order) ? [desc(column), desc(orders.id)] : [asc(column), asc(orders.id)];
}

/**
 * Count of a set, and count and sums of its done and refunded orders (OrderListMeta), over rows
 * with these columns: `n` orders each (1 on `orders`, a bucket's count on the rollup).
 */
function sumsOver(
  n: SQL | AnyColumn,
  amount: SQL | AnyColumn,
  sp: SQL | AnyColumn,
  done: SQL,
  refunded: SQL,
) {
  const sum = (of: SQL | AnyColumn, where: SQL) =>
    sql<string>`coalesce(sum(${of}) filter (where ${where}), 0)::text`;
  return {
    total: sql<string>`coalesce(sum(${n}), 0)::text`,
    doneCount: sum(n, done),
    doneAmount: sum(amount, done),
    doneSalesPoint: sum(sp, done),
    refundedCount: sum(n, refunded),
    refundedAmount: sum(amount, refunded),
    refundedSalesPoint: sum(sp, refunded),
  };
}
const ROLLUP_SUMS = sumsOver(
  orderTotalsDaily.orderCount,
  orderTotalsDaily.amountCents,
  orderTotalsDaily.salesPoint,
  STATE_ON_ROLLUP.done,
  STATE_ON_ROLLUP.refunded,
);
const ORDER_SUMS = sumsOver(
  sql`1`,
  orders.amountCents,
  orders.salesPoint,
  STATE_ON_ORDERS.done,
  STATE_ON_ORDERS.refunded,
);
/** The sums over a subquery of the matching orders with columns amount, sp, done and refunded. */
const MATCHED_SUMS = sql.join(
  Object.entries(sumsOver(sql`1`, sql`amount`, sql`sp`, sql`done`, sql`refunded`)).map(
    ([key, value]) => sql`${value} as ${sql.identifier(key)}`,
  ),
  sql`, `,
);
/** A matching order's columns MATCHED_SUMS reads. */
const MATCHED_COLUMNS = sql`${orders.amountCents} as amount, ${orders.salesPoint} as sp,
  ${STATE_ON_ORDERS.done} as done, ${STATE_ON_ORDERS.refunded} as refunded`;

type Sums = Record<keyof typeof ROLLUP_SUMS, string>;

/** Count and sums added up, each row signed (+1 unless given). */
function totalsOf(rows: (Sums | undefined)[], signs: number[] = []) {
  const sum = (key: keyof Sums) =>
    rows.reduce((acc, row, i) => acc + BigInt(row?.[key] ?? 0) * BigInt(signs[i] ?? 1), 0n);
  return {
    total: Number(sum('total')),
    done: {
      count: Number(sum('doneCount')),
      amountCents: sum('doneAmount'),
      salesPoint: Number(sum('doneSalesPoint')),
    },
    refunded: {
      count: Number(sum('refundedCount')),
      amountCents: sum('refundedAmount'),
      salesPoint: Number(sum('refundedSalesPoint')),
    },
  };
}

/** Count and sums over the filtered set: its totals' parts (rollup and exact counts) added up, or over the orders. */
export async function orderTotals(db: DbOrTx, query: OrderQuery) {
  const parts: TotalsPart[] = query.totals ?? [{ from: 'orders', where: query.where, sign: 1 }];
  const rows = await Promise.all(
    parts.map(async (part) => {
      const [row] =
        part.from === 'rollup'
          ? await db.select(ROLLUP_SUMS).from(orderTotalsDaily).where(part.where)
          : await db.select(ORDER_SUMS).from(orders).where(part.where);
      return row;
    }),
  );
  return totalsOf(
    rows,
    parts.map((p) => p.sign),
  );
}

type PageSpec = Pick<OrderFilter, 'sort' | 'order' | 'page' | 'pageSize'>;

/**
 * One page in the order asked for. When sorting on a column of `orders`, the page's ids are found
 * first (a deferred join): the sort indexes carry the common filter columns, so finding them may be
 * an index-only scan even when many orders before the page do not match; only the page's rows are
 * then read and joined.
 */
export function pageRows(db: DbOrTx, f: PageSpec, where: SQL | undefined) {
  const offset = (f.page - 1) * f.pageSize;
  if (f.sort === 'referer')
    return selectOrders(db)
      .where(where)
      .orderBy(...ordering(f.sort, f.order))
      .limit(f.pageSize)
      .offset(offset);
  const ids = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...ordering(f.sort, f.order))
    .limit(f.pageSize)
    .offset(offset);
  return selectOrders(db)
    .where(inArray(orders.id, ids))
    .orderBy(...ordering(f.sort, f.order));
}

/**
 * The same page as pageRows sorted by referer, for broad filters. As one query PostgreSQL sorts
 * every matching order (seconds at millions): orders without a referer sort with a null name
 * (first descending, last ascending), so the left join cannot be walked in referer-name order.
 * Split, orders with a referer are an inner join that walks users_name_lower_idx and
 * orders_referer_idx (an incremental sort on id among equal names), and orders without one are
 * read by orders_referer_idx in id order; the page is taken from the first part, then the second.
 * Used from TotalsConfig.refererWalkFrom matching orders: for fewer, sorting the matching orders is
 * cheaper than walking the referers by name.
 */
export async function refererSortedRows(
  db: DbOrTx,
  f: PageSpec,
  where: SQL | undefined,
  total: number | null,
) {
  const offset = (f.page - 1) * f.pageSize;
  const named = (skip: number, take: number) =>
    selectOrders(db)
      .where(and(where, sql`${referer.id} is not null`))
      .orderBy(...ordering('referer', f.order))
      .limit(take)
      .offset(skip);
  const unnamed = (skip: number, take: number) =>
    selectOrders(db)
      .where(and(where, isNull(orders.refererUserId)))
      .orderBy(isDesc(f.order) ? desc(orders.id) : asc(orders.id))
      .limit(take)
      .offset(skip);
  const [first, second] = isDesc(f.order) ? [unnamed, named] : [named, unnamed];
  const head = await first(offset, f.pageSize);
  if (head.length === f.pageSize) return head;
  // The first part ends on this page, so the rest starts at the second part's beginning; or it
  // ended before this page, and its size (counted) says where this page starts in the second.
  let skip = 0;
  if (head.length === 0) {
    // With only a lower bound of the total (null), the orders with a referer are counted themselves.
    const counted =
      total === null && !isDesc(f.order) ? isNotNull(orders.refererUserId) : isNull(orders.refererUserId);
    const [row] = await db.select({ n: sql<string>`count(*)::text` }).from(orders).where(and(where, counted));
    const n = Number(row?.n ?? 0);
    skip = offset - (isDesc(f.order) || total === null ? n : total - n);
  }
  return [...head, ...(await second(Math.max(0, skip), f.pageSize - head.length))];
}

/**
 * Exact totals and one page's ids in a single pass over the matching orders: exact totals read every
 * one of them anyway, while a page walking a sort index may read far more orders than match when the
 * matches are sparse along it (a downline's orders of one provider: seconds).
 */
async function exactTotalsAndIds(db: DbOrTx, f: PageSpec, where: SQL | undefined) {
  const dir = isDesc(f.order) ? sql`desc` : sql`asc`;
  const [row] = await queryRows<Sums & { ids: number[] | null }>(
    db,
    sql`with matching as materialized (
          select ${orders.id} as id, ${SORT_COLUMNS[f.sort]} as k, ${MATCHED_COLUMNS}
          from ${orders} where ${where ?? sql`true`})
        select ${MATCHED_SUMS},
               (select array_agg(id) from (select id from matching order by k ${dir}, id ${dir}
                limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}) p) as ids
        from matching`,
  );
  return { totals: totalsOf([row]), ids: row?.ids ?? [] };
}

/** The rows of the page whose ids (in page order) are given. */
async function rowsOf(db: DbOrTx, f: PageSpec, ids: number[]) {
  return ids.length
    ? await selectOrders(db)
        .where(inArray(orders.id, ids))
        .orderBy(...ordering(f.sort, f.order))
    : [];
}

/**
 * The page's ids from the first `cap` orders along the sort index, or null when it is not all there.
 * `cap` (TotalsConfig.walkUpTo): how far a page of a downline counted from its scope walks a sort
 * index (orders passed) before taking the page from the downline's matching orders instead
 * (exactTotalsAndIds): walking checks each order's buyer, and along some indexes a downline's orders
 * lie far apart (all in the past, or with few of the products listed first); the matching orders
 * cost a probe per member.
 * Each order's buyer is checked by its primary key (a correlated subquery stays one): the planner
 * cannot estimate a path range, and a join planned for one member compared every pair (2.6 s).
 */
async function walkedIds(db: DbOrTx, f: PageSpec, walk: NonNullable<OrderQuery['walk']>, cap: number) {
  const offset = (f.page - 1) * f.pageSize;
  if (offset + f.pageSize > cap) return null;
  const dir = isDesc(f.order) ? sql`desc` : sql`asc`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from (
          select ${orders.id} as id, ${orders.userId} as user_id, ${SORT_COLUMNS[f.sort]} as k
          from ${orders} where ${walk.where ?? sql`true`}
          order by k ${dir}, id ${dir} limit ${cap}) w
        where (select ${walk.buyers} from ${users} where ${users.id} = w.user_id)
        order by k ${dir}, id ${dir} limit ${f.pageSize} offset ${offset}`,
  );
  return rows.length === f.pageSize ? rows.map((r) => r.id) : null;
}

type Totals = ReturnType<typeof totalsOf> & { atLeast?: true };

/**
 * The totals of a broad set (OrderQuery.bounded): at most `upTo` + 1 of its orders are read, in no order,
 * so the planner stops as soon as it has them. Up to `upTo` matches are counted and summed exactly; beyond,
 * the answer is "at least `upTo`" with no sums.
 */
async function boundedTotals(db: DbOrTx, where: SQL | undefined, upTo: number): Promise<Totals> {
  const [row] = await queryRows<Sums>(
    db,
    sql`select ${MATCHED_SUMS}
        from (select ${MATCHED_COLUMNS} from ${orders} where ${where ?? sql`true`} limit ${upTo + 1}) s`,
  );
  const totals = totalsOf([row]);
  return totals.total > upTo ? { ...totalsOf([]), total: upTo, atLeast: true } : totals;
}

/** The page's rows and the totals: rollup totals first (milliseconds), exact ones with the page's ids. */
async function rowsAndTotals(
  db: DbOrTx,
  f: PageSpec,
  query: OrderQuery,
  walkUpTo: number,
  refererWalkFrom: number,
  countUpTo: number,
): Promise<{ rows: Awaited<ReturnType<typeof rowsOf>>; totals: Totals }> {
  if (query.bounded)
    // The page along a sort index (the planner stops at it), not after reading every match. Alone: with two
    // parallel workers page 50 of a common surname took twice as long (docs/performance/orders.md).
    return withoutParallelWorkers(db, async (tx) => {
      const totals = await boundedTotals(tx, query.where, countUpTo);
      if (!totals.atLeast && (f.page - 1) * f.pageSize >= totals.total) return { rows: [], totals };
      const rows =
        f.sort === 'referer' && (totals.atLeast || totals.total >= refererWalkFrom)
          ? await refererSortedRows(tx, f, query.where, totals.atLeast ? null : totals.total)
          : await pageRows(tx, f, query.where);
      return { rows, totals };
    });
  if (query.totals === null && f.sort !== 'referer') {
    const { totals, ids } = await exactTotalsAndIds(db, f, query.where);
    return { rows: await rowsOf(db, f, ids), totals };
  }
  const totals = await orderTotals(db, query);
  // Past the last order the page is not read (an empty result could scan a whole index for matches).
  if ((f.page - 1) * f.pageSize >= totals.total) return { rows: [], totals };
  if (query.walk && f.sort !== 'referer') {
    const ids =
      (await walkedIds(db, f, query.walk, walkUpTo)) ?? (await exactTotalsAndIds(db, f, query.where)).ids;
    return { rows: await rowsOf(db, f, ids), totals };
  }
  const rows =
    f.sort === 'referer' && totals.total >= refererWalkFrom
      ? await refererSortedRows(db, f, query.where, totals.total)
      : await pageRows(db, f, query.where);
  return { rows, totals };
}

const shownSums = (s: Totals['done']): OrderSums => ({
  count: s.count,
  amount: formatCents(s.amountCents),
  sales_point: s.salesPoint,
});

/** One page of the filtered orders plus count and sums over the whole filtered set. */
export async function orderPage(
  db: DbOrTx,
  viewer: AccountCaller,
  f: OrderFilter,
  query: OrderQuery,
  walkUpTo = TOTALS_CONFIG.walkUpTo,
  refererWalkFrom = TOTALS_CONFIG.refererWalkFrom,
  countUpTo = TOTALS_CONFIG.countUpTo,
) {
  const { rows, totals } = await rowsAndTotals(db, f, query, walkUpTo, refererWalkFrom, countUpTo);
  const done = shownSums(totals.done);
  const meta: OrderListAnswerMeta = totals.atLeast
    ? {
        total: totals.total,
        page: f.page,
        pageSize: f.pageSize,
        totalAtLeast: true,
        totalAmount: null,
        totalSalesPoint: null,
        done: null,
        refunded: null,
      }
    : {
        total: totals.total,
        page: f.page,
        pageSize: f.pageSize,
        // SPEC.md's totalAmount and totalSalesPoint: the done sales, net of refunds.
        totalAmount: done.amount,
        totalSalesPoint: done.sales_point,
        done,
        refunded: shownSums(totals.refunded),
      };
  return { list: rows.map((r) => toOrderView(viewer, r)), meta };
}

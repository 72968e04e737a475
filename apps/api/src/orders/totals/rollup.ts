import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';

/**
 * order_totals_daily (../orders.schema.ts) is kept by statement-level triggers on `orders`, so every
 * writer — ingestion, the xlsx import, refund marking, seeders, tests, bulk SQL — updates it in
 * its own transaction, and the orders list may serve totals from it that equal an exact count.
 * Each INSERT / UPDATE / DELETE statement aggregates its transition tables by bucket (UTC
 * completion day, provider, product, source type, subtype, status, refund row, refunded) and
 * upserts the differences in key order: once for every order (scope null), and once for each scope (a tracked ancestor,
 * scopes.ts) whose downline holds the buyer. An UPDATE that touches none of those columns
 * nor the amounts nets to zero and writes nothing; refund marking (refunded_at) moves the order to
 * its refunded bucket.
 * TRUNCATE empties the rollup.
 *
 * Tree moves change which scopes hold a buyer: a statement-level trigger on `users` moves the
 * orders of every member whose path changed out of the scopes it left and into those it joined.
 * A move holds its tree's exclusive advisory lock (lockTree); order writers take both trees' shared
 * locks before reading buyers' paths (only once some scope exists), so a move waits for orders in
 * flight and then moves them too, and orders written during a move wait and see the new paths.
 *
 * Cost: one small upsert per write statement (plus one per scope above each buyer), and concurrent
 * writers of the same bucket wait for each other's commit on that rollup row.
 *
 * The trigger functions (order_totals_apply, order_totals_move) and their triggers are declared once in
 * triggers.sql.ts, which the latest migration defining each carries (a unit test holds them to it); a change to
 * them is a change there and a new migration, which also rebuilds the rollup when the change alters what it
 * holds. addOrderTotals below aggregates the same buckets as the triggers.
 */

const DAY = `(completed_at at time zone 'UTC')::date`;
const BUCKET = `${DAY}, provider_id, product_id, source_type, subtype, status,
  platform_order_no_origin is not null, refunded_at is not null`;
const KEY = 'scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded';
const UPSERT = `insert into order_totals_daily as t (${KEY}, order_count, amount_cents, sales_point)`;
const ON_CONFLICT = `on conflict (${KEY}) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point`;

/**
 * Adds the orders matching `where` (a condition on `orders`) to the rows of scope `scopeId` (null:
 * every order's), bucket by bucket as the triggers do: filling a new scope.
 */
export function addOrderTotals(db: DbOrTx, scopeId: number | null, where: SQL) {
  return db.execute(sql`${sql.raw(UPSERT)}
    select ${scopeId}::int, ${sql.raw(BUCKET)}, count(*), sum(amount_cents), sum(sales_point)
    from orders where ${where} group by 2, 3, 4, 5, 6, 7, 8, 9
    ${sql.raw(ON_CONFLICT)}`);
}

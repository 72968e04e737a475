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
 * TRUNCATE empties the rollup (and the scopes' hours).
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
 * holds. addScopeTotals below aggregates the same buckets and hours as the triggers.
 *
 * The scopes' rows have a second table, `scope_sales_hours`: each scope's done sales (settlement's `countingOrder`)
 * per UTC hour of completion, kept by the same statements from the same `reach` (buyer → scopes; a data-modifying
 * CTE upserts the daily rows, the statement itself the hours, each in key order) and moved with the daily rows on a
 * tree move. An UPDATE takes the old row's part out and puts the new one's in, so a refund, a status change or a
 * corrected time or amount moves the sale; rows that net to zero stay, as the daily ones do.
 */

const BUCKET = `(completed_at at time zone 'UTC')::date as day, provider_id, product_id, source_type, subtype, status,
  platform_order_no_origin is not null as refund, refunded_at is not null as refunded`;
/** The UTC hour of a done sale (settlement's `countingOrder`), null for any other order: as the triggers bin it. */
const SALES_HOUR = `case when status = 1 and platform_order_no_origin is null and refunded_at is null
  then date_bin('1 hour', completed_at, timestamptz '2000-01-01 00:00:00+00') end`;
const KEY = 'scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded';

/**
 * Adds the orders matching `where` (a condition on `orders`) to the rows of scope `scopeId`, as the triggers do:
 * its buckets of order_totals_daily and its done sales per UTC hour (scope_sales_hours), both from one read of the
 * orders. Filling a new scope.
 */
export function addScopeTotals(db: DbOrTx, scopeId: number, where: SQL) {
  return db.execute(sql`with bought as (
      select ${sql.raw(BUCKET)}, ${sql.raw(SALES_HOUR)} as hour,
             count(*) as n, sum(amount_cents) as amount_cents, sum(sales_point) as sales_point
      from orders where ${where} group by 1, 2, 3, 4, 5, 6, 7, 8, 9),
    daily as (
      insert into order_totals_daily as t (${sql.raw(KEY)}, order_count, amount_cents, sales_point)
      select ${scopeId}::int, day, provider_id, product_id, source_type, subtype, status, refund, refunded,
             sum(n), sum(amount_cents), sum(sales_point)
      from bought group by 2, 3, 4, 5, 6, 7, 8, 9
      on conflict (${sql.raw(KEY)}) do update set
        order_count = t.order_count + excluded.order_count,
        amount_cents = t.amount_cents + excluded.amount_cents,
        sales_point = t.sales_point + excluded.sales_point)
    insert into scope_sales_hours as t (scope_id, hour, sales_count, sales_cents, sales_sp)
    select ${scopeId}::int, hour, sum(n), sum(amount_cents), sum(sales_point)
    from bought where hour is not null group by 2
    on conflict (scope_id, hour) do update set
      sales_count = t.sales_count + excluded.sales_count,
      sales_cents = t.sales_cents + excluded.sales_cents,
      sales_sp = t.sales_sp + excluded.sales_sp`);
}

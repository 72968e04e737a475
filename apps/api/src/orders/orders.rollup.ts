import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { ensureSqlFunctions, type SqlFunction, sqlFunctionCurrent } from '../platform/db/sql-functions';

/**
 * order_totals_daily (orders.schema.ts) is kept by statement-level triggers on `orders`, so every
 * writer — ingestion, the xlsx import, refund marking, seeders, tests, bulk SQL — updates it in
 * its own transaction, and the orders list may serve totals from it that equal an exact count.
 * Each INSERT / UPDATE / DELETE statement aggregates its transition table by bucket (UTC
 * completion day, provider, product, source type, subtype, status) and upserts the differences
 * in key order; an UPDATE that touches none of those columns nor the amounts (refund marking
 * sets refunded_at only) nets to zero and writes nothing. TRUNCATE empties the rollup.
 *
 * Cost: one small upsert per write statement, and concurrent writers of the same bucket (same
 * day, product, provider, subtype, status) wait for each other's commit on that rollup row.
 *
 * drizzle-kit does not generate functions or triggers, so they are installed here by
 * prepareDatabase (idempotent): when a trigger is missing or the function body differs, the
 * function and triggers are (re)created and the rollup rebuilt from `orders`, under a lock that
 * keeps writers out meanwhile.
 */

const BUCKET = `(completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status`;
const COLUMNS = 'completed_at, provider_id, product_id, source_type, subtype, status';
const KEY = 'day, provider_id, product_id, source_type, subtype, status';
const UPSERT = `insert into order_totals_daily as t (${KEY}, order_count, amount_cents, sales_point)`;
const ON_CONFLICT = `on conflict (${KEY}) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point`;

const FUNCTION_BODY = `
begin
  if tg_op = 'TRUNCATE' then
    delete from order_totals_daily;
  elsif tg_op = 'INSERT' then
    ${UPSERT}
    select ${BUCKET}, count(*), sum(amount_cents), sum(sales_point)
    from new_rows group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    ${ON_CONFLICT};
  elsif tg_op = 'DELETE' then
    ${UPSERT}
    select ${BUCKET}, -count(*), -sum(amount_cents), -sum(sales_point)
    from old_rows group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    ${ON_CONFLICT};
  else
    ${UPSERT}
    select ${BUCKET}, sum(n), sum(amount_cents), sum(sales_point)
    from (select ${COLUMNS}, amount_cents, sales_point, 1 as n from new_rows
          union all
          select ${COLUMNS}, -amount_cents, -sales_point, -1 from old_rows) d
    group by 1, 2, 3, 4, 5, 6
    having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0
    order by 1, 2, 3, 4, 5, 6
    ${ON_CONFLICT};
  end if;
  return null;
end
`;

const TRIGGERS = {
  orders_totals_insert: 'after insert on orders referencing new table as new_rows',
  orders_totals_update: 'after update on orders referencing old table as old_rows new table as new_rows',
  orders_totals_delete: 'after delete on orders referencing old table as old_rows',
  orders_totals_truncate: 'after truncate on orders',
} as const;

/** Rebuilds the whole rollup from `orders` (installation, or after a change of the trigger). */
export async function rebuildOrderTotals(db: DbOrTx) {
  await db.execute(sql`delete from order_totals_daily`);
  await db.execute(
    sql.raw(`${UPSERT}
      select ${BUCKET}, count(*), sum(amount_cents), sum(sales_point)
      from orders group by 1, 2, 3, 4, 5, 6`),
  );
}

const FUNCTION: SqlFunction = {
  name: 'order_totals_apply',
  signature: '() returns trigger',
  body: FUNCTION_BODY,
};

/** Installs (or updates) the rollup's trigger function and triggers; see above. */
export async function ensureOrderTotals(tx: DbOrTx) {
  const installed = async () => {
    const [state] = await queryRows<{ triggers: number }>(
      tx,
      sql`select count(*)::int as triggers from pg_trigger
          where tgrelid = 'orders'::regclass and tgname in (${sql.join(
            Object.keys(TRIGGERS).map((name) => sql`${name}`),
            sql`, `,
          )})`,
    );
    return state?.triggers === Object.keys(TRIGGERS).length && (await sqlFunctionCurrent(tx, FUNCTION));
  };
  if (await installed()) return;
  await tx.execute(sql`lock table orders in share row exclusive mode`);
  if (await installed()) return;
  await ensureSqlFunctions(tx, [FUNCTION]);
  for (const [name, when] of Object.entries(TRIGGERS))
    await tx.execute(
      sql.raw(
        `create or replace trigger ${name} ${when} for each statement execute function order_totals_apply()`,
      ),
    );
  await rebuildOrderTotals(tx);
}

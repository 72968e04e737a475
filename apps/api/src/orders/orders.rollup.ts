import { type SQL, sql } from 'drizzle-orm';
import { treeLockKey } from '../members/tree-path';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { ensureSqlFunctions, type SqlFunction, sqlFunctionCurrent } from '../platform/db/sql-functions';

/**
 * order_totals_daily (orders.schema.ts) is kept by statement-level triggers on `orders`, so every
 * writer — ingestion, the xlsx import, refund marking, seeders, tests, bulk SQL — updates it in
 * its own transaction, and the orders list may serve totals from it that equal an exact count.
 * Each INSERT / UPDATE / DELETE statement aggregates its transition tables by bucket (UTC
 * completion day, provider, product, source type, subtype, status) and upserts the differences
 * in key order: once for every order (scope null), and once for each scope (a tracked ancestor,
 * orders.scopes.ts) whose downline holds the buyer. An UPDATE that touches none of those columns
 * nor the amounts (refund marking sets refunded_at only) nets to zero and writes nothing.
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
 * drizzle-kit does not generate functions or triggers, so they are installed here by
 * prepareDatabase (idempotent): when a trigger is missing or a function body differs, the
 * functions and triggers are (re)created and the rollup rebuilt from `orders`, under a lock that
 * keeps writers out meanwhile.
 */

const DAY = `(completed_at at time zone 'UTC')::date`;
const BUCKET = `${DAY}, provider_id, product_id, source_type, subtype, status`;
const KEY = 'scope_id, day, provider_id, product_id, source_type, subtype, status';
const UPSERT = `insert into order_totals_daily as t (${KEY}, order_count, amount_cents, sales_point)`;
const ON_CONFLICT = `on conflict (${KEY}) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point`;
const NONZERO = 'having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0';

/** The ids in a materialised path ('/1/5/23/' → {1,5,23}; '/' → {}). */
const pathIds = (path: string) => `string_to_array(trim(both '/' from ${path}), '/')::int[]`;

/** The ancestors of the `users` row `row` in both trees, itself included: (tree, ancestor_id) rows. */
const ancestorsOf = (row: string) => `
      select 'sponsor' as tree, unnest(${pathIds(`${row}.tree_path`)}) as ancestor_id
      union all select 'iblommer', unnest(${pathIds(`${row}.iblommer_path`)})`;

/** One signed row per order written: +1 and its figures for new rows, -1 and their negation for old ones. */
const signed = (rows: 'new_rows' | 'old_rows') =>
  `select user_id, completed_at, provider_id, product_id, source_type, subtype, status, ${
    rows === 'new_rows'
      ? '1 as n, amount_cents, sales_point'
      : '-1 as n, -amount_cents as amount_cents, -sales_point as sales_point'
  } from ${rows}`;

/**
 * The two upserts of one write statement, `deltas` being its signed rows. The scopes' join runs through
 * EXECUTE, planned for this statement's transition tables: PL/pgSQL would otherwise keep the plan made
 * for the first statement of the connection, and a nested loop planned for a one-order insert took
 * minutes on a 100,000-order one (the moves' likewise).
 */
const applyDeltas = (deltas: string) => `
    ${UPSERT}
    select null, ${BUCKET}, sum(n), sum(amount_cents), sum(sales_point)
    from (${deltas}) d group by 2, 3, 4, 5, 6, 7 ${NONZERO} order by 2, 3, 4, 5, 6, 7
    ${ON_CONFLICT};
    if exists (select 1 from order_totals_scopes) then
      perform pg_advisory_xact_lock_shared(hashtext('${treeLockKey('sponsor')}'));
      perform pg_advisory_xact_lock_shared(hashtext('${treeLockKey('iblommer')}'));
      execute $scopes$
      with d as (${deltas}),
      reach as (
        select u.id as user_id, s.id as scope_id
        from users u
        cross join lateral (${ancestorsOf('u')}) a
        join order_totals_scopes s on s.tree = a.tree and s.ancestor_id = a.ancestor_id
        where u.id in (select user_id from d))
      ${UPSERT}
      select r.scope_id, ${BUCKET}, sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      group by 1, 2, 3, 4, 5, 6, 7 ${NONZERO} order by 1, 2, 3, 4, 5, 6, 7
      ${ON_CONFLICT}
      $scopes$;
    end if;`;

const APPLY_BODY = `
begin
  if tg_op = 'TRUNCATE' then
    delete from order_totals_daily;
  elsif tg_op = 'INSERT' then${applyDeltas(signed('new_rows'))}
  elsif tg_op = 'DELETE' then${applyDeltas(signed('old_rows'))}
  else${applyDeltas(`${signed('new_rows')} union all ${signed('old_rows')}`)}
  end if;
  return null;
end
`;

/**
 * After an UPDATE of `users`: for each member whose path changed, +1 per scope joined and -1 per
 * scope left (an ancestor on both paths nets to zero), applied to that member's orders, which are
 * found by their user_id index (a join planned from the transition tables' estimates read every order).
 */
const MOVE_BODY = `
begin
  if not exists (select 1 from order_totals_scopes) then
    return null;
  end if;
  execute $move$
  with moved as (
    select n.id as user_id, s.id as scope_id, sum(a.sign) as sign
    from old_rows o
    join new_rows n on n.id = o.id
    cross join lateral (
      select -1 as sign, * from (${ancestorsOf('o')}) left_scopes
      union all select 1, * from (${ancestorsOf('n')}) joined_scopes) a
    join order_totals_scopes s on s.tree = a.tree and s.ancestor_id = a.ancestor_id
    where o.tree_path <> n.tree_path or o.iblommer_path <> n.iblommer_path
    group by 1, 2
    having sum(a.sign) <> 0),
  bought as (
    select user_id, ${DAY} as day, provider_id, product_id, source_type, subtype, status,
           count(*) as n, sum(amount_cents) as amount_cents, sum(sales_point) as sales_point
    from orders where user_id = any(array(select user_id from moved))
    group by 1, 2, 3, 4, 5, 6, 7)
  ${UPSERT}
  select m.scope_id, b.day, b.provider_id, b.product_id, b.source_type, b.subtype, b.status,
         sum(m.sign * b.n), sum(m.sign * b.amount_cents), sum(m.sign * b.sales_point)
  from moved m join bought b using (user_id)
  group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7
  ${ON_CONFLICT}
  $move$;
  return null;
end
`;

// No JIT: estimates from transition tables are far off, and compiling cost a move of 19,000 members ~1 s.
const FUNCTIONS: SqlFunction[] = [
  { name: 'order_totals_apply', signature: '() returns trigger', body: APPLY_BODY, settings: { jit: 'off' } },
  { name: 'order_totals_move', signature: '() returns trigger', body: MOVE_BODY, settings: { jit: 'off' } },
];

const TRIGGERS = [
  ['orders_totals_insert', 'after insert on orders referencing new table as new_rows', 'apply'],
  [
    'orders_totals_update',
    'after update on orders referencing old table as old_rows new table as new_rows',
    'apply',
  ],
  ['orders_totals_delete', 'after delete on orders referencing old table as old_rows', 'apply'],
  ['orders_totals_truncate', 'after truncate on orders', 'apply'],
  [
    'users_order_totals_move',
    'after update on users referencing old table as old_rows new table as new_rows',
    'move',
  ],
] as const;

/**
 * Adds the orders matching `where` (a condition on `orders`) to the rows of scope `scopeId` (null:
 * every order's), bucket by bucket as the triggers do: rebuilding the rollup, filling a new scope.
 */
export function addOrderTotals(db: DbOrTx, scopeId: number | null, where: SQL) {
  return db.execute(sql`${sql.raw(UPSERT)}
    select ${scopeId}::int, ${sql.raw(BUCKET)}, count(*), sum(amount_cents), sum(sales_point)
    from orders where ${where} group by 2, 3, 4, 5, 6, 7
    ${sql.raw(ON_CONFLICT)}`);
}

/**
 * Rebuilds the whole rollup from `orders` (installation, or after a change of the triggers). The
 * scopes are dropped with their rows; the server adds those of the largest downlines again
 * (orders.scopes-ahead.ts) and the orders list the others as it needs them.
 */
export async function rebuildOrderTotals(db: DbOrTx) {
  await db.execute(sql`delete from order_totals_scopes`);
  await db.execute(sql`delete from order_totals_daily`);
  await addOrderTotals(db, null, sql`true`);
}

/** Installs (or updates) the rollup's trigger functions and triggers; see above. */
export async function ensureOrderTotals(tx: DbOrTx) {
  const installed = async () => {
    const [state] = await queryRows<{ triggers: number }>(
      tx,
      sql`select count(*)::int as triggers from pg_trigger
          where tgrelid in ('orders'::regclass, 'users'::regclass) and tgname in (${sql.join(
            TRIGGERS.map(([name]) => sql`${name}`),
            sql`, `,
          )})`,
    );
    if (state?.triggers !== TRIGGERS.length) return false;
    for (const fn of FUNCTIONS) if (!(await sqlFunctionCurrent(tx, fn))) return false;
    return true;
  };
  if (await installed()) return;
  await tx.execute(sql`lock table orders, users in share row exclusive mode`);
  if (await installed()) return;
  await ensureSqlFunctions(tx, FUNCTIONS);
  for (const [name, when, fn] of TRIGGERS)
    await tx.execute(
      sql.raw(
        `create or replace trigger ${name} ${when} for each statement execute function order_totals_${fn}()`,
      ),
    );
  await rebuildOrderTotals(tx);
}

/**
 * The orders rollup's trigger functions and triggers (rollup.ts), declared once, here: the latest migration that
 * (re)defines each function carries exactly this text (triggers.sql.unit.test.ts; today 0030_scope_sales_hours, which
 * replaces both in place, the triggers kept). To change one, change it here and add a migration with the new text
 * (and a rebuild of the rollup when what it holds changes).
 */
/** The hour of a completion, in UTC whatever the session's time zone: `scope_sales_hours.hour`. */
const HOUR = `date_bin('1 hour', completed_at, timestamptz '2000-01-01 00:00:00+00')`;

/** The done sales of an aggregate's rows (settlement's `countingOrder`, on the columns of `d` below). */
const COUNTING = 'status = 1 and not refund and not refunded and completed_at is not null';

const SALES_HOURS_UPSERT = `insert into scope_sales_hours as t (scope_id, hour, sales_count, sales_cents, sales_sp)`;
const SALES_HOURS_ON_CONFLICT = `on conflict (scope_id, hour) do update set
      sales_count = t.sales_count + excluded.sales_count,
      sales_cents = t.sales_cents + excluded.sales_cents,
      sales_sp = t.sales_sp + excluded.sales_sp`;

const DAILY_UPSERT = `insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded, order_count, amount_cents, sales_point)`;
const DAILY_ON_CONFLICT = `on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point`;

/** A statement's orders, `d` (signed: +1 for new rows, -1 for old ones), as rows of the aggregate. */
const NEW_ROWS = `select user_id, completed_at, provider_id, product_id, source_type, subtype, status, platform_order_no_origin is not null as refund, refunded_at is not null as refunded, 1 as n, amount_cents, sales_point from new_rows`;
const OLD_ROWS = `select user_id, completed_at, provider_id, product_id, source_type, subtype, status, platform_order_no_origin is not null as refund, refunded_at is not null as refunded, -1 as n, -amount_cents as amount_cents, -sales_point as sales_point from old_rows`;

/** Every order's buckets (scope null), then each scope's buckets and done sales per hour of the buyers of `d`. */
const applied = (d: string) => `${DAILY_UPSERT}
    select null, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, refund, refunded, sum(n), sum(amount_cents), sum(sales_point)
    from (${d}) d group by 2, 3, 4, 5, 6, 7, 8, 9 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 2, 3, 4, 5, 6, 7, 8, 9
    ${DAILY_ON_CONFLICT};
    if exists (select 1 from order_totals_scopes) then
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:sponsor'));
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:iblommer'));
      execute $scopes$
      with d as (${d}),
      reach as (
        select u.id as user_id, s.id as scope_id
        from users u
        cross join lateral (
      select 'sponsor' as tree, unnest(string_to_array(trim(both '/' from u.tree_path), '/')::int[]) as ancestor_id
      union all select 'iblommer', unnest(string_to_array(trim(both '/' from u.iblommer_path), '/')::int[])) a
        join order_totals_scopes s on s.tree = a.tree and s.ancestor_id = a.ancestor_id
        where u.id in (select user_id from d)),
      daily as (
      ${DAILY_UPSERT}
      select r.scope_id, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, refund, refunded, sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9
      ${DAILY_ON_CONFLICT})
      ${SALES_HOURS_UPSERT}
      select r.scope_id, ${HOUR}, sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      where ${COUNTING}
      group by 1, 2 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2
      ${SALES_HOURS_ON_CONFLICT}
      $scopes$;
    end if;`;

/**
 * Adds each INSERT / UPDATE / DELETE statement's orders to their buckets (every order's, and each scope's) and, for
 * each scope, its done sales to their UTC hours (`scope_sales_hours`, from the same `reach` in the same statement).
 */
export const ORDER_TOTALS_APPLY = `create or replace function order_totals_apply() returns trigger set jit = off language plpgsql as $fn$
begin
  if tg_op = 'TRUNCATE' then
    delete from order_totals_daily;
    delete from scope_sales_hours;
  elsif tg_op = 'INSERT' then
    ${applied(NEW_ROWS)}
  elsif tg_op = 'DELETE' then
    ${applied(OLD_ROWS)}
  else
    ${applied(`${NEW_ROWS} union all ${OLD_ROWS}`)}
  end if;
  return null;
end
$fn$;`;

/**
 * Moves the orders of members whose tree paths a statement changed between the scopes they left and joined: their
 * buckets and their done sales per hour, from one read of their orders.
 */
export const ORDER_TOTALS_MOVE = `create or replace function order_totals_move() returns trigger set jit = off set enable_nestloop = off language plpgsql as $fn$
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
      select -1 as sign, * from (
      select 'sponsor' as tree, unnest(string_to_array(trim(both '/' from o.tree_path), '/')::int[]) as ancestor_id
      union all select 'iblommer', unnest(string_to_array(trim(both '/' from o.iblommer_path), '/')::int[])) left_scopes
      union all select 1, * from (
      select 'sponsor' as tree, unnest(string_to_array(trim(both '/' from n.tree_path), '/')::int[]) as ancestor_id
      union all select 'iblommer', unnest(string_to_array(trim(both '/' from n.iblommer_path), '/')::int[])) joined_scopes) a
    join order_totals_scopes s on s.tree = a.tree and s.ancestor_id = a.ancestor_id
    where o.tree_path <> n.tree_path or o.iblommer_path <> n.iblommer_path
    group by 1, 2
    having sum(a.sign) <> 0),
  bought as (
    select user_id, (completed_at at time zone 'UTC')::date as day, provider_id, product_id, source_type, subtype, status, platform_order_no_origin is not null as refund,
           refunded_at is not null as refunded,
           case when status = 1 and platform_order_no_origin is null and refunded_at is null then ${HOUR} end as hour,
           count(*) as n, sum(amount_cents) as amount_cents, sum(sales_point) as sales_point
    from orders where user_id = any(array(select user_id from moved))
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
  daily as (
  ${DAILY_UPSERT}
  select m.scope_id, b.day, b.provider_id, b.product_id, b.source_type, b.subtype, b.status, b.refund, b.refunded,
         sum(m.sign * b.n), sum(m.sign * b.amount_cents), sum(m.sign * b.sales_point)
  from moved m join bought b using (user_id)
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9 order by 1, 2, 3, 4, 5, 6, 7, 8, 9
  ${DAILY_ON_CONFLICT})
  ${SALES_HOURS_UPSERT}
  select m.scope_id, b.hour, sum(m.sign * b.n), sum(m.sign * b.amount_cents), sum(m.sign * b.sales_point)
  from moved m join bought b using (user_id)
  where b.hour is not null
  group by 1, 2 order by 1, 2
  ${SALES_HOURS_ON_CONFLICT}
  $move$;
  return null;
end
$fn$;`;

/** The statement-level triggers that call them. */
export const ORDER_TOTALS_TRIGGERS = `create or replace trigger orders_totals_insert after insert on orders referencing new table as new_rows for each statement execute function order_totals_apply();
--> statement-breakpoint
create or replace trigger orders_totals_update after update on orders referencing old table as old_rows new table as new_rows for each statement execute function order_totals_apply();
--> statement-breakpoint
create or replace trigger orders_totals_delete after delete on orders referencing old table as old_rows for each statement execute function order_totals_apply();
--> statement-breakpoint
create or replace trigger orders_totals_truncate after truncate on orders for each statement execute function order_totals_apply();
--> statement-breakpoint
create or replace trigger users_order_totals_move after update on users referencing old table as old_rows new table as new_rows for each statement execute function order_totals_move();`;

/** Every function of the rollup, by name. */
export const ORDER_TOTALS_FUNCTIONS = {
  order_totals_apply: ORDER_TOTALS_APPLY,
  order_totals_move: ORDER_TOTALS_MOVE,
};

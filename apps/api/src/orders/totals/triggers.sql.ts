/**
 * The orders rollup's trigger functions and triggers (rollup.ts), declared once, here: the latest migration that
 * (re)defines each function carries exactly this text (triggers.sql.unit.test.ts; today 0009_order_totals_refund,
 * with 0010_transition_joins_hashed's `enable_nestloop = off` on order_totals_move). To change one, change it here
 * and add a migration with the new text (and a rebuild of the rollup when what it holds changes).
 */

/** Adds each INSERT / UPDATE / DELETE statement's orders to their buckets (every order's, and each scope's). */
export const ORDER_TOTALS_APPLY = `create function order_totals_apply() returns trigger set jit = off language plpgsql as $fn$
begin
  if tg_op = 'TRUNCATE' then
    delete from order_totals_daily;
  elsif tg_op = 'INSERT' then
    insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded, order_count, amount_cents, sales_point)
    select null, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, refund, refunded, sum(n), sum(amount_cents), sum(sales_point)
    from (select user_id, completed_at, provider_id, product_id, source_type, subtype, status, platform_order_no_origin is not null as refund, refunded_at is not null as refunded, 1 as n, amount_cents, sales_point from new_rows) d group by 2, 3, 4, 5, 6, 7, 8, 9 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 2, 3, 4, 5, 6, 7, 8, 9
    on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point;
    if exists (select 1 from order_totals_scopes) then
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:sponsor'));
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:iblommer'));
      execute $scopes$
      with d as (select user_id, completed_at, provider_id, product_id, source_type, subtype, status, platform_order_no_origin is not null as refund, refunded_at is not null as refunded, 1 as n, amount_cents, sales_point from new_rows),
      reach as (
        select u.id as user_id, s.id as scope_id
        from users u
        cross join lateral (
      select 'sponsor' as tree, unnest(string_to_array(trim(both '/' from u.tree_path), '/')::int[]) as ancestor_id
      union all select 'iblommer', unnest(string_to_array(trim(both '/' from u.iblommer_path), '/')::int[])) a
        join order_totals_scopes s on s.tree = a.tree and s.ancestor_id = a.ancestor_id
        where u.id in (select user_id from d))
      insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded, order_count, amount_cents, sales_point)
      select r.scope_id, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, refund, refunded, sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9
      on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point
      $scopes$;
    end if;
  elsif tg_op = 'DELETE' then
    insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded, order_count, amount_cents, sales_point)
    select null, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, refund, refunded, sum(n), sum(amount_cents), sum(sales_point)
    from (select user_id, completed_at, provider_id, product_id, source_type, subtype, status, platform_order_no_origin is not null as refund, refunded_at is not null as refunded, -1 as n, -amount_cents as amount_cents, -sales_point as sales_point from old_rows) d group by 2, 3, 4, 5, 6, 7, 8, 9 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 2, 3, 4, 5, 6, 7, 8, 9
    on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point;
    if exists (select 1 from order_totals_scopes) then
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:sponsor'));
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:iblommer'));
      execute $scopes$
      with d as (select user_id, completed_at, provider_id, product_id, source_type, subtype, status, platform_order_no_origin is not null as refund, refunded_at is not null as refunded, -1 as n, -amount_cents as amount_cents, -sales_point as sales_point from old_rows),
      reach as (
        select u.id as user_id, s.id as scope_id
        from users u
        cross join lateral (
      select 'sponsor' as tree, unnest(string_to_array(trim(both '/' from u.tree_path), '/')::int[]) as ancestor_id
      union all select 'iblommer', unnest(string_to_array(trim(both '/' from u.iblommer_path), '/')::int[])) a
        join order_totals_scopes s on s.tree = a.tree and s.ancestor_id = a.ancestor_id
        where u.id in (select user_id from d))
      insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded, order_count, amount_cents, sales_point)
      select r.scope_id, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, refund, refunded, sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9
      on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point
      $scopes$;
    end if;
  else
    insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded, order_count, amount_cents, sales_point)
    select null, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, refund, refunded, sum(n), sum(amount_cents), sum(sales_point)
    from (select user_id, completed_at, provider_id, product_id, source_type, subtype, status, platform_order_no_origin is not null as refund, refunded_at is not null as refunded, 1 as n, amount_cents, sales_point from new_rows union all select user_id, completed_at, provider_id, product_id, source_type, subtype, status, platform_order_no_origin is not null as refund, refunded_at is not null as refunded, -1 as n, -amount_cents as amount_cents, -sales_point as sales_point from old_rows) d group by 2, 3, 4, 5, 6, 7, 8, 9 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 2, 3, 4, 5, 6, 7, 8, 9
    on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point;
    if exists (select 1 from order_totals_scopes) then
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:sponsor'));
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:iblommer'));
      execute $scopes$
      with d as (select user_id, completed_at, provider_id, product_id, source_type, subtype, status, platform_order_no_origin is not null as refund, refunded_at is not null as refunded, 1 as n, amount_cents, sales_point from new_rows union all select user_id, completed_at, provider_id, product_id, source_type, subtype, status, platform_order_no_origin is not null as refund, refunded_at is not null as refunded, -1 as n, -amount_cents as amount_cents, -sales_point as sales_point from old_rows),
      reach as (
        select u.id as user_id, s.id as scope_id
        from users u
        cross join lateral (
      select 'sponsor' as tree, unnest(string_to_array(trim(both '/' from u.tree_path), '/')::int[]) as ancestor_id
      union all select 'iblommer', unnest(string_to_array(trim(both '/' from u.iblommer_path), '/')::int[])) a
        join order_totals_scopes s on s.tree = a.tree and s.ancestor_id = a.ancestor_id
        where u.id in (select user_id from d))
      insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded, order_count, amount_cents, sales_point)
      select r.scope_id, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, refund, refunded, sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9
      on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point
      $scopes$;
    end if;
  end if;
  return null;
end
$fn$;`;

/** Moves the orders of members whose tree paths a statement changed between the scopes they left and joined. */
export const ORDER_TOTALS_MOVE = `create function order_totals_move() returns trigger set jit = off language plpgsql as $fn$
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
           refunded_at is not null as refunded, count(*) as n, sum(amount_cents) as amount_cents, sum(sales_point) as sales_point
    from orders where user_id = any(array(select user_id from moved))
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9)
  insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded, order_count, amount_cents, sales_point)
  select m.scope_id, b.day, b.provider_id, b.product_id, b.source_type, b.subtype, b.status, b.refund, b.refunded,
         sum(m.sign * b.n), sum(m.sign * b.amount_cents), sum(m.sign * b.sales_point)
  from moved m join bought b using (user_id)
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9 order by 1, 2, 3, 4, 5, 6, 7, 8, 9
  on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point
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

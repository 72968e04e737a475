-- The functions and triggers the application installed itself at every start before migrations were
-- versioned (drizzle-kit generates tables and indexes only). Databases of that time have them already: each is
-- dropped and created again with the same body, and nothing else changes (the orders rollup keeps its rows).
-- From now on a change to one of them is a new migration.
drop function if exists ledger_post cascade;
--> statement-breakpoint
create function ledger_post(p_user_id int, p_amount bigint, p_action smallint, p_status smallint, p_kind text,
    p_bonus_type smallint, p_reference_type text, p_reference_id text, p_month text, p_day date, p_remark text,
    p_available_delta bigint, p_frozen_delta bigint) returns wallet_records language plpgsql as $fn$
declare
  a bigint;
  f bigint;
  r wallet_records;
begin
  if p_available_delta >= 0 and p_frozen_delta >= 0 then
    insert into wallets as w (user_id, available_cents, frozen_cents)
    values (p_user_id, p_available_delta, p_frozen_delta)
    on conflict (user_id) do update set available_cents = w.available_cents + p_available_delta,
      frozen_cents = w.frozen_cents + p_frozen_delta, updated_at = now()
    returning w.available_cents, w.frozen_cents into a, f;
  else
    update wallets w set available_cents = w.available_cents + p_available_delta,
      frozen_cents = w.frozen_cents + p_frozen_delta, updated_at = now()
    where w.user_id = p_user_id and w.available_cents + p_available_delta >= 0
      and w.frozen_cents + p_frozen_delta >= 0
    returning w.available_cents, w.frozen_cents into a, f;
    if not found then
      return null;
    end if;
  end if;
  insert into wallet_records (user_id, amount_cents, action, status, kind, bonus_type, reference_type,
    reference_id, month, day, remark, available_delta_cents, frozen_delta_cents, available_after_cents,
    frozen_after_cents, to_balance_at)
  values (p_user_id, p_amount, p_action, p_status, p_kind, p_bonus_type, p_reference_type, p_reference_id,
    p_month, p_day, p_remark, p_available_delta, p_frozen_delta, a, f,
    case when p_status = 1 then now() end)
  returning * into r;
  return r;
end
$fn$;
--> statement-breakpoint
drop function if exists wallet_transfer cascade;
--> statement-breakpoint
create function wallet_transfer(p_from int, p_to int, p_amount bigint, p_remark text) returns table (transfer_id bigint, outcome text) language plpgsql as $fn$
declare
  v_id bigint;
  v_day date := (now() at time zone 'UTC')::date;
  r wallet_records;
begin
  if p_to is null or p_to = p_from then
    return query select null::bigint, case when p_to is null then 'not_found' else 'self' end;
    return;
  end if;
  perform 1 from wallets where user_id in (p_from, p_to) order by user_id for update;
  v_id := nextval(pg_get_serial_sequence('transfers', 'id'));
  r := ledger_post(p_from, p_amount, 2::smallint, 1::smallint, 'transfer_out', null,
    'transfer', v_id::text, to_char(v_day, 'YYYY-MM'), v_day, p_remark,
    -1 * p_amount, 0 * p_amount);
  if r.id is null then
    return query select null::bigint, 'insufficient';
    return;
  end if;
  perform ledger_post(p_to, p_amount, 1::smallint, 1::smallint, 'transfer_in', null,
    'transfer', v_id::text, to_char(v_day, 'YYYY-MM'), v_day, p_remark,
    1 * p_amount, 0 * p_amount);
  insert into transfers (id, from_user_id, to_user_id, amount_cents, remark)
  values (v_id, p_from, p_to, p_amount, p_remark);
  return query select v_id, 'ok';
end
$fn$;
--> statement-breakpoint
drop function if exists order_totals_apply cascade;
--> statement-breakpoint
create function order_totals_apply() returns trigger set jit = off language plpgsql as $fn$
begin
  if tg_op = 'TRUNCATE' then
    delete from order_totals_daily;
  elsif tg_op = 'INSERT' then
    insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, order_count, amount_cents, sales_point)
    select null, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, sum(n), sum(amount_cents), sum(sales_point)
    from (select user_id, completed_at, provider_id, product_id, source_type, subtype, status, 1 as n, amount_cents, sales_point from new_rows) d group by 2, 3, 4, 5, 6, 7 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 2, 3, 4, 5, 6, 7
    on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point;
    if exists (select 1 from order_totals_scopes) then
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:sponsor'));
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:iblommer'));
      execute $scopes$
      with d as (select user_id, completed_at, provider_id, product_id, source_type, subtype, status, 1 as n, amount_cents, sales_point from new_rows),
      reach as (
        select u.id as user_id, s.id as scope_id
        from users u
        cross join lateral (
      select 'sponsor' as tree, unnest(string_to_array(trim(both '/' from u.tree_path), '/')::int[]) as ancestor_id
      union all select 'iblommer', unnest(string_to_array(trim(both '/' from u.iblommer_path), '/')::int[])) a
        join order_totals_scopes s on s.tree = a.tree and s.ancestor_id = a.ancestor_id
        where u.id in (select user_id from d))
      insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, order_count, amount_cents, sales_point)
      select r.scope_id, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      group by 1, 2, 3, 4, 5, 6, 7 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point
      $scopes$;
    end if;
  elsif tg_op = 'DELETE' then
    insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, order_count, amount_cents, sales_point)
    select null, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, sum(n), sum(amount_cents), sum(sales_point)
    from (select user_id, completed_at, provider_id, product_id, source_type, subtype, status, -1 as n, -amount_cents as amount_cents, -sales_point as sales_point from old_rows) d group by 2, 3, 4, 5, 6, 7 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 2, 3, 4, 5, 6, 7
    on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point;
    if exists (select 1 from order_totals_scopes) then
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:sponsor'));
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:iblommer'));
      execute $scopes$
      with d as (select user_id, completed_at, provider_id, product_id, source_type, subtype, status, -1 as n, -amount_cents as amount_cents, -sales_point as sales_point from old_rows),
      reach as (
        select u.id as user_id, s.id as scope_id
        from users u
        cross join lateral (
      select 'sponsor' as tree, unnest(string_to_array(trim(both '/' from u.tree_path), '/')::int[]) as ancestor_id
      union all select 'iblommer', unnest(string_to_array(trim(both '/' from u.iblommer_path), '/')::int[])) a
        join order_totals_scopes s on s.tree = a.tree and s.ancestor_id = a.ancestor_id
        where u.id in (select user_id from d))
      insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, order_count, amount_cents, sales_point)
      select r.scope_id, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      group by 1, 2, 3, 4, 5, 6, 7 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point
      $scopes$;
    end if;
  else
    insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, order_count, amount_cents, sales_point)
    select null, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, sum(n), sum(amount_cents), sum(sales_point)
    from (select user_id, completed_at, provider_id, product_id, source_type, subtype, status, 1 as n, amount_cents, sales_point from new_rows union all select user_id, completed_at, provider_id, product_id, source_type, subtype, status, -1 as n, -amount_cents as amount_cents, -sales_point as sales_point from old_rows) d group by 2, 3, 4, 5, 6, 7 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 2, 3, 4, 5, 6, 7
    on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point;
    if exists (select 1 from order_totals_scopes) then
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:sponsor'));
      perform pg_advisory_xact_lock_shared(hashtext('tree-move:iblommer'));
      execute $scopes$
      with d as (select user_id, completed_at, provider_id, product_id, source_type, subtype, status, 1 as n, amount_cents, sales_point from new_rows union all select user_id, completed_at, provider_id, product_id, source_type, subtype, status, -1 as n, -amount_cents as amount_cents, -sales_point as sales_point from old_rows),
      reach as (
        select u.id as user_id, s.id as scope_id
        from users u
        cross join lateral (
      select 'sponsor' as tree, unnest(string_to_array(trim(both '/' from u.tree_path), '/')::int[]) as ancestor_id
      union all select 'iblommer', unnest(string_to_array(trim(both '/' from u.iblommer_path), '/')::int[])) a
        join order_totals_scopes s on s.tree = a.tree and s.ancestor_id = a.ancestor_id
        where u.id in (select user_id from d))
      insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, order_count, amount_cents, sales_point)
      select r.scope_id, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      group by 1, 2, 3, 4, 5, 6, 7 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point
      $scopes$;
    end if;
  end if;
  return null;
end
$fn$;
--> statement-breakpoint
drop function if exists order_totals_move cascade;
--> statement-breakpoint
create function order_totals_move() returns trigger set jit = off language plpgsql as $fn$
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
    select user_id, (completed_at at time zone 'UTC')::date as day, provider_id, product_id, source_type, subtype, status,
           count(*) as n, sum(amount_cents) as amount_cents, sum(sales_point) as sales_point
    from orders where user_id = any(array(select user_id from moved))
    group by 1, 2, 3, 4, 5, 6, 7)
  insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, order_count, amount_cents, sales_point)
  select m.scope_id, b.day, b.provider_id, b.product_id, b.source_type, b.subtype, b.status,
         sum(m.sign * b.n), sum(m.sign * b.amount_cents), sum(m.sign * b.sales_point)
  from moved m join bought b using (user_id)
  group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7
  on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point
  $move$;
  return null;
end
$fn$;
--> statement-breakpoint
create or replace trigger orders_totals_insert after insert on orders referencing new table as new_rows for each statement execute function order_totals_apply();
--> statement-breakpoint
create or replace trigger orders_totals_update after update on orders referencing old table as old_rows new table as new_rows for each statement execute function order_totals_apply();
--> statement-breakpoint
create or replace trigger orders_totals_delete after delete on orders referencing old table as old_rows for each statement execute function order_totals_apply();
--> statement-breakpoint
create or replace trigger orders_totals_truncate after truncate on orders for each statement execute function order_totals_apply();
--> statement-breakpoint
create or replace trigger users_order_totals_move after update on users referencing old table as old_rows new table as new_rows for each statement execute function order_totals_move();

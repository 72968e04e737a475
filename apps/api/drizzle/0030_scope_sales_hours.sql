CREATE TABLE "scope_sales_hours" (
	"scope_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"sales_count" integer NOT NULL,
	"sales_cents" bigint NOT NULL,
	"sales_sp" bigint NOT NULL,
	CONSTRAINT "scope_sales_hours_scope_id_hour_pk" PRIMARY KEY("scope_id","hour")
);
--> statement-breakpoint
ALTER TABLE "scope_sales_hours" ADD CONSTRAINT "scope_sales_hours_scope_id_order_totals_scopes_id_fk" FOREIGN KEY ("scope_id") REFERENCES "public"."order_totals_scopes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Written by hand: the triggers of the orders rollup keep scope_sales_hours too (orders/totals/rollup.ts), each
-- scope's done sales per UTC hour, in the statements that keep its daily rows; the functions are replaced in place
-- (the triggers stay). Order writers and tree moves wait while they are replaced and the existing scopes' hours are
-- filled, so none is missed or counted twice.
lock table orders in share mode;
--> statement-breakpoint
lock table users in share mode;
--> statement-breakpoint
create or replace function order_totals_apply() returns trigger set jit = off language plpgsql as $fn$
begin
  if tg_op = 'TRUNCATE' then
    delete from order_totals_daily;
    delete from scope_sales_hours;
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
        where u.id in (select user_id from d)),
      daily as (
      insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded, order_count, amount_cents, sales_point)
      select r.scope_id, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, refund, refunded, sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9
      on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point)
      insert into scope_sales_hours as t (scope_id, hour, sales_count, sales_cents, sales_sp)
      select r.scope_id, date_bin('1 hour', completed_at, timestamptz '2000-01-01 00:00:00+00'), sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      where status = 1 and not refund and not refunded and completed_at is not null
      group by 1, 2 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2
      on conflict (scope_id, hour) do update set
      sales_count = t.sales_count + excluded.sales_count,
      sales_cents = t.sales_cents + excluded.sales_cents,
      sales_sp = t.sales_sp + excluded.sales_sp
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
        where u.id in (select user_id from d)),
      daily as (
      insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded, order_count, amount_cents, sales_point)
      select r.scope_id, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, refund, refunded, sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9
      on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point)
      insert into scope_sales_hours as t (scope_id, hour, sales_count, sales_cents, sales_sp)
      select r.scope_id, date_bin('1 hour', completed_at, timestamptz '2000-01-01 00:00:00+00'), sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      where status = 1 and not refund and not refunded and completed_at is not null
      group by 1, 2 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2
      on conflict (scope_id, hour) do update set
      sales_count = t.sales_count + excluded.sales_count,
      sales_cents = t.sales_cents + excluded.sales_cents,
      sales_sp = t.sales_sp + excluded.sales_sp
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
        where u.id in (select user_id from d)),
      daily as (
      insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded, order_count, amount_cents, sales_point)
      select r.scope_id, (completed_at at time zone 'UTC')::date, provider_id, product_id, source_type, subtype, status, refund, refunded, sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9
      on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point)
      insert into scope_sales_hours as t (scope_id, hour, sales_count, sales_cents, sales_sp)
      select r.scope_id, date_bin('1 hour', completed_at, timestamptz '2000-01-01 00:00:00+00'), sum(n), sum(amount_cents), sum(sales_point)
      from d join reach r using (user_id)
      where status = 1 and not refund and not refunded and completed_at is not null
      group by 1, 2 having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(sales_point) <> 0 order by 1, 2
      on conflict (scope_id, hour) do update set
      sales_count = t.sales_count + excluded.sales_count,
      sales_cents = t.sales_cents + excluded.sales_cents,
      sales_sp = t.sales_sp + excluded.sales_sp
      $scopes$;
    end if;
  end if;
  return null;
end
$fn$;
--> statement-breakpoint
create or replace function order_totals_move() returns trigger set jit = off set enable_nestloop = off language plpgsql as $fn$
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
           case when status = 1 and platform_order_no_origin is null and refunded_at is null then date_bin('1 hour', completed_at, timestamptz '2000-01-01 00:00:00+00') end as hour,
           count(*) as n, sum(amount_cents) as amount_cents, sum(sales_point) as sales_point
    from orders where user_id = any(array(select user_id from moved))
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
  daily as (
  insert into order_totals_daily as t (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded, order_count, amount_cents, sales_point)
  select m.scope_id, b.day, b.provider_id, b.product_id, b.source_type, b.subtype, b.status, b.refund, b.refunded,
         sum(m.sign * b.n), sum(m.sign * b.amount_cents), sum(m.sign * b.sales_point)
  from moved m join bought b using (user_id)
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9 order by 1, 2, 3, 4, 5, 6, 7, 8, 9
  on conflict (scope_id, day, provider_id, product_id, source_type, subtype, status, refund, refunded) do update set
      order_count = t.order_count + excluded.order_count,
      amount_cents = t.amount_cents + excluded.amount_cents,
      sales_point = t.sales_point + excluded.sales_point)
  insert into scope_sales_hours as t (scope_id, hour, sales_count, sales_cents, sales_sp)
  select m.scope_id, b.hour, sum(m.sign * b.n), sum(m.sign * b.amount_cents), sum(m.sign * b.sales_point)
  from moved m join bought b using (user_id)
  where b.hour is not null
  group by 1, 2 order by 1, 2
  on conflict (scope_id, hour) do update set
      sales_count = t.sales_count + excluded.sales_count,
      sales_cents = t.sales_cents + excluded.sales_cents,
      sales_sp = t.sales_sp + excluded.sales_sp
  $move$;
  return null;
end
$fn$;
--> statement-breakpoint
-- The existing scopes' hours, from the orders bought in each scope's downline (the ancestor included): its members
-- along the tree's path index, their orders along orders_user_completed_idx.
insert into scope_sales_hours (scope_id, hour, sales_count, sales_cents, sales_sp)
select s.id, h.hour, h.n, h.cents, h.sp
from order_totals_scopes s
join users a on a.id = s.ancestor_id
cross join lateral (
  select date_bin('1 hour', o.completed_at, timestamptz '2000-01-01 00:00:00+00') as hour, count(*) as n,
         sum(o.amount_cents) as cents, sum(o.sales_point) as sp
  from orders o
  where o.user_id = any(array(
      select u.id from users u
      where s.tree = 'sponsor' and u.tree_path ~>=~ a.tree_path and u.tree_path ~<~ (left(a.tree_path, -1) || '0')
      union all
      select u.id from users u
      where s.tree = 'iblommer' and u.iblommer_path ~>=~ a.iblommer_path
        and u.iblommer_path ~<~ (left(a.iblommer_path, -1) || '0')))
    and o.status = 1 and o.platform_order_no_origin is null and o.refunded_at is null and o.completed_at is not null
  group by 1) h;
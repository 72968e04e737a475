CREATE TABLE "activity_quarter_hours" (
	"bucket" timestamp with time zone PRIMARY KEY NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"sales_sp" bigint DEFAULT 0 NOT NULL,
	"new_members" integer DEFAULT 0 NOT NULL
);

--> statement-breakpoint
create function activity_bucket(t timestamptz) returns timestamptz language sql immutable as $fn$
  select date_bin('15 minutes', t, timestamptz '2000-01-01 00:00:00+00')
$fn$;
--> statement-breakpoint
create function activity_add(p_at timestamptz, p_count int, p_cents bigint, p_sp bigint, p_members int)
returns void language sql as $fn$
  insert into activity_quarter_hours as a (bucket, sales_count, sales_cents, sales_sp, new_members)
  values (activity_bucket(p_at), p_count, p_cents, p_sp, p_members)
  on conflict (bucket) do update set
    sales_count = a.sales_count + excluded.sales_count,
    sales_cents = a.sales_cents + excluded.sales_cents,
    sales_sp = a.sales_sp + excluded.sales_sp,
    new_members = a.new_members + excluded.new_members
$fn$;
--> statement-breakpoint
create function activity_orders_apply() returns trigger language plpgsql as $fn$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 1 and old.platform_order_no_origin is null
     and old.refunded_at is null and old.completed_at is not null then
    perform activity_add(old.completed_at, -1, -old.amount_cents, -old.sales_point, 0);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 1 and new.platform_order_no_origin is null
     and new.refunded_at is null and new.completed_at is not null then
    perform activity_add(new.completed_at, 1, new.amount_cents, new.sales_point, 0);
  end if;
  return null;
end
$fn$;
--> statement-breakpoint
create function activity_orders_truncate() returns trigger language plpgsql as $fn$
begin
  update activity_quarter_hours set sales_count = 0, sales_cents = 0, sales_sp = 0
  where sales_count <> 0 or sales_cents <> 0 or sales_sp <> 0;
  return null;
end
$fn$;
--> statement-breakpoint
create function activity_members_apply() returns trigger language plpgsql as $fn$
begin
  if tg_op in ('UPDATE', 'DELETE') and not old.is_admin then
    perform activity_add(old.created_at, 0, 0, 0, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and not new.is_admin then
    perform activity_add(new.created_at, 0, 0, 0, 1);
  end if;
  return null;
end
$fn$;
--> statement-breakpoint
create trigger activity_orders after insert or delete on orders
  for each row execute function activity_orders_apply();
--> statement-breakpoint
create trigger activity_orders_update after update of status, platform_order_no_origin, refunded_at, completed_at,
  amount_cents, sales_point on orders
  for each row execute function activity_orders_apply();
--> statement-breakpoint
create trigger activity_orders_truncate after truncate on orders
  for each statement execute function activity_orders_truncate();
--> statement-breakpoint
create trigger activity_members after insert or delete on users
  for each row execute function activity_members_apply();
--> statement-breakpoint
create trigger activity_members_update after update of is_admin, created_at on users
  for each row execute function activity_members_apply();
--> statement-breakpoint
insert into activity_quarter_hours (bucket, sales_count, sales_cents, sales_sp, new_members)
select bucket, sum(c)::int, sum(cents)::bigint, sum(sp)::bigint, sum(m)::int from (
  select activity_bucket(completed_at) as bucket, 1 as c, amount_cents as cents, sales_point as sp, 0 as m
  from orders
  where status = 1 and platform_order_no_origin is null and refunded_at is null and completed_at is not null
  union all
  select activity_bucket(created_at), 0, 0, 0, 1 from users where not is_admin
) s group by bucket;
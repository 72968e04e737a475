-- The member counters (downline_counts, member_tallies; 0006) are kept by one statement-level trigger on users,
-- in the transaction that inserts, updates or deletes the rows: each row that joins (+1) or leaves (-1) a tree
-- path counts for every ancestor on it (itself excluded), and for its (is_admin, level_id, status, UTC month of
-- created_at) tally. A move rewrites the subtree's paths: the ancestors inside the subtree appear on both the old
-- and the new path and cancel out, so only the old and the new upline change. Upserts go in key order, so two
-- transactions lock shared rows in the same order. Writers wait while the counters are backfilled.
lock table users in share mode;
--> statement-breakpoint
create function member_counters_apply() returns trigger set jit = off language plpgsql as $fn$
declare
  src text;
  unchanged boolean;
  changed constant text := '(o.tree_path, o.iblommer_path, o.is_admin, o.level_id, o.status, o.created_at)
    is distinct from (n.tree_path, n.iblommer_path, n.is_admin, n.level_id, n.status, n.created_at)';
begin
  if tg_op = 'TRUNCATE' then
    delete from downline_counts;
    delete from member_tallies;
    return null;
  elsif tg_op = 'INSERT' then
    src := 'select 1 as sign, id, tree_path, iblommer_path, is_admin, level_id, status, created_at from new_rows';
  elsif tg_op = 'DELETE' then
    src := 'select -1 as sign, id, tree_path, iblommer_path, is_admin, level_id, status, created_at from old_rows';
  else
    -- Most updates (a login, a balance-free edit) change none of the counted columns.
    execute 'select not exists (select 1 from old_rows o join new_rows n on n.id = o.id where ' || changed || ')'
      into unchanged;
    if unchanged then
      return null;
    end if;
    src := 'select -1 as sign, o.id, o.tree_path, o.iblommer_path, o.is_admin, o.level_id, o.status, o.created_at
      from old_rows o join new_rows n on n.id = o.id where ' || changed || '
      union all select 1, n.id, n.tree_path, n.iblommer_path, n.is_admin, n.level_id, n.status, n.created_at
      from old_rows o join new_rows n on n.id = o.id where ' || changed;
  end if;
  execute 'with d as (' || src || ')
    insert into downline_counts as c (user_id, sponsor_count, iblommer_count)
    select a.id, sum(a.s), sum(a.i)
    from d cross join lateral (
      select x::int as id, d.sign as s, 0 as i from unnest(string_to_array(trim(both ''/'' from d.tree_path), ''/'')) x
      union all
      select x::int, 0, d.sign from unnest(string_to_array(trim(both ''/'' from d.iblommer_path), ''/'')) x) a
    where a.id <> d.id
    group by 1 having sum(a.s) <> 0 or sum(a.i) <> 0 order by 1
    on conflict (user_id) do update set sponsor_count = c.sponsor_count + excluded.sponsor_count,
      iblommer_count = c.iblommer_count + excluded.iblommer_count';
  execute 'with d as (' || src || ')
    insert into member_tallies as t (is_admin, level_id, status, month, accounts)
    select is_admin, level_id, status, date_trunc(''month'', created_at at time zone ''UTC'')::date, sum(sign)
    from d group by 1, 2, 3, 4 having sum(sign) <> 0 order by 1, 2, 3, 4
    on conflict (is_admin, level_id, status, month) do update set accounts = t.accounts + excluded.accounts';
  if tg_op = 'DELETE' then
    delete from downline_counts where user_id in (select id from old_rows);
  end if;
  return null;
end
$fn$;
--> statement-breakpoint
create trigger users_counters_insert after insert on users referencing new table as new_rows for each statement execute function member_counters_apply();
--> statement-breakpoint
create trigger users_counters_update after update on users referencing old table as old_rows new table as new_rows for each statement execute function member_counters_apply();
--> statement-breakpoint
create trigger users_counters_delete after delete on users referencing old table as old_rows for each statement execute function member_counters_apply();
--> statement-breakpoint
create trigger users_counters_truncate after truncate on users for each statement execute function member_counters_apply();
--> statement-breakpoint
insert into downline_counts (user_id, sponsor_count, iblommer_count)
select a.id, sum(a.s), sum(a.i)
from users u cross join lateral (
  select x::int as id, 1 as s, 0 as i from unnest(string_to_array(trim(both '/' from u.tree_path), '/')) x
  union all
  select x::int, 0, 1 from unnest(string_to_array(trim(both '/' from u.iblommer_path), '/')) x) a
where a.id <> u.id
group by 1;
--> statement-breakpoint
insert into member_tallies (is_admin, level_id, status, month, accounts)
select is_admin, level_id, status, date_trunc('month', created_at at time zone 'UTC')::date, count(*)
from users group by 1, 2, 3, 4;

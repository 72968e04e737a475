/**
 * The triggers keeping `downline_joins` (tree.schema.ts), declared once here for the migration that carries them
 * (`0028_downline_joins_triggers.sql`); a change is a new migration. Statement triggers on `users`, shaped like the
 * member counters of migration 0007: each row that joins (+1) or leaves (-1) the sponsor tree counts, in the UTC
 * month of its sign-up, for every ancestor on its path (itself excluded). A move rewrites the subtree's paths: the
 * ancestors inside the subtree are on both the old and the new path and cancel out, so only the old and the new
 * upline change. Upserts go in key order, so two transactions lock shared rows in the same order. The old and new
 * rows are hashed together (migration 0010 tells why a nested loop is not).
 */
export const DOWNLINE_JOINS_SQL = [
  // Writers wait while the table is filled from the rows (the last statement).
  'lock table users in share mode;',
  `create function downline_joins_apply() returns trigger set jit = off set enable_nestloop = off
language plpgsql as $fn$
declare
  src text;
  changed constant text := '(o.tree_path, o.created_at) is distinct from (n.tree_path, n.created_at)';
begin
  if tg_op = 'TRUNCATE' then
    delete from downline_joins;
    return null;
  elsif tg_op = 'INSERT' then
    src := 'select 1 as sign, id, tree_path, created_at from new_rows';
  elsif tg_op = 'DELETE' then
    src := 'select -1 as sign, id, tree_path, created_at from old_rows';
  else
    src := 'select -1 as sign, o.id, o.tree_path, o.created_at
      from old_rows o join new_rows n on n.id = o.id where ' || changed || '
      union all select 1, n.id, n.tree_path, n.created_at
      from old_rows o join new_rows n on n.id = o.id where ' || changed;
  end if;
  execute 'with d as (' || src || ')
    insert into downline_joins as j (user_id, month, joined)
    select x::int, date_trunc(''month'', d.created_at at time zone ''UTC'')::date, sum(d.sign)
    from d cross join lateral unnest(string_to_array(trim(both ''/'' from d.tree_path), ''/'')) x
    where x::int <> d.id
    group by 1, 2 having sum(d.sign) <> 0 order by 1, 2
    on conflict (user_id, month) do update set joined = j.joined + excluded.joined';
  if tg_op = 'DELETE' then
    delete from downline_joins where user_id in (select id from old_rows);
  end if;
  return null;
end
$fn$;`,
  `create trigger users_downline_joins_insert after insert on users referencing new table as new_rows
  for each statement execute function downline_joins_apply();`,
  `create trigger users_downline_joins_update after update on users referencing old table as old_rows
  new table as new_rows for each statement execute function downline_joins_apply();`,
  `create trigger users_downline_joins_delete after delete on users referencing old table as old_rows
  for each statement execute function downline_joins_apply();`,
  `create trigger users_downline_joins_truncate after truncate on users
  for each statement execute function downline_joins_apply();`,
  `insert into downline_joins (user_id, month, joined)
select x::int, date_trunc('month', u.created_at at time zone 'UTC')::date, count(*)
from users u cross join lateral unnest(string_to_array(trim(both '/' from u.tree_path), '/')) x
where x::int <> u.id
group by 1, 2;`,
];

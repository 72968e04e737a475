import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../platform/db/client';

/** Each scope's non-empty hours of scope_sales_hours, and the same aggregated afresh from the done orders. */
export async function scopeHoursAndFresh(db: Db): Promise<{ hours: string[]; fresh: string[] }> {
  const rows = (q: ReturnType<typeof sql>) =>
    queryRows<Record<string, unknown>>(db, q).then((r) => r.map((x) => JSON.stringify(x)).sort());
  const hours = await rows(sql`
    select scope_id, to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as hour,
           sales_count::text as n, sales_cents::text as amount, sales_sp::text as sp
    from scope_sales_hours where sales_count <> 0 or sales_cents <> 0 or sales_sp <> 0`);
  const fresh = await rows(sql`
    select s.id as scope_id, to_char(date_trunc('hour', o.completed_at at time zone 'UTC'), 'YYYY-MM-DD HH24:MI:SS') as hour,
           count(*)::text as n, sum(o.amount_cents)::text as amount, sum(o.sales_point)::text as sp
    from orders o
    join users u on u.id = o.user_id
    join order_totals_scopes s on true
    join users a on a.id = s.ancestor_id
      and (s.tree = 'sponsor' and starts_with(u.tree_path, a.tree_path)
      or s.tree = 'iblommer' and starts_with(u.iblommer_path, a.iblommer_path))
    where o.status = 1 and o.platform_order_no_origin is null and o.refunded_at is null and o.completed_at is not null
    group by 1, 2`);
  return { hours, fresh };
}

-- The users triggers join a statement's old and new rows by id (transition tables, which have no index). Asked
-- whether any row changed a counted column (`not exists`), the planner expects to stop at the first match and
-- picks a nested loop: every old row against every new row, 0.28 s for an update of 1,000 members and hours
-- for 100,000. Without nested loops the join is hashed: 0.6 s for 100,000 members (bench_orders, 1M members).
alter function member_counters_apply() set enable_nestloop = off;
--> statement-breakpoint
alter function order_totals_move() set enable_nestloop = off;

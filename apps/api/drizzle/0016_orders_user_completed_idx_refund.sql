-- Written by hand. 0009_order_totals_refund was edited after it was released (2026-11-26, 35 minutes later): its
-- second version also rebuilt orders_user_completed_idx with platform_order_no_origin and refunded_at. A database
-- that applied the first version never got that index; this brings it to the same state (and does nothing where
-- the index already carries both columns).
DO $$
BEGIN
  IF position('refunded_at' in coalesce(
       (SELECT pg_get_indexdef(c.oid) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relname = 'orders_user_completed_idx' AND n.nspname = current_schema()), '')) = 0 THEN
    DROP INDEX IF EXISTS "orders_user_completed_idx";
    CREATE INDEX "orders_user_completed_idx" ON "orders" USING btree ("user_id","completed_at","amount_cents","sales_point","provider_id","product_id","source_type","subtype","status","platform_order_no_origin","refunded_at","id");
  END IF;
END
$$;

DROP INDEX "orders_completed_idx";--> statement-breakpoint
CREATE INDEX "users_id_names_idx" ON "users" USING btree ("id","name","display_name");--> statement-breakpoint
CREATE INDEX "orders_completed_idx" ON "orders" USING btree ("completed_at","id","user_id");
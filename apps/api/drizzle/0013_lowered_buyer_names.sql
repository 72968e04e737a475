DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_id_names_idx";--> statement-breakpoint
-- One statement, so the table is rewritten once.
ALTER TABLE "users" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(name)) STORED, ADD COLUMN "display_name_lower" text GENERATED ALWAYS AS (lower(display_name)) STORED;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name_lower" gin_trgm_ops,"display_name_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_id_names_idx" ON "users" USING btree ("id","name_lower","display_name_lower");
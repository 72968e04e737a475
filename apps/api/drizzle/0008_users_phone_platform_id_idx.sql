CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_platform_id_idx" ON "users" USING btree ("platform_id");
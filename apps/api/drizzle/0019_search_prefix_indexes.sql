CREATE INDEX "users_name_prefix_idx" ON "users" USING btree ("name_lower" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_display_name_prefix_idx" ON "users" USING btree ("display_name_lower" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);
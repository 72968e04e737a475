ALTER TABLE "users" ADD COLUMN "ui_theme" text DEFAULT 'light' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ui_theme" CHECK ("users"."ui_theme" in ('light', 'dark'));
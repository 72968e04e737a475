CREATE TABLE "business_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_settings_one_row" CHECK ("business_settings"."id" = 1)
);
--> statement-breakpoint
-- A database with data keeps UTC, the zone its past runs used, until an operator changes it; a new one starts in
-- Hong Kong time.
INSERT INTO "business_settings" ("id", "time_zone")
  SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM "users") THEN 'UTC' ELSE 'Asia/Hong_Kong' END;--> statement-breakpoint
DROP INDEX "bonus_payouts_once_idx";--> statement-breakpoint
ALTER TABLE "bonus_payouts" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
-- Runs before this migration settled UTC days and months.
ALTER TABLE "bonus_settlement_runs" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_settlement_runs" ALTER COLUMN "time_zone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bonus_settlement_runs" ADD COLUMN "rules" jsonb;--> statement-breakpoint
ALTER TABLE "bonus_settlement_runs" ADD COLUMN "digest" text;--> statement-breakpoint
ALTER TABLE "bonus_settlement_runs" ADD COLUMN "review" jsonb;--> statement-breakpoint
ALTER TABLE "bonus_settlement_runs" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "bonus_settlement_runs" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_settlement_runs" ADD COLUMN "rejected_by" integer;--> statement-breakpoint
ALTER TABLE "bonus_settlement_runs" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_settlement_runs" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "commission_status" text DEFAULT 'pay' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "commission_reason" text;--> statement-breakpoint
ALTER TABLE "bonus_settlement_runs" ADD CONSTRAINT "bonus_settlement_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_settlement_runs" ADD CONSTRAINT "bonus_settlement_runs_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_payouts_order_once_idx" ON "bonus_payouts" USING btree ("user_id","type_key","order_id") WHERE "bonus_payouts"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_payouts_period_once_idx" ON "bonus_payouts" USING btree ("user_id","type_key","period") WHERE "bonus_payouts"."order_id" is null;
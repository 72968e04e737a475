CREATE TABLE "bonus_dry_run_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type_key" smallint NOT NULL,
	"period" text NOT NULL,
	"order_id" integer,
	"base_sp" bigint DEFAULT 0 NOT NULL,
	"cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bonus_dry_run_payouts_run_idx" ON "bonus_dry_run_payouts" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "bonus_payouts_run_idx" ON "bonus_payouts" USING btree ("run_id","id") WHERE "bonus_payouts"."run_id" is not null;
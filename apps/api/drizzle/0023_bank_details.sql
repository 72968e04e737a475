ALTER TABLE "users" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_code" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "bank_country" text;
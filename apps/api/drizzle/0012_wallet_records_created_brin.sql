DROP INDEX "wallet_records_created_idx";--> statement-breakpoint
CREATE INDEX "wallet_records_created_brin_idx" ON "wallet_records" USING brin ("created_at") WITH (autosummarize=true);
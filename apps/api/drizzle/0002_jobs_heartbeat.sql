ALTER TABLE "import_locks" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "import_locks" CASCADE;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "committed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "instance_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lock_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_live_lock_key_idx" ON "jobs" USING btree ("lock_key") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_live_idx" ON "jobs" USING btree ("updated_at") WHERE "jobs"."status" in ('queued', 'running');
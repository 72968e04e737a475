CREATE TABLE "shared_passes" (
	"name" text PRIMARY KEY NOT NULL,
	"held_by" text,
	"lease_until" timestamp with time zone,
	"finished_at" timestamp with time zone
);

CREATE TABLE "member_tallies" (
	"is_admin" boolean NOT NULL,
	"level_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"month" date NOT NULL,
	"accounts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_tallies_is_admin_level_id_status_month_pk" PRIMARY KEY("is_admin","level_id","status","month")
);
--> statement-breakpoint
CREATE TABLE "downline_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sponsor_count" integer DEFAULT 0 NOT NULL,
	"iblommer_count" integer DEFAULT 0 NOT NULL
);

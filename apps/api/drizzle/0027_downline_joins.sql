CREATE TABLE "downline_joins" (
	"user_id" integer NOT NULL,
	"month" date NOT NULL,
	"joined" integer NOT NULL,
	CONSTRAINT "downline_joins_user_id_month_pk" PRIMARY KEY("user_id","month")
);

CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE SEQUENCE "public"."user_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."provider_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_menu" boolean DEFAULT false NOT NULL,
	"method" text DEFAULT '*' NOT NULL,
	"path" text NOT NULL,
	"icon" text,
	"classification" text,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "cred_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ref" text NOT NULL,
	"creds" integer NOT NULL,
	"ctype" text NOT NULL,
	"entry" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "level_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_zh_hk" text NOT NULL,
	"name_zh_cn" text NOT NULL,
	"invitation_ratio_bp" integer DEFAULT 0 NOT NULL,
	"second_gen_ratio_bp" integer DEFAULT 0 NOT NULL,
	"third_gen_ratio_bp" integer DEFAULT 0 NOT NULL,
	"share_cap" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"free_number" integer DEFAULT 0 NOT NULL,
	"professional_number" integer DEFAULT 0 NOT NULL,
	"expert_number" integer DEFAULT 0 NOT NULL,
	"foundation_number" integer DEFAULT 0 NOT NULL,
	"love_number" integer DEFAULT 0 NOT NULL,
	"work_wealth_number" integer DEFAULT 0 NOT NULL,
	"essential_life_number" integer DEFAULT 0 NOT NULL,
	"remark" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_no" text DEFAULT 'M' || nextval('user_no_seq')::text NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"email" text,
	"phone" text,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_super" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"avatar" text,
	"level_id" integer DEFAULT 1 NOT NULL,
	"parent_user_id" integer,
	"tree_depth" integer DEFAULT 0 NOT NULL,
	"tree_path" text DEFAULT '/' NOT NULL,
	"iblommer_parent_user_id" integer,
	"iblommer_depth" integer DEFAULT 0 NOT NULL,
	"iblommer_path" text DEFAULT '/' NOT NULL,
	"iblommer_joined_at" timestamp with time zone,
	"platform_id" text,
	"identity" text,
	"is_wec" boolean DEFAULT false NOT NULL,
	"bank_account_name" text,
	"bank_country" text,
	"bank_account_no" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_no_unique" UNIQUE("user_no")
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_no" text DEFAULT 'P' || nextval('provider_no_seq')::text NOT NULL,
	"name" text NOT NULL,
	"proportion_bp" integer NOT NULL,
	"phone" text,
	"email" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"referrer_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "providers_provider_no_unique" UNIQUE("provider_no")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"provider_id" integer,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"sales_points" integer DEFAULT 0 NOT NULL,
	"source_type" smallint NOT NULL,
	"grants_level_id" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text DEFAULT 'SO' || nextval('order_no_seq')::text NOT NULL,
	"platform_order_no" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"subtype" text DEFAULT 'normal_order' NOT NULL,
	"source_type" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"referer_user_id" integer,
	"product_id" integer,
	"product_name" text NOT NULL,
	"provider_id" integer,
	"amount_cents" bigint NOT NULL,
	"sales_point" integer DEFAULT 0 NOT NULL,
	"platform_profit_cents" bigint DEFAULT 0 NOT NULL,
	"platform_rebate_cents" bigint DEFAULT 0 NOT NULL,
	"supplier_rebate_cents" bigint DEFAULT 0 NOT NULL,
	"platform_order_no_origin" text,
	"refund_no" text,
	"refunded_at" timestamp with time zone,
	"order_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_platform_order_no_unique" UNIQUE("platform_order_no")
);
--> statement-breakpoint
CREATE TABLE "order_totals_scopes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tree" text NOT NULL,
	"ancestor_id" integer NOT NULL,
	CONSTRAINT "order_totals_scopes_key" UNIQUE("tree","ancestor_id")
);
--> statement-breakpoint
CREATE TABLE "order_totals_daily" (
	"scope_id" integer,
	"day" date,
	"provider_id" integer,
	"product_id" integer,
	"source_type" smallint NOT NULL,
	"subtype" text NOT NULL,
	"status" smallint NOT NULL,
	"order_count" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"sales_point" bigint NOT NULL,
	CONSTRAINT "order_totals_daily_key" UNIQUE NULLS NOT DISTINCT("scope_id","day","provider_id","product_id","source_type","subtype","status")
) PARTITION BY LIST ("scope_id");
--> statement-breakpoint
-- Written by hand (drizzle-kit has no partitions): the rollup of every order apart from the scopes' rows,
-- so that its scans do not grow with the number of scopes (orders.schema.ts).
CREATE TABLE "order_totals_all" PARTITION OF "order_totals_daily" FOR VALUES IN (NULL);
--> statement-breakpoint
CREATE TABLE "order_totals_scoped" PARTITION OF "order_totals_daily" DEFAULT;
--> statement-breakpoint
CREATE TABLE "import_locks" (
	"kind" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"actor_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_amount_positive" CHECK ("transfers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wallet_record_no" text GENERATED ALWAYS AS ('WR' || lpad(id::text, 10, '0')) STORED NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"action" smallint NOT NULL,
	"status" smallint NOT NULL,
	"kind" text NOT NULL,
	"bonus_type" smallint,
	"reference_type" text,
	"reference_id" text,
	"month" text NOT NULL,
	"day" date NOT NULL,
	"remark" text,
	"available_delta_cents" bigint NOT NULL,
	"frozen_delta_cents" bigint NOT NULL,
	"available_after_cents" bigint NOT NULL,
	"frozen_after_cents" bigint NOT NULL,
	"to_balance_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_records_amount_positive" CHECK ("wallet_records"."amount_cents" > 0),
	CONSTRAINT "wallet_records_action" CHECK ("wallet_records"."action" in (1, 2)),
	CONSTRAINT "wallet_records_status" CHECK ("wallet_records"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"available_cents" bigint DEFAULT 0 NOT NULL,
	"frozen_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_available_non_negative" CHECK ("wallets"."available_cents" >= 0),
	CONSTRAINT "wallets_frozen_non_negative" CHECK ("wallets"."frozen_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "content_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"audience_level_ids" integer[] DEFAULT '{}' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_reads" (
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reads_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"bank_card_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"remark" text,
	"reason" text,
	"handled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"proof_type" text,
	"proof" "bytea",
	"created_by" integer,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharges_amount_positive" CHECK ("recharges"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "bonus_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer,
	"user_id" integer NOT NULL,
	"type_key" smallint NOT NULL,
	"period" text NOT NULL,
	"day" date NOT NULL,
	"order_id" integer,
	"base_sp" bigint DEFAULT 0 NOT NULL,
	"ratio_bp" integer,
	"cents" bigint NOT NULL,
	"shares" integer,
	"total_shares" integer,
	"pool_cents" bigint,
	"wallet_record_id" bigint,
	"reversed_at" timestamp with time zone,
	"reversal_record_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_settlement_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"type_key" smallint,
	"dry_run" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"started_by" integer,
	"payout_count" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"totals" jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bonus_types" (
	"key" smallint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh_hk" text NOT NULL,
	"name_zh_cn" text NOT NULL,
	"params" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_number_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_number_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "qualified_cps" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wec_assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "wec_assessments_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cred_logs" ADD CONSTRAINT "cred_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_history" ADD CONSTRAINT "level_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_history" ADD CONSTRAINT "level_history_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_packages" ADD CONSTRAINT "report_packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_grants_level_id_levels_id_fk" FOREIGN KEY ("grants_level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_referer_user_id_users_id_fk" FOREIGN KEY ("referer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_records" ADD CONSTRAINT "wallet_records_user_id_wallets_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."wallets"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_attachments" ADD CONSTRAINT "content_attachments_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_attachments" ADD CONSTRAINT "content_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reads" ADD CONSTRAINT "content_reads_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reads" ADD CONSTRAINT "content_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_settlement_runs" ADD CONSTRAINT "bonus_settlement_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualified_cps" ADD CONSTRAINT "qualified_cps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wec_assessments" ADD CONSTRAINT "wec_assessments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "cred_logs_user_idx" ON "cred_logs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "level_history_user_idx" ON "level_history" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "report_packages_user_idx" ON "report_packages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "users_name_lower_idx" ON "users" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_user_id");--> statement-breakpoint
CREATE INDEX "users_tree_path_idx" ON "users" USING btree ("tree_path" text_pattern_ops,"tree_depth","id");--> statement-breakpoint
CREATE INDEX "users_iblommer_parent_idx" ON "users" USING btree ("iblommer_parent_user_id");--> statement-breakpoint
CREATE INDEX "users_iblommer_path_idx" ON "users" USING btree ("iblommer_path" text_pattern_ops,"iblommer_depth","id");--> statement-breakpoint
CREATE INDEX "users_tree_depth_path_idx" ON "users" USING btree ("tree_depth","tree_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_iblommer_depth_path_idx" ON "users" USING btree ("iblommer_depth","iblommer_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops,"display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_entity_idx" ON "audit_logs" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_idx" ON "audit_logs" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "providers_referrer_idx" ON "providers" USING btree ("referrer_user_id");--> statement-breakpoint
CREATE INDEX "providers_name_lower_idx" ON "providers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "products_provider_idx" ON "products" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "products_tags_idx" ON "products" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "products_name_lower_idx" ON "products" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "orders_user_completed_idx" ON "orders" USING btree ("user_id","completed_at","amount_cents","sales_point","provider_id","product_id","source_type","subtype","status","id");--> statement-breakpoint
CREATE INDEX "orders_referer_idx" ON "orders" USING btree ("referer_user_id","id");--> statement-breakpoint
CREATE INDEX "orders_provider_completed_idx" ON "orders" USING btree ("provider_id","completed_at");--> statement-breakpoint
CREATE INDEX "orders_product_idx" ON "orders" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_completed_idx" ON "orders" USING btree ("completed_at","id");--> statement-breakpoint
CREATE INDEX "orders_amount_idx" ON "orders" USING btree ("amount_cents","id","product_id","provider_id","source_type");--> statement-breakpoint
CREATE INDEX "orders_sales_point_idx" ON "orders" USING btree ("sales_point","id","product_id","provider_id","source_type");--> statement-breakpoint
CREATE INDEX "orders_subtype_idx" ON "orders" USING btree ("subtype","completed_at");--> statement-breakpoint
CREATE INDEX "orders_source_type_idx" ON "orders" USING btree ("source_type","completed_at");--> statement-breakpoint
CREATE INDEX "orders_subtype_source_amount_idx" ON "orders" USING btree ("subtype","source_type","amount_cents","id");--> statement-breakpoint
CREATE INDEX "orders_origin_idx" ON "orders" USING btree ("platform_order_no_origin");--> statement-breakpoint
CREATE INDEX "orders_refund_no_idx" ON "orders" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "orders_order_no_pattern_idx" ON "orders" USING btree ("order_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transfers_from_idx" ON "transfers" USING btree ("from_user_id","id");--> statement-breakpoint
CREATE INDEX "transfers_to_idx" ON "transfers" USING btree ("to_user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_records_user_idx" ON "wallet_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_records_created_idx" ON "wallet_records" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_records_once_idx" ON "wallet_records" USING btree ("user_id","kind",coalesce("bonus_type", 0),"reference_type","reference_id") WHERE "wallet_records"."reference_id" is not null;--> statement-breakpoint
CREATE INDEX "content_attachments_item_idx" ON "content_attachments" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "content_items_feed_idx" ON "content_items" USING btree ("kind","published","pinned","publish_at");--> statement-breakpoint
CREATE INDEX "content_reads_user_idx" ON "content_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "recharges_user_idx" ON "recharges" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharges_status_idx" ON "recharges" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_payouts_once_idx" ON "bonus_payouts" USING btree ("user_id","type_key","period",coalesce("order_id", 0));--> statement-breakpoint
CREATE INDEX "bonus_payouts_user_day_idx" ON "bonus_payouts" USING btree ("user_id","day","type_key");--> statement-breakpoint
CREATE INDEX "bonus_payouts_period_idx" ON "bonus_payouts" USING btree ("period" text_pattern_ops,"id","order_id");--> statement-breakpoint
CREATE INDEX "bonus_payouts_cp_order_idx" ON "bonus_payouts" USING btree ("order_id") WHERE type_key in (8, 11);--> statement-breakpoint
CREATE INDEX "bonus_runs_created_idx" ON "bonus_settlement_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wec_assessments_completed_idx" ON "wec_assessments" USING btree ("completed_at");--> statement-breakpoint
CREATE TABLE "job_file_chunks" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "job_file_chunks_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"error" text,
	"result" jsonb,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_file_chunks" ADD CONSTRAINT "job_file_chunks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_totals_scopes" ADD CONSTRAINT "order_totals_scopes_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_totals_daily" ADD CONSTRAINT "order_totals_daily_scope_id_order_totals_scopes_id_fk" FOREIGN KEY ("scope_id") REFERENCES "public"."order_totals_scopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "order_export_rows" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"order_id" integer NOT NULL,
	CONSTRAINT "order_export_rows_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "order_export_rows" ADD CONSTRAINT "order_export_rows_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;
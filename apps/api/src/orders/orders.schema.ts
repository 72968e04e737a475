import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../members/members.schema';
import { jobs } from '../platform/jobs/jobs.schema';
import { products } from '../products/products.schema';
import { providers } from '../providers/providers.schema';
import type { TreeKind } from '../tree/tree-path';

export const orderNoSeq = pgSequence('order_no_seq', { startWith: 100000001 });

/**
 * Orders from the shop platform, one row per platform order (refunds are rows
 * of their own pointing at the original by platform_order_no_origin).
 * Money in cents, sales points as integers. The bonus engine reads this table.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique().default(sql`'SO' || nextval('order_no_seq')::text`),
    platformOrderNo: text('platform_order_no').notNull().unique(),
    /** 1 done; anything else not done */
    status: smallint('status').notNull().default(1),
    /** credit_order | renewal_order | normal_order */
    subtype: text('subtype').notNull().default('normal_order'),
    /** 1 membership, 2 paid course, 3 AI character profiling package */
    sourceType: smallint('source_type').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    refererUserId: integer('referer_user_id').references(() => users.id),
    productId: integer('product_id').references(() => products.id),
    productName: text('product_name').notNull(),
    providerId: integer('provider_id').references(() => providers.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    salesPoint: integer('sales_point').notNull().default(0),
    platformProfitCents: bigint('platform_profit_cents', { mode: 'number' }).notNull().default(0),
    platformRebateCents: bigint('platform_rebate_cents', { mode: 'number' }).notNull().default(0),
    supplierRebateCents: bigint('supplier_rebate_cents', { mode: 'number' }).notNull().default(0),
    platformOrderNoOrigin: text('platform_order_no_origin'),
    refundNo: text('refund_no'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    orderAt: timestamp('order_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Carries the sums, every dimension of the rollup and the id, so the totals and page of a
    // downline's orders (one probe per buyer, totals/page.ts exactTotalsAndIds), a new scope's
    // rows (totals/scopes.ts) and the orders a tree move carries between scopes are read from the
    // index alone.
    index('orders_user_completed_idx').on(
      t.userId,
      t.completedAt,
      t.amountCents,
      t.salesPoint,
      t.providerId,
      t.productId,
      t.sourceType,
      t.subtype,
      t.status,
      t.platformOrderNoOrigin,
      t.refundedAt,
      t.id,
    ),
    index('orders_referer_idx').on(t.refererUserId, t.id),
    index('orders_provider_completed_idx').on(t.providerId, t.completedAt),
    index('orders_product_idx').on(t.productId),
    // The buyer in the key: a broad name search walks this index newest first and checks each buyer
    // without reading the order (orders/totals/filters.ts).
    index('orders_completed_idx').on(t.completedAt, t.id, t.userId),
    // Sort indexes carrying the filter columns that correlate with amounts and points (product,
    // provider, source type): a page's ids come from an index-only scan that skips non-matching
    // orders without reading them (orders.queries.ts pageRows).
    index('orders_amount_idx').on(t.amountCents, t.id, t.productId, t.providerId, t.sourceType),
    index('orders_sales_point_idx').on(t.salesPoint, t.id, t.productId, t.providerId, t.sourceType),
    index('orders_subtype_idx').on(t.subtype, t.completedAt),
    index('orders_source_type_idx').on(t.sourceType, t.completedAt),
    // The broad pair subtype + source type sorted by amount: product prices correlate with the
    // source type, so walking orders_amount_idx and filtering may skip most of the table.
    index('orders_subtype_source_amount_idx').on(t.subtype, t.sourceType, t.amountCents, t.id),
    index('orders_origin_idx').on(t.platformOrderNoOrigin),
    index('orders_refund_no_idx').on(t.refundNo),
    index('orders_order_no_pattern_idx').on(sql`${t.orderNo} text_pattern_ops`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/**
 * The orders an export job writes, numbered in the file's order when it starts (orders.export.ts),
 * then read back a range of numbers at a time. Deleted when the export ends, or with its job.
 */
export const orderExportRows = pgTable(
  'order_export_rows',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    orderId: integer('order_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);

/**
 * Members whose downline's orders order_totals_daily also counts on their own (its `scope_id`):
 * downlines too large to count one member at a time. Added by the orders list on first use
 * (totals/scopes.ts) and, for the largest downlines, ahead of it (totals/scopes-ahead.ts); kept by
 * the same triggers and by tree moves (totals/rollup.ts).
 */
export const orderTotalsScopes = pgTable(
  'order_totals_scopes',
  {
    id: serial('id').primaryKey(),
    tree: text('tree').$type<TreeKind>().notNull(),
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [unique('order_totals_scopes_key').on(t.tree, t.ancestorId)],
);

/**
 * Order count and sums per UTC completion day and the list's broad dimensions, so the
 * orders list's totals over date ranges of whole days, provider, product (tags),
 * source type, subtype and state (status, refund row, refunded) read this instead of every
 * matching order. Kept by triggers on `orders` (totals/triggers.sql.ts) in the same transaction as every write of an order;
 * `day` is null for orders not completed. `scope_id` null: every order; otherwise only those
 * bought in that scope's downline (the ancestor included). Never written by the application.
 * Partitioned by `scope_id` in the migration (drizzle-kit has no partitions): `order_totals_all`
 * holds the rows of every order, `order_totals_scoped` the scopes', so the former's scans stay the
 * same size however many scopes there are.
 */
export const orderTotalsDaily = pgTable(
  'order_totals_daily',
  {
    scopeId: integer('scope_id').references(() => orderTotalsScopes.id, { onDelete: 'cascade' }),
    day: date('day'),
    providerId: integer('provider_id'),
    productId: integer('product_id'),
    sourceType: smallint('source_type').notNull(),
    subtype: text('subtype').notNull(),
    status: smallint('status').notNull(),
    /** A refund row (platform_order_no_origin set). */
    refund: boolean('refund').notNull().default(false),
    /** An original whose refund was confirmed (refunded_at set). */
    refunded: boolean('refunded').notNull().default(false),
    orderCount: bigint('order_count', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    salesPoint: bigint('sales_point', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('order_totals_daily_key')
      .on(
        t.scopeId,
        t.day,
        t.providerId,
        t.productId,
        t.sourceType,
        t.subtype,
        t.status,
        t.refund,
        t.refunded,
      )
      .nullsNotDistinct(),
  ],
);

/**
 * Done sales (done, not a refund row, not refunded: settlement's `countingOrder`) per scope and UTC hour of
 * completion: count, amount and SP of the orders bought in the scope's downline (the ancestor included), so the
 * team chart of a member with a scope sums whole hours for any business month whose edges fall on a whole UTC
 * hour (dashboard/dashboard.team.ts) instead of counting the partial days at a month's edges over the orders.
 * Kept by the same triggers and in the same statements as the scope's rows of `order_totals_daily`
 * (totals/triggers.sql.ts), filled with them when a scope is added (totals/scopes.ts); a row that nets to zero
 * stays. Never written by the application.
 */
export const scopeSalesHours = pgTable(
  'scope_sales_hours',
  {
    scopeId: integer('scope_id')
      .notNull()
      .references(() => orderTotalsScopes.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    salesCount: integer('sales_count').notNull(),
    salesCents: bigint('sales_cents', { mode: 'number' }).notNull(),
    salesSp: bigint('sales_sp', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scopeId, t.hour] })],
);

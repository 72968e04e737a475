import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The dashboards' rollup of the company's activity per quarter hour (UTC, `date_bin('15 minutes', …)`): done sales
 * (orders that count for bonuses: done, not a refund row, not refunded; by completion time) and new members (by
 * sign-up time). Kept by the triggers of `activity.sql.ts` in each writer's transaction. Every time zone's offset is
 * a whole number of quarter hours, so the business days and months of any zone are sums of whole buckets
 * (docs/product/dashboard.md).
 */
export const activityQuarterHours = pgTable('activity_quarter_hours', {
  bucket: timestamp('bucket', { withTimezone: true }).primaryKey(),
  salesCount: integer('sales_count').notNull().default(0),
  salesCents: bigint('sales_cents', { mode: 'number' }).notNull().default(0),
  salesSp: bigint('sales_sp', { mode: 'number' }).notNull().default(0),
  newMembers: integer('new_members').notNull().default(0),
});

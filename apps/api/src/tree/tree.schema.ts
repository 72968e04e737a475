import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * Each member's whole downline in both trees (itself excluded), kept exact by the `users` triggers of
 * migration 0007 in the transaction that inserts, moves or deletes members (docs/product/tree.md). A member
 * without a row has nobody below it in either tree.
 */
export const downlineCounts = pgTable('downline_counts', {
  userId: integer('user_id').primaryKey(),
  sponsorCount: integer('sponsor_count').notNull().default(0),
  iblommerCount: integer('iblommer_count').notNull().default(0),
});

/**
 * How many of each member's sponsor downline (itself excluded) signed up in each UTC month (`month`, its first
 * day), kept exact by the `users` triggers of downline-joins.sql.ts in the transaction that inserts, moves or
 * deletes members. The member dashboard's downline growth reads it instead of counting a downline of up to a
 * million members (dashboard/downline-growth.ts).
 */
export const downlineJoins = pgTable(
  'downline_joins',
  {
    userId: integer('user_id').notNull(),
    month: date('month').notNull(),
    joined: integer('joined').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

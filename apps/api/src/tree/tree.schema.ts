import { integer, pgTable } from 'drizzle-orm/pg-core';

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

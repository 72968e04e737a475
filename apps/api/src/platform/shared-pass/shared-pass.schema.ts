import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Periodic passes shared by every process of one database (shared-pass.ts): who holds each now and until when,
 * and when it last finished, so a start or another host runs a pass only when it is due.
 */
export const sharedPasses = pgTable('shared_passes', {
  name: text('name').primaryKey(),
  heldBy: text('held_by'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

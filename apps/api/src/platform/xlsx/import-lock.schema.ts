import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per import kind while an import of that kind runs (the lock). */
export const importLocks = pgTable('import_locks', {
  kind: text('kind').primaryKey(),
  actorId: integer('actor_id'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

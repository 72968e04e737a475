import { randomUUID } from 'node:crypto';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per import kind while an import of that kind runs (the lock). */
export const importLocks = pgTable('import_locks', {
  kind: text('kind').primaryKey(),
  /** Owner of the lock: only the import that took it releases it (a stale lock may be taken over). */
  token: text('token')
    .notNull()
    .$defaultFn(() => randomUUID()),
  actorId: integer('actor_id'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

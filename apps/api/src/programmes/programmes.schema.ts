import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.schema';

/**
 * WEC (WEP) assessment (docs/product/programmes.md): joined, then a 60-day period from pressing Start;
 * completed when every condition was met within it.
 */
export const wecAssessments = pgTable(
  'wec_assessments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('wec_assessments_completed_idx').on(t.completedAt)],
);

/** Members marked Qualified CP (channel partner); their channel orders earn types 8 and 11. */
export const qualifiedCps = pgTable('qualified_cps', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Key Number Category (/rk/rk). */
export const keyNumberCategories = pgTable('key_number_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

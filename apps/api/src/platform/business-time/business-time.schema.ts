import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The company's settings that define its business days (one row, id 1): the IANA time zone whose days and months
 * are the bonus periods, date filters, reports and dashboard figures (platform/business-time/). A new database
 * starts in Asia/Hong_Kong; one upgraded with data keeps UTC, the zone its past runs used, until an operator
 * changes it (BUSINESS_TIME_ZONE at start).
 */
export const businessSettings = pgTable(
  'business_settings',
  {
    id: smallint('id').primaryKey().default(1),
    timeZone: text('time_zone').notNull(),
    /** The administrator who last changed it (null: a migration or a start-up setting). */
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('business_settings_one_row', sql`${t.id} = 1`)],
);

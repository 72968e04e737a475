import { sql } from 'drizzle-orm';
import { index, integer, pgSequence, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.schema';

export const providerNoSeq = pgSequence('provider_no_seq', { startWith: 10001 });

/** Channel partners (suppliers). proportion = rebate ratio in percent × 100 (0–10000). */
export const providers = pgTable(
  'providers',
  {
    id: serial('id').primaryKey(),
    providerNo: text('provider_no').notNull().unique().default(sql`'P' || nextval('provider_no_seq')::text`),
    name: text('name').notNull(),
    proportionBp: integer('proportion_bp').notNull(),
    phone: text('phone'),
    email: text('email').notNull(),
    /** 1 normal, 2 disabled */
    status: smallint('status').notNull().default(1),
    /** Member who referred the provider (channel referral bonus). */
    referrerUserId: integer('referrer_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('providers_referrer_idx').on(t.referrerUserId),
    index('providers_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);

export type ProviderRow = typeof providers.$inferSelect;

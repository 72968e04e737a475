import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { levels } from '../members/members.schema';
import { providers } from '../providers/providers.schema';

/** Sellable items. source_type 1 membership, 2 paid course, 3 AI character profiling package. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    salesPoints: integer('sales_points').notNull().default(0),
    sourceType: smallint('source_type').notNull(),
    /** For memberships: the level the purchase grants. */
    grantsLevelId: integer('grants_level_id').references(() => levels.id),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** 1 normal, 2 disabled */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_provider_idx').on(t.providerId),
    index('products_tags_idx').using('gin', t.tags),
    index('products_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);

export type ProductRow = typeof products.$inferSelect;

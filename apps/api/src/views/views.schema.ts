import type { ListKey } from '@app/contracts';
import { bigserial, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../members/members.schema';

/** A person's named filter sets of a list: the list's URL query parameters (docs/product/members.md, "Saved views and columns"). */
export const savedViews = pgTable(
  'saved_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: text('list_key').$type<ListKey>().notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('saved_views_owner_list_name_key').on(t.ownerId, t.listKey, t.name)],
);

/** The columns a person shows on a list, in the list's order; no row = every column. */
export const listColumns = pgTable(
  'list_columns',
  {
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: text('list_key').$type<ListKey>().notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.listKey] })],
);

export type SavedViewRow = typeof savedViews.$inferSelect;

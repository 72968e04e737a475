import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../members/members.schema';
import { bytea } from '../platform/db/bytea';

/** Recharges an administrator records for a member: pending, then completed (credited) or rejected. */
export const recharges = pgTable(
  'recharges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    points: integer('points').notNull().default(0),
    remark: text('remark'),
    status: smallint('status').notNull().default(1),
    /** Proof image, content-sniffed on upload; kept in the database so every API process can serve it. */
    proofType: text('proof_type'),
    proof: bytea('proof'),
    createdBy: integer('created_by'),
    handledBy: integer('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recharges_user_idx').on(t.userId, t.id),
    index('recharges_status_idx').on(t.status, t.id),
    check('recharges_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export type RechargeRow = typeof recharges.$inferSelect;

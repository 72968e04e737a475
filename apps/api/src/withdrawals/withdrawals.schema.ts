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

/** Withdrawal applications; status follows WITHDRAWAL_TRANSITIONS of contracts (docs/product/withdrawals.md). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(1),
    bankCardNumber: text('bank_card_number').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    /** The account holder and country (null on applications from before they were asked). */
    bankAccountName: text('bank_account_name'),
    bankCountry: text('bank_country'),
    remark: text('remark'),
    /** Why an administrator refused it. */
    reason: text('reason'),
    handledBy: integer('handled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export type WithdrawalRow = typeof withdrawals.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../members/members.schema';

/**
 * One wallet per user (docs/product/wallet.md). Balances change only through
 * `postEntry` in ledger.ts, in the transaction that writes the matching record;
 * the CHECKs make a negative balance impossible even for a buggy caller.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    availableCents: bigint('available_cents', { mode: 'number' }).notNull().default(0),
    frozenCents: bigint('frozen_cents', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallets_available_non_negative', sql`${t.availableCents} >= 0`),
    check('wallets_frozen_non_negative', sql`${t.frozenCents} >= 0`),
    // The member list by balance (members/by-balance.ts): wallets with money, in balance order.
    index('wallets_available_idx').on(t.availableCents, t.userId).where(sql`${t.availableCents} > 0`),
  ],
);

/** Record action (docs/product/wallet.md): 1 add, 2 reduce. */
export const RecordAction = { add: 1, reduce: 2 } as const;
/**
 * Record status (docs/product/wallet.md): 1 complete — money entered or left the wallet;
 * 0 pending — a hold that only moves money between available and frozen.
 */
export const RecordStatus = { pending: 0, complete: 1 } as const;

/**
 * The append-only ledger: every balance change is exactly one row, never
 * updated or deleted. `availableDeltaCents`/`frozenDeltaCents` say what the
 * row did to each bucket; the `*AfterCents` columns are the balances right
 * after it (a running statement).
 */
export const walletRecords = pgTable(
  'wallet_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The number shown to people: the id, so it is unique without an index or a sequence of its own. */
    walletRecordNo: text('wallet_record_no')
      .notNull()
      .generatedAlwaysAs(sql`'WR' || lpad(id::text, 10, '0')`),
    userId: integer('user_id')
      .notNull()
      .references(() => wallets.userId),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    action: smallint('action').notNull(),
    status: smallint('status').notNull(),
    kind: text('kind').notNull(),
    bonusType: smallint('bonus_type'),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    /** 'YYYY-MM' and the date the entry counts for (bonus periods; defaults to the posting date). */
    month: text('month').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    remark: text('remark'),
    availableDeltaCents: bigint('available_delta_cents', { mode: 'number' }).notNull(),
    frozenDeltaCents: bigint('frozen_delta_cents', { mode: 'number' }).notNull(),
    availableAfterCents: bigint('available_after_cents', { mode: 'number' }).notNull(),
    frozenAfterCents: bigint('frozen_after_cents', { mode: 'number' }).notNull(),
    /** When the amount reached the balance (complete records); null for holds. */
    toBalanceAt: timestamp('to_balance_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_records_user_idx').on(t.userId, t.id),
    /**
     * The admin list's date filter. BRIN, not a B-tree: records are appended, so created_at follows the table's
     * pages, and a page range's summary costs a settlement nothing per record where a B-tree entry cost ≈ 65
     * bytes of WAL and its insert (docs/performance/settlement.md).
     */
    index('wallet_records_created_brin_idx').using('brin', t.createdAt).with({ autosummarize: true }),
    /** The same user can never be paid twice for one (kind, bonus type, reference). */
    uniqueIndex('wallet_records_once_idx')
      .on(t.userId, t.kind, sql`coalesce(${t.bonusType}, 0)`, t.referenceType, t.referenceId)
      .where(sql`${t.referenceId} is not null`),
    check('wallet_records_amount_positive', sql`${t.amountCents} > 0`),
    check('wallet_records_action', sql`${t.action} in (1, 2)`),
    check('wallet_records_status', sql`${t.status} in (0, 1)`),
  ],
);

export type WalletRow = typeof wallets.$inferSelect;
export type WalletRecordRow = typeof walletRecords.$inferSelect;

/** Member-to-member transfers; both ledger records reference the transfer id. */
export const transfers = pgTable(
  'transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transfers_from_idx').on(t.fromUserId, t.id),
    index('transfers_to_idx').on(t.toUserId, t.id),
    check('transfers_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

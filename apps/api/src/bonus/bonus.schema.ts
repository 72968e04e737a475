import { type BonusColumn, BonusKey, type BonusParams } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type levels, users } from '../members/members.schema';

/** Bonus types 1–21 (docs/product/bonus.md): each a configured instance of a rule kind. */
export const bonusTypes = pgTable('bonus_types', {
  key: smallint('key').primaryKey(),
  kind: text('kind').notNull(),
  nameEn: text('name_en').notNull(),
  nameZhHk: text('name_zh_hk').notNull(),
  nameZhCn: text('name_zh_cn').notNull(),
  params: jsonb('params').$type<BonusParams>().notNull(),
  columns: jsonb('columns').$type<BonusColumn[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One settlement run (or dry run): period, scope, who started it and what it paid. */
export const bonusSettlementRuns = pgTable(
  'bonus_settlement_runs',
  {
    id: serial('id').primaryKey(),
    /** 'YYYY-MM-DD' (order-driven types of that day) or 'YYYY-MM' (every type of the month). */
    period: text('period').notNull(),
    /** null = every enabled type. */
    typeKey: smallint('type_key'),
    dryRun: boolean('dry_run').notNull().default(false),
    /**
     * awaiting_approval (a real run computed, nothing paid) | running (paying) | done | failed | rejected.
     * A dry run is running, then done or failed.
     */
    status: text('status').notNull(),
    startedBy: integer('started_by').references(() => users.id),
    payoutCount: integer('payout_count').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    /** Per type: { type_key, count, cents }. */
    totals: jsonb('totals').$type<Array<{ typeKey: number; count: number; cents: number }>>().notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A dry run's list (bonus_dry_run_payouts) was cleared by housekeeping at this time (dry-run-lists.ts). */
    listClearedAt: timestamp('list_cleared_at', { withTimezone: true }),
    /** The business time zone whose days and months the run settled (runs before it was recorded: UTC). */
    timeZone: text('time_zone').notNull(),
    /** The bonus types and level ratios in force when the run computed (null: runs before they were kept). */
    rules: jsonb('rules').$type<RunRules>(),
    /** What the computed payouts hash to (settlement/digest.ts): approval pays only when a recomputation matches. */
    digest: text('digest'),
    /** The review's figures computed with the payouts (receivers, per level, largest payouts, flags). */
    review: jsonb('review').$type<RunReviewFigures>(),
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedBy: integer('rejected_by').references(() => users.id),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
  },
  (t) => [index('bonus_runs_created_idx').on(t.createdAt)],
);

/**
 * Every bonus paid: one row per (user, type, period, source order), each with the wallet record that
 * paid it. The unique key makes re-running a settled period pay nothing more.
 *
 * No foreign keys, on purpose: a monthly run writes millions of rows and the three checks (run, user,
 * order; one trigger query each per row) make their insert 3–4× slower, taking the monthly run past its
 * 60 s target (measured again on 2026-11-26: docs/performance/settlement.md). The rows are written only by
 * payBonuses, with the ids of the run it records and of members and orders it loaded; the member is held by
 * the wallet record each payout has (wallet_records → wallets → users), and runs and orders are never deleted.
 */
/**
 * The Qualified CP payout types (8, 11) as SQL constants: a query restricted to them with exactly this list
 * (`type_key in (${CP_PAYOUT_TYPES})`) is served by the partial bonus_payouts_cp_order_idx.
 */
export const CP_PAYOUT_TYPES = `${BonusKey.cpReferral}, ${BonusKey.cpProfit}`;

export const bonusPayouts = pgTable(
  'bonus_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: integer('run_id'),
    userId: integer('user_id').notNull(),
    typeKey: smallint('type_key').notNull(),
    /** 'YYYY-MM-DD' for order-driven types, 'YYYY-MM' for monthly ones, 'once' for one-off rewards. */
    period: text('period').notNull(),
    /** The date the payout counts for in bonus-by-day/month (monthly types: the 1st of the month). */
    day: date('day', { mode: 'string' }).notNull(),
    orderId: integer('order_id'),
    baseSp: bigint('base_sp', { mode: 'number' }).notNull().default(0),
    ratioBp: integer('ratio_bp'),
    cents: bigint('cents', { mode: 'number' }).notNull(),
    shares: integer('shares'),
    totalShares: integer('total_shares'),
    poolCents: bigint('pool_cents', { mode: 'number' }),
    walletRecordId: bigint('wallet_record_id', { mode: 'number' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversalRecordId: bigint('reversal_record_id', { mode: 'number' }),
    /**
     * paid (credited: wallet_record_id) | held (the member's commission status was hold: credited once released)
     * | forfeited (the member's status was forfeit: never credited).
     */
    status: text('status').notNull().default('paid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /**
     * Each order pays a member a type once, whatever the period it was settled in (a change of the business time
     * zone moves an order to another day); monthly payouts once per (member, type, month). Both keyed by member
     * first, as a run writes them.
     */
    uniqueIndex('bonus_payouts_order_once_idx')
      .on(t.userId, t.typeKey, t.orderId)
      .where(sql`${t.orderId} is not null`),
    uniqueIndex('bonus_payouts_period_once_idx')
      .on(t.userId, t.typeKey, t.period)
      .where(sql`${t.orderId} is null`),
    index('bonus_payouts_user_day_idx').on(t.userId, t.day, t.typeKey),
    /**
     * What a period paid (settlement/paid-keys.ts): its payouts, by id, without reading other periods'. Also an
     * order's payouts (refunds): they are in the period of the order's day, found in the index alone by its
     * order_id. No index on order_id alone: payouts are written in member order, so its keys would arrive at
     * random (~12 % of a monthly run, docs/performance/settlement.md).
     */
    index('bonus_payouts_period_idx').on(sql`${t.period} text_pattern_ops`, t.id, t.orderId),
    /**
     * A run's payouts, page by page (GET /api/bonus/settlements/:id/payouts). A run writes its rows with one
     * run_id and rising ids, so the index grows at its right edge only; one-off payouts (no run) are left out.
     */
    index('bonus_payouts_run_idx').on(t.runId, t.id).where(sql`${t.runId} is not null`),
    /** The Qualified CP pages' payouts by the CP's channel orders (few: types 8 and 11 only). */
    index('bonus_payouts_cp_order_idx')
      .on(t.orderId)
      .where(sql.raw(`type_key in (${CP_PAYOUT_TYPES})`)),
  ],
);

/**
 * What a dry run would pay, every payout of it (a run's real payouts are in bonus_payouts under its run_id):
 * its list is paged and exported from here. Written only by the dry run, in its transaction; no foreign keys,
 * as bonus_payouts (runs and members are never deleted).
 */
export const bonusDryRunPayouts = pgTable(
  'bonus_dry_run_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: integer('run_id').notNull(),
    userId: integer('user_id').notNull(),
    typeKey: smallint('type_key').notNull(),
    period: text('period').notNull(),
    orderId: integer('order_id'),
    baseSp: bigint('base_sp', { mode: 'number' }).notNull().default(0),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('bonus_dry_run_payouts_run_idx').on(t.runId, t.id)],
);

/** The rules a run computed with: every bonus type (enabled or not) and every level's ratios. */
export interface RunRules {
  types: Array<{ key: number; kind: string; params: BonusParams; enabled: boolean }>;
  levels: Array<typeof levels.$inferSelect>;
}

/** Figures of a computed run for its review, kept with it (the payouts themselves are its list). */
export interface RunReviewFigures {
  receivers: number;
  byLevel: Array<{ levelId: number; receivers: number; count: number; cents: number }>;
  largest: Array<{
    userId: number;
    typeKey: number;
    period: string;
    orderId: number | null;
    baseSp: number;
    cents: number;
  }>;
}

export type BonusTypeRow = typeof bonusTypes.$inferSelect;
export type BonusPayoutRow = typeof bonusPayouts.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const userNoSeq = pgSequence('user_no_seq', { startWith: 1000001 });

/** Levels (docs/product/members.md) with their bonus settings (ratios in basis points). */
export const levels = pgTable('levels', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nameZhHk: text('name_zh_hk').notNull(),
  nameZhCn: text('name_zh_cn').notNull(),
  invitationRatioBp: integer('invitation_ratio_bp').notNull().default(0),
  secondGenRatioBp: integer('second_gen_ratio_bp').notNull().default(0),
  thirdGenRatioBp: integer('third_gen_ratio_bp').notNull().default(0),
  shareCap: integer('share_cap').notNull().default(0),
});

/**
 * Admins and members in one table. Both trees keep parent, depth and a
 * materialised path ('/1/5/23/') so descendants, counts and upline chains are
 * one indexed query each.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userNo: text('user_no').notNull().unique().default(sql`'M' || nextval('user_no_seq')::text`),
    name: text('name').notNull(),
    displayName: text('display_name'),
    // The names as `ilike` compares them (it lowers both sides in a UTF-8 database), kept by PostgreSQL: a name
    // search reads them with a plain `like`, several times cheaper per row than `ilike` (orders/totals/filters.ts).
    nameLower: text('name_lower').generatedAlwaysAs(sql`lower(name)`),
    displayNameLower: text('display_name_lower').generatedAlwaysAs(sql`lower(display_name)`),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSuper: boolean('is_super').notNull().default(false),
    /** 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    avatar: text('avatar'),
    levelId: integer('level_id')
      .notNull()
      .default(1)
      .references(() => levels.id),
    parentUserId: integer('parent_user_id'),
    treeDepth: integer('tree_depth').notNull().default(0),
    treePath: text('tree_path').notNull().default('/'),
    iblommerParentUserId: integer('iblommer_parent_user_id'),
    iblommerDepth: integer('iblommer_depth').notNull().default(0),
    iblommerPath: text('iblommer_path').notNull().default('/'),
    iblommerJoinedAt: timestamp('iblommer_joined_at', { withTimezone: true }),
    platformId: text('platform_id'),
    identity: text('identity'),
    isWec: boolean('is_wec').notNull().default(false),
    bankAccountName: text('bank_account_name'),
    bankCountry: text('bank_country'),
    bankAccountNo: text('bank_account_no'),
    bankName: text('bank_name'),
    bankCode: text('bank_code'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * pay | hold | forfeit (docs/product/bonus.md): whether the member's bonus payouts reach the wallet, are kept
     * held until the status returns to pay, or are recorded forfeited and never credited.
     */
    commissionStatus: text('commission_status').notNull().default('pay'),
    commissionReason: text('commission_reason'),
    /** The colour theme of the web app the person chose (settings drawer), on every device they sign in from. */
    uiTheme: text('ui_theme', { enum: ['light', 'dark'] })
      .notNull()
      .default('light'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_name_lower_idx').on(sql`lower(${t.name})`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_parent_idx').on(t.parentUserId),
    // A subtree is one range of these (tree/tree-path.ts pathRange); depth and id in the key make a
    // downline's ids (N levels below or deeper) an index-only scan, e.g. the orders list's buyers.
    index('users_tree_path_idx').on(sql`${t.treePath} text_pattern_ops`, t.treeDepth, t.id),
    index('users_iblommer_parent_idx').on(t.iblommerParentUserId),
    index('users_iblommer_path_idx').on(sql`${t.iblommerPath} text_pattern_ops`, t.iblommerDepth, t.id),
    // N levels below a node in (depth, path) order: one index descent per depth, stops at the node cap.
    index('users_tree_depth_path_idx').on(t.treeDepth, sql`${t.treePath} text_pattern_ops`),
    index('users_iblommer_depth_path_idx').on(t.iblommerDepth, sql`${t.iblommerPath} text_pattern_ops`),
    index('users_created_at_idx').on(t.createdAt),
    // The orders screen's phone and WordPress-id filters (equality): one index probe, not a scan of users.
    index('users_phone_idx').on(t.phone),
    index('users_platform_id_idx').on(t.platformId),
    // Name searches (`%…%` on the lowered name or display name: members/name-search.ts); needs the pg_trgm
    // extension, which the database client creates before migrating.
    index('users_name_trgm_idx').using(
      'gin',
      sql`${t.nameLower} gin_trgm_ops`,
      sql`${t.displayNameLower} gin_trgm_ops`,
    ),
    // A broad name search checks each order's buyer by id (orders/totals/filters.ts): the names beside the
    // id answer it from this small index (mostly in memory) instead of a random page of the wide users table.
    index('users_id_names_idx').on(t.id, t.nameLower, t.displayNameLower),
    // The header search (members/member-search.ts): names from their start, for keywords too short for trigrams,
    // and e-mail addresses from their start; text_pattern_ops serves `like 'x%'` whatever the database's collation.
    index('users_name_prefix_idx').on(sql`${t.nameLower} text_pattern_ops`),
    index('users_display_name_prefix_idx').on(sql`${t.displayNameLower} text_pattern_ops`),
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    check('users_ui_theme', sql`${t.uiTheme} in ('light', 'dark')`),
  ],
);

/**
 * How many accounts there are per (administrator or not, level, status, UTC month of creation), kept
 * exact by the `users` triggers of migration 0007: the dashboard's totals and the member list's
 * unfiltered total without counting `users`.
 */
export const memberTallies = pgTable(
  'member_tallies',
  {
    isAdmin: boolean('is_admin').notNull(),
    levelId: integer('level_id').notNull(),
    status: smallint('status').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    accounts: integer('accounts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.isAdmin, t.levelId, t.status, t.month] })],
);

export const levelHistory = pgTable(
  'level_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    levelId: integer('level_id')
      .notNull()
      .references(() => levels.id),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('level_history_user_idx').on(t.userId)],
);

/** AI report numbers granted to a member (docs/product/members.md); -1 free = unlimited. */
export const reportPackages = pgTable(
  'report_packages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    freeNumber: integer('free_number').notNull().default(0),
    professionalNumber: integer('professional_number').notNull().default(0),
    expertNumber: integer('expert_number').notNull().default(0),
    foundationNumber: integer('foundation_number').notNull().default(0),
    loveNumber: integer('love_number').notNull().default(0),
    workWealthNumber: integer('work_wealth_number').notNull().default(0),
    essentialLifeNumber: integer('essential_life_number').notNull().default(0),
    remark: text('remark').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_packages_user_idx').on(t.userId, t.id)],
);

/** Report credit movements of a member (docs/product/members.md): `entry` in or out. */
export const credLogs = pgTable(
  'cred_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ref: text('ref').notNull(),
    creds: integer('creds').notNull(),
    ctype: text('ctype').notNull(),
    entry: text('entry').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cred_logs_user_idx').on(t.userId, t.id)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

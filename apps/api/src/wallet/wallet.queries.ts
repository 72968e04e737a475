import {
  formatCents,
  type Locale,
  nextDay,
  type PageQuery,
  readSystemText,
  startOfDayIn,
  type WalletRecordItem,
  type WalletRecordKind,
  type WalletRecordList,
  type WalletRecordState,
  type walletRecordListQuery,
} from '@app/contracts';
import { and, desc, eq, gt, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { users } from '../members/members.schema';
import { nameOrDisplayNameContains } from '../members/name-search';
import type { DbOrTx } from '../platform/db/client';
import { pageWindow } from '../platform/db/paging';
import { RecordStatus, walletRecords } from './wallet.schema';

const holdEnd = alias(walletRecords, 'hold_end');

/**
 * A hold (pending record) ends with a release (money back to available) or a payout: the freeze shows how its hold
 * ended, the release is itself the return (docs/product/wallet.md). A single-row lookup on the ledger's unique index.
 */
const recordState = sql<WalletRecordState>`case
  when ${walletRecords.status} = ${RecordStatus.complete} then 'complete'
  when ${walletRecords.kind} = 'withdraw_release' then 'returned'
  else coalesce((
    select case ${holdEnd.kind} when 'withdraw_release' then 'returned' else 'paid' end
    from ${walletRecords} as ${holdEnd}
    where ${holdEnd.userId} = ${walletRecords.userId}
      and ${holdEnd.kind} in ('withdraw_release', 'withdraw_paid')
      and ${holdEnd.referenceType} = ${walletRecords.referenceType}
      and ${holdEnd.referenceId} = ${walletRecords.referenceId}
    limit 1), 'pending')
end`;

const recordColumns = {
  record: walletRecords,
  state: recordState,
  user: { id: users.id, name: users.name, user_no: users.userNo },
};

type RecordJoinRow = {
  record: typeof walletRecords.$inferSelect;
  state: WalletRecordState;
  user: WalletRecordItem['user'];
};

/** Kinds whose remark a person typed (a transfer's sender): shown exactly as typed, never read as a system text. */
const TYPED_REMARKS: ReadonlySet<string> = new Set<WalletRecordKind>(['transfer_in', 'transfer_out']);

/**
 * A record's remark as `locale` reads it: one the system wrote (a bonus, a release, a reversal) translated, a typed
 * one and those written before as they are (docs/product/wallet.md, "System remarks").
 */
export const recordRemark = (kind: string, remark: string | null, locale: Locale) =>
  TYPED_REMARKS.has(kind) ? remark : readSystemText(remark, locale);

const toItem =
  (locale: Locale) =>
  ({ record: r, state, user }: RecordJoinRow): WalletRecordItem => ({
    id: r.id,
    wallet_record_no: r.walletRecordNo,
    amount: formatCents(r.amountCents),
    action: r.action as 1 | 2,
    status: r.status as 0 | 1,
    state,
    kind: r.kind as WalletRecordKind,
    bonus_type: r.bonusType,
    reference_type: r.referenceType,
    reference_id: r.referenceId,
    month: r.month,
    day: r.day,
    remark: recordRemark(r.kind, r.remark, locale),
    balance_after: formatCents(r.availableAfterCents),
    frozen_after: formatCents(r.frozenAfterCents),
    to_balance_at: r.toBalanceAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    user,
  });

const selectRecords = (db: DbOrTx) =>
  db.select(recordColumns).from(walletRecords).innerJoin(users, eq(users.id, walletRecords.userId));

/** One member's records, newest first. */
export async function userRecords(db: DbOrTx, userId: number, q: PageQuery, locale: Locale) {
  const where = eq(walletRecords.userId, userId);
  const [rows, [count]] = await Promise.all([
    selectRecords(db)
      .where(where)
      .orderBy(desc(walletRecords.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    db.select({ n: sql<number>`count(*)::int` }).from(walletRecords).where(where),
  ]);
  return {
    list: rows.map(toItem(locale)),
    meta: { total: count?.n ?? 0, page: q.page, pageSize: q.pageSize },
  };
}

export type RecordFilter = z.output<typeof walletRecordListQuery>;

/** Records in `state`; a hold's end is looked up only among the records still held (status pending). */
const stateIs = (state: WalletRecordState): SQL =>
  state === 'complete'
    ? eq(walletRecords.status, RecordStatus.complete)
    : sql`(${walletRecords.status} = ${RecordStatus.pending} and ${recordState} = ${state})`;

/** The admin list's filters; start_date and end_date are days of the business time zone `zone`, end_date included. */
function filterOf(q: RecordFilter, zone: string): SQL | undefined {
  const keyword = q.keyword
    ? or(eq(users.userNo, q.keyword), nameOrDisplayNameContains(q.keyword))
    : undefined;
  return and(
    keyword,
    q.user_id ? eq(walletRecords.userId, q.user_id) : undefined,
    q.kind ? eq(walletRecords.kind, q.kind) : undefined,
    q.action ? eq(walletRecords.action, q.action) : undefined,
    q.status !== undefined ? eq(walletRecords.status, q.status) : undefined,
    q.state ? stateIs(q.state) : undefined,
    q.bonus_type ? eq(walletRecords.bonusType, q.bonus_type) : undefined,
    q.start_date ? gte(walletRecords.createdAt, startOfDayIn(q.start_date, zone)) : undefined,
    q.end_date ? lt(walletRecords.createdAt, startOfDayIn(nextDay(q.end_date), zone)) : undefined,
  );
}

/** Admin list: any filter combination, totals of all matching complete records in meta. */
export async function listRecords(
  db: DbOrTx,
  q: RecordFilter,
  zone: string,
  locale: Locale,
): Promise<WalletRecordList> {
  const where = filterOf(q, zone);
  const [rows, [totals]] = await Promise.all([
    selectRecords(db)
      .where(where)
      .orderBy(desc(walletRecords.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    db
      .select({
        n: sql<number>`count(*)::int`,
        add: sql<string>`coalesce(sum(${walletRecords.amountCents}) filter (where ${walletRecords.action} = 1 and ${walletRecords.status} = 1), 0)`,
        reduce: sql<string>`coalesce(sum(${walletRecords.amountCents}) filter (where ${walletRecords.action} = 2 and ${walletRecords.status} = 1), 0)`,
      })
      .from(walletRecords)
      .innerJoin(users, eq(users.id, walletRecords.userId))
      .where(where),
  ]);
  return {
    list: rows.map(toItem(locale)),
    meta: {
      total: totals?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
      totalAdd: formatCents(BigInt(totals?.add ?? 0)),
      totalReduce: formatCents(BigInt(totals?.reduce ?? 0)),
    },
  };
}

/** How many records match (the export job's total). */
export async function countRecords(db: DbOrTx, q: RecordFilter, zone: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(walletRecords)
    .innerJoin(users, eq(users.id, walletRecords.userId))
    .where(filterOf(q, zone));
  return row?.n ?? 0;
}

/** The same filter in keyset batches, for the export: the filter built once, each batch read on the `db` given. */
export function recordBatchFetcher(q: RecordFilter, zone: string, locale: Locale) {
  const where = filterOf(q, zone);
  return async (db: DbOrTx, afterId: number | null, limit: number) =>
    (
      await selectRecords(db)
        .where(and(where, afterId === null ? undefined : gt(walletRecords.id, afterId)))
        .orderBy(walletRecords.id)
        .limit(limit)
    ).map(toItem(locale));
}

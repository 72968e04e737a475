import {
  formatCents,
  type Paged,
  type SettlementPayoutItem,
  type SettlementRunDto,
  type SettlementStatus,
} from '@app/contracts';
import { and, asc, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { users } from '../../members/members.schema';
import { orders } from '../../orders/orders.schema';
import type { Db, DbOrTx } from '../../platform/db/client';
import { paged, pageWindow } from '../../platform/db/paging';
import type { Reader } from '../../platform/db/read-replicas';
import { notFound } from '../../platform/http/errors';
import type { XlsxJob } from '../../platform/jobs/jobs.runner';
import { type Column, keysetBatches } from '../../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../../platform/xlsx/format';
import { bonusDryRunPayouts, bonusPayouts, bonusSettlementRuns } from '../bonus.schema';
import type { Payout } from '../engine/types';
import { bonusTypeNames } from '../type-names';
import { assertListKept } from './dry-run-lists';

export type RunRow = typeof bonusSettlementRuns.$inferSelect;

/**
 * Whether a run's list is the payouts it computed (bonus_dry_run_payouts: a dry run, or a real run not approved:
 * awaiting approval or rejected) rather than those it paid (bonus_payouts by run id: approved, or from before
 * runs were approved).
 */
export const listsComputed = (run: RunRow) => run.dryRun || (run.digest !== null && run.approvedAt === null);

/** The table holding a run's list (listsComputed). */
export const listTable = (run: RunRow) => (listsComputed(run) ? bonusDryRunPayouts : bonusPayouts);

/** Members by id, as lists show them (id, name, member number). */
export async function membersById(db: DbOrTx, ids: readonly number[]) {
  const rows = ids.length
    ? await db
        .select({ id: users.id, name: users.name, user_no: users.userNo })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]))
    : [];
  return new Map(rows.map((u) => [u.id, u]));
}

export async function previewItems(db: DbOrTx, payouts: readonly Omit<Payout, 'ratioBp'>[]) {
  const byId = await membersById(
    db,
    payouts.map((p) => p.userId),
  );
  const orderIds = [...new Set(payouts.flatMap((p) => (p.orderId === null ? [] : [p.orderId])))];
  const orderNos = orderIds.length
    ? await db
        .select({ id: orders.id, orderNo: orders.orderNo })
        .from(orders)
        .where(inArray(orders.id, orderIds))
    : [];
  const orderNoOf = new Map(orderNos.map((o) => [o.id, o.orderNo]));
  return payouts.map((p) => ({
    user: byId.get(p.userId)!,
    type_key: p.typeKey,
    period: p.period,
    order_no: p.orderId === null ? null : (orderNoOf.get(p.orderId) ?? null),
    sales_point: p.baseSp,
    amount: formatCents(p.cents),
  }));
}

export async function runDtos(db: DbOrTx, runs: RunRow[]): Promise<SettlementRunDto[]> {
  const ids = [
    ...new Set(runs.flatMap((r) => [r.startedBy, r.approvedBy, r.rejectedBy]).filter((id) => id !== null)),
  ];
  const people = ids.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((u) => [u.id, u]));
  const who = (id: number | null) => (id === null ? null : (byId.get(id) ?? null));
  return runs.map((r) => ({
    id: r.id,
    period: r.period,
    type_key: r.typeKey,
    dry_run: r.dryRun,
    status: r.status as SettlementStatus,
    started_by: who(r.startedBy),
    time_zone: r.timeZone,
    approved_by: who(r.approvedBy),
    approved_at: r.approvedAt?.toISOString() ?? null,
    rejected_by: who(r.rejectedBy),
    rejected_at: r.rejectedAt?.toISOString() ?? null,
    reject_reason: r.rejectReason,
    payout_count: r.payoutCount,
    total_amount: formatCents(r.totalCents),
    totals: r.totals.map((t) => ({ type_key: t.typeKey, count: t.count, amount: formatCents(t.cents) })),
    error: r.error,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    list_cleared_at: r.listClearedAt?.toISOString() ?? null,
  }));
}

/** The runs, newest first, optionally those in one state (e.g. awaiting approval). */
export async function listRuns(db: Db, q: { page: number; pageSize: number; status?: SettlementStatus }) {
  const where = q.status ? eq(bonusSettlementRuns.status, q.status) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(bonusSettlementRuns)
    .where(where);
  const rows = await db
    .select()
    .from(bonusSettlementRuns)
    .where(where)
    .orderBy(desc(bonusSettlementRuns.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    list: await runDtos(db, rows),
    meta: { total: Number(total), page: q.page, pageSize: q.pageSize },
  };
}

/** Narrows a run's payouts: one member (by id) and/or one bonus type. */
export interface RunPayoutFilter {
  userId?: number;
  typeKey?: number;
}

/** A run's payouts matching `filter`: those it computed, or those it paid (listsComputed). */
function runPayoutsWhere(
  run: RunRow,
  filter: RunPayoutFilter,
): { table: typeof bonusPayouts | typeof bonusDryRunPayouts; where: SQL } {
  const table = listTable(run);
  const where = and(
    eq(table.runId, run.id),
    filter.userId === undefined ? undefined : eq(table.userId, filter.userId),
    filter.typeKey === undefined ? undefined : eq(table.typeKey, filter.typeKey),
  )!;
  return { table, where };
}

/** The payouts of run `id` from `afterId` on (by id): what a run computed, or what it paid. */
async function runPayoutRows(
  db: DbOrTx,
  run: RunRow,
  filter: RunPayoutFilter,
  where: { afterId?: number; offset?: number; limit: number },
) {
  const { table, where: matching } = runPayoutsWhere(run, filter);
  return db
    .select({
      id: table.id,
      userId: table.userId,
      typeKey: table.typeKey,
      period: table.period,
      orderId: table.orderId,
      baseSp: table.baseSp,
      cents: table.cents,
    })
    .from(table)
    .where(and(matching, where.afterId === undefined ? undefined : gt(table.id, where.afterId)))
    .orderBy(asc(table.id))
    .limit(where.limit)
    .offset(where.offset ?? 0);
}

export async function runOf(db: DbOrTx, id: number): Promise<RunRow> {
  const [run] = await db.select().from(bonusSettlementRuns).where(eq(bonusSettlementRuns.id, id));
  if (!run) throw notFound('bonus.runNotFound');
  return run;
}

const runPayoutCount = async (db: DbOrTx, run: RunRow, filter: RunPayoutFilter) => {
  const { table, where } = runPayoutsWhere(run, filter);
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
};

/** The list of `run` may be read: 409 'bonus.dryRunListCleared' when housekeeping cleared the computed list. */
const assertReadable = (run: RunRow) => {
  if (listsComputed(run)) assertListKept(run);
};

/**
 * One page of a run's payouts (404 'bonus.runNotFound'): every payout a dry run would pay, or every payout a
 * real run paid (a failed run's: those its committed ranges kept), in the order they were recorded. A dry run's
 * list cleared by housekeeping answers 409 'bonus.dryRunListCleared' (dry-run-lists.ts).
 */
export async function listRunPayouts(
  db: DbOrTx,
  id: number,
  q: { page: number; pageSize: number } & RunPayoutFilter,
): Promise<Paged<SettlementPayoutItem>> {
  const run = await runOf(db, id);
  assertReadable(run);
  const { limit, offset } = pageWindow(q);
  const [total, rows] = await Promise.all([
    runPayoutCount(db, run, q),
    runPayoutRows(db, run, q, { limit, offset }),
  ]);
  return paged(await payoutItems(db, rows), total, q);
}

/** Preview items with their payout ids. */
async function payoutItems(db: DbOrTx, rows: Array<Omit<Payout, 'ratioBp'> & { id: number }>) {
  const items = await previewItems(db, rows);
  return items.map((item, i) => ({ ...item, id: rows[i]!.id }));
}

/** Columns of a run's payouts spreadsheet, in the reader's language. */
async function runPayoutColumns(db: Db, reader: SheetReader): Promise<Column<SettlementPayoutItem>[]> {
  const f = sheetFormat(reader);
  const typeName = await bonusTypeNames(db, reader.locale);
  return [
    f.text('walletUi.memberId', (r: SettlementPayoutItem) => r.user.user_no),
    f.text('walletUi.member', (r: SettlementPayoutItem) => r.user.name, 24),
    f.text('bonus.type', (r: SettlementPayoutItem) => typeName(r.type_key)),
    f.text('bonus.col.period', (r: SettlementPayoutItem) => r.period),
    f.text('bonus.col.orderNo', (r: SettlementPayoutItem) => r.order_no),
    f.text('bonus.col.salesPoint', (r: SettlementPayoutItem) => r.sales_point),
    f.money('bonus.col.amount', (r: SettlementPayoutItem) => r.amount),
  ];
}

/** Every payout of a run as a spreadsheet job (404 before it starts when there is no such run, 409 when its list was cleared). */
export async function runPayoutsExportJob(
  reads: Reader,
  ownerId: number,
  id: number,
  filter: RunPayoutFilter,
  reader: SheetReader,
): Promise<XlsxJob<SettlementPayoutItem>> {
  const run = await reads((db) => runOf(db, id));
  assertReadable(run);
  return {
    kind: 'bonus.settlement.payouts.export',
    ownerId,
    params: { id, ...filter },
    fileName: `settlement-run-${run.id}-${run.period}${run.dryRun ? '-dry-run' : ''}.xlsx`,
    columns: await reads((db) => runPayoutColumns(db, reader)),
    count: () => reads((db) => runPayoutCount(db, run, filter)),
    batches: () =>
      keysetBatches((afterId, limit) =>
        reads(async (db) =>
          payoutItems(db, await runPayoutRows(db, run, filter, { afterId: afterId ?? undefined, limit })),
        ),
      ),
  };
}

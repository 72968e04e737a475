import {
  formatCents,
  type Paged,
  type PageQuery,
  type SettlementChangeItem,
  type SettlementComparison,
  type SettlementFlag,
  type SettlementFlagItem,
  type SettlementReview,
} from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../platform/db/client';
import { paged, pageWindow } from '../../platform/db/paging';
import { conflict } from '../../platform/http/errors';
import type { Column } from '../../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../../platform/xlsx/format';
import { previousPeriod } from './periods';
import { rulesInForce, sameRules } from './rules';
import { listTable, membersById, previewItems, type RunRow, runDtos, runOf } from './runs.queries';

/** Per member, what run `run` computes (or paid): user_id, n, cents. */
const runPerMember = (run: RunRow): SQL =>
  sql`select user_id, count(*)::int as n, sum(cents)::bigint as cents from ${listTable(run)}
      where run_id = ${run.id} group by user_id`;

/** The payouts recorded for a period (a month's: its days' and its own), of one type when `typeKey`. */
function inPeriod(period: string, typeKey: number | null): SQL {
  const match = period.length === 7 ? sql`period like ${`${period}%`}` : sql`period = ${period}`;
  return typeKey === null ? match : sql`${match} and type_key = ${typeKey}`;
}

/** Per member, what the period before `run`'s was paid (every status): user_id, n, cents. */
const previousPerMember = (run: RunRow): SQL =>
  sql`select user_id, count(*)::int as n, sum(cents)::bigint as cents from bonus_payouts
      where ${inPeriod(previousPeriod(run.period), run.typeKey)} group by user_id`;

/** The latest dry run of the same period and type computed before `run`, if any. */
async function latestDryRun(db: DbOrTx, run: RunRow): Promise<RunRow | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from bonus_settlement_runs
        where dry_run and status = 'done' and period = ${run.period} and id < ${run.id}
          and type_key is not distinct from ${run.typeKey}
        order by id desc limit 1`,
  );
  return row ? runOf(db, row.id) : null;
}

type TypeFigures = Map<number, { count: number; cents: number }>;

function comparison(
  against: SettlementComparison['against'],
  runId: number | null,
  period: string,
  mine: TypeFigures,
  other: TypeFigures,
): SettlementComparison {
  const keys = [...new Set([...mine.keys(), ...other.keys()])].sort((a, b) => a - b);
  const sum = (m: TypeFigures, k: 'count' | 'cents') => [...m.values()].reduce((s, f) => s + f[k], 0);
  return {
    against,
    run_id: runId,
    period,
    by_type: keys.map((key) => ({
      type_key: key,
      count: mine.get(key)?.count ?? 0,
      amount: formatCents(mine.get(key)?.cents ?? 0),
      other_count: other.get(key)?.count ?? 0,
      other_amount: formatCents(other.get(key)?.cents ?? 0),
    })),
    count: sum(mine, 'count'),
    amount: formatCents(sum(mine, 'cents')),
    other_count: sum(other, 'count'),
    other_amount: formatCents(sum(other, 'cents')),
  };
}

const totalsOf = (run: RunRow): TypeFigures =>
  new Map(run.totals.map((t) => [t.typeKey, { count: t.count, cents: t.cents }]));

/**
 * What a second administrator checks before approving run `id`: its totals per type and per level of the
 * receiver, receivers, largest payouts, flags, and the differences per type against the latest dry run of the
 * period and against the period before; whether the rules changed since it computed.
 */
export async function runReview(db: DbOrTx, id: number, multiple: number): Promise<SettlementReview> {
  const run = await runOf(db, id);
  const figures = run.review ?? { receivers: 0, byLevel: [], largest: [] };
  const dryRun = await latestDryRun(db, run);
  const previous = previousPeriod(run.period);
  const prevRows = await queryRows<{ type_key: number; n: number; cents: string }>(
    db,
    sql`select type_key, count(*)::int as n, sum(cents)::text as cents from bonus_payouts
        where ${inPeriod(previous, run.typeKey)} group by type_key`,
  );
  const prevTotals: TypeFigures = new Map(
    prevRows.map((r) => [r.type_key, { count: r.n, cents: Number(r.cents) }]),
  );
  const flagCounts = await queryRows<{ flag: SettlementFlag; n: number }>(
    db,
    sql`select flag, count(*)::int as n from (${flagged(run, multiple)}) f group by flag`,
  );
  const flagCount = (flag: SettlementFlag) => flagCounts.find((f) => f.flag === flag)?.n ?? 0;
  const rulesChanged =
    run.status === 'awaiting_approval' && run.rules !== null && !sameRules(await rulesInForce(db), run.rules);
  return {
    run: (await runDtos(db, [run]))[0]!,
    receivers: figures.receivers,
    by_level: figures.byLevel.map((l) => ({
      level_id: l.levelId,
      receivers: l.receivers,
      count: l.count,
      amount: formatCents(l.cents),
    })),
    largest: await previewItems(db, figures.largest),
    flags: {
      held: flagCount('held'),
      forfeit: flagCount('forfeit'),
      disabled: flagCount('disabled'),
      spike: flagCount('spike'),
      multiple,
    },
    dry_run: dryRun && comparison('dry_run', dryRun.id, dryRun.period, totalsOf(run), totalsOf(dryRun)),
    previous: comparison('previous', null, previous, totalsOf(run), prevTotals),
    rules_changed: rulesChanged,
  };
}

/**
 * The run's receivers to look at, one flag each (the first that applies): on hold, forfeiting, disabled, or
 * due more than `multiple` times what the period before paid them (when it paid them anything).
 */
function flagged(run: RunRow, multiple: number): SQL {
  return sql`select t.user_id, t.n, t.cents, coalesce(p.cents, 0) as previous,
        case when u.commission_status = 'hold' then 'held'
             when u.commission_status = 'forfeit' then 'forfeit'
             when u.status = 2 then 'disabled'
             when p.cents > 0 and t.cents > ${multiple} * p.cents then 'spike' end as flag
      from (${runPerMember(run)}) t
      join users u on u.id = t.user_id
      left join (${previousPerMember(run)}) p on p.user_id = t.user_id`;
}

/** A list a review ranks (flagged receivers, members whose amount changed): counted, and read a window at a time. */
interface RankedList<T> {
  count(): Promise<number>;
  window(limit: number, offset: number): Promise<T[]>;
}

/** One page of a ranked list. */
async function pageOf<T>(list: RankedList<T>, q: PageQuery): Promise<Paged<T>> {
  const { limit, offset } = pageWindow(q);
  const [total, items] = await Promise.all([list.count(), list.window(limit, offset)]);
  return paged(items, total, q);
}

/** Rows of a ranked list for a spreadsheet, EXPORT_BATCH at a time. */
async function* batchesOf<T>(list: RankedList<T>): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await list.window(EXPORT_BATCH, offset);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

const EXPORT_BATCH = 5_000;

/** The run's flagged receivers (largest amounts first), optionally of one flag. */
async function flagList(
  db: DbOrTx,
  id: number,
  flag: SettlementFlag | undefined,
  multiple: number,
): Promise<RankedList<SettlementFlagItem>> {
  const run = await runOf(db, id);
  const matching = sql`(${flagged(run, multiple)}) f where ${flag ? sql`flag = ${flag}` : sql`flag is not null`}`;
  return {
    count: async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${matching}`))[0]?.n ?? 0,
    window: async (limit, offset) => {
      const rows = await queryRows<{
        user_id: number;
        n: number;
        cents: string;
        previous: string;
        flag: SettlementFlag;
      }>(
        db,
        sql`select user_id, n, cents::text, previous::text, flag from ${matching}
            order by cents desc, user_id limit ${limit} offset ${offset}`,
      );
      const people = await membersById(
        db,
        rows.map((r) => r.user_id),
      );
      return rows.map((r) => ({
        user: people.get(r.user_id)!,
        flag: r.flag,
        count: r.n,
        amount: formatCents(Number(r.cents)),
        previous_amount: formatCents(Number(r.previous)),
      }));
    },
  };
}

/**
 * The members whose amount differs between the run and the latest dry run of its period (409 'bonus.noDryRun'
 * when there is none whose list is kept) or the period before, largest difference first.
 */
async function changeList(
  db: DbOrTx,
  id: number,
  against: 'dry_run' | 'previous',
): Promise<RankedList<SettlementChangeItem>> {
  const run = await runOf(db, id);
  let other: SQL;
  if (against === 'dry_run') {
    const dryRun = await latestDryRun(db, run);
    if (!dryRun || dryRun.listClearedAt) throw conflict('bonus.noDryRun');
    other = runPerMember(dryRun);
  } else other = previousPerMember(run);
  const changes = sql`(select coalesce(a.user_id, b.user_id) as user_id, coalesce(a.cents, 0) as amount,
        coalesce(b.cents, 0) as other, coalesce(a.cents, 0) - coalesce(b.cents, 0) as change
      from (${runPerMember(run)}) a full join (${other}) b on b.user_id = a.user_id
      where coalesce(a.cents, 0) <> coalesce(b.cents, 0)) c`;
  return {
    count: async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${changes}`))[0]?.n ?? 0,
    window: async (limit, offset) => {
      const rows = await queryRows<{ user_id: number; amount: string; other: string; change: string }>(
        db,
        sql`select user_id, amount::text, other::text, change::text from ${changes}
            order by abs(change) desc, user_id limit ${limit} offset ${offset}`,
      );
      const people = await membersById(
        db,
        rows.map((r) => r.user_id),
      );
      return rows.map((r) => ({
        user: people.get(r.user_id)!,
        amount: formatCents(Number(r.amount)),
        other_amount: formatCents(Number(r.other)),
        change: formatCents(Number(r.change)),
      }));
    },
  };
}

/** One page of the run's flagged receivers (largest amounts first), optionally of one flag. */
export const runFlags = async (
  db: DbOrTx,
  id: number,
  q: PageQuery & { flag?: SettlementFlag },
  multiple: number,
) => pageOf(await flagList(db, id, q.flag, multiple), q);

/** One page of the members whose amount changed most against the latest dry run or the previous period. */
export const runChanges = async (
  db: DbOrTx,
  id: number,
  q: PageQuery & { against: 'dry_run' | 'previous' },
) => pageOf(await changeList(db, id, q.against), q);

/** Every flagged receiver (of one flag) as a spreadsheet in the reader's language. */
export async function runFlagsSheet(
  db: DbOrTx,
  id: number,
  flag: SettlementFlag | undefined,
  multiple: number,
  reader: SheetReader,
) {
  const f = sheetFormat(reader);
  const columns: Column<SettlementFlagItem>[] = [
    f.text('walletUi.memberId', (r) => r.user.user_no),
    f.text('walletUi.member', (r) => r.user.name, 24),
    f.label('bonus.review.flag', (r) => `bonus.review.flag.${r.flag}` as const),
    f.text('bonus.review.count', (r) => r.count),
    f.money('bonus.col.amount', (r) => r.amount),
    f.money('bonus.review.previousAmount', (r) => r.previous_amount),
  ];
  return {
    fileName: `settlement-run-${id}-flags.xlsx`,
    columns,
    batches: batchesOf(await flagList(db, id, flag, multiple)),
  };
}

/** Every member whose amount changed, against the latest dry run or the previous period, as a spreadsheet. */
export async function runChangesSheet(
  db: DbOrTx,
  id: number,
  against: 'dry_run' | 'previous',
  reader: SheetReader,
) {
  const f = sheetFormat(reader);
  const columns: Column<SettlementChangeItem>[] = [
    f.text('walletUi.memberId', (r) => r.user.user_no),
    f.text('walletUi.member', (r) => r.user.name, 24),
    f.money('bonus.col.amount', (r) => r.amount),
    f.money(
      against === 'dry_run' ? 'bonus.review.dryRunAmount' : 'bonus.review.previousAmount',
      (r) => r.other_amount,
    ),
    f.money('bonus.review.change', (r) => r.change),
  ];
  return {
    fileName: `settlement-run-${id}-changes-${against}.xlsx`,
    columns,
    batches: batchesOf(await changeList(db, id, against)),
  };
}

import {
  bpToPercent,
  type ExplanationOrder,
  formatCents,
  type Locale,
  mayExplainAnyPayout,
  type Paged,
  type PageQuery,
  type PayoutExplanation,
  type PoolBreakdown,
  type SettlementRunDto,
} from '@app/contracts';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { shownName } from '../../members/member.presenter';
import { levelHistory, users } from '../../members/members.schema';
import { orders } from '../../orders/orders.schema';
import { businessTimeZone } from '../../platform/business-time/business-time';
import type { AccountCaller } from '../../platform/caller';
import type { DbOrTx } from '../../platform/db/client';
import { paged, pageWindow } from '../../platform/db/paging';
import type { Reader } from '../../platform/db/read-replicas';
import { forbidden, notFound } from '../../platform/http/errors';
import type { XlsxJob } from '../../platform/jobs/jobs.runner';
import { type SheetReader, sheetFormat } from '../../platform/xlsx/format';
import { providers } from '../../providers/providers.schema';
import { bonusTypes } from '../bonus.schema';
import { localName } from '../localized';
import { loadEngineInput, periodRange, runOf } from '../settlement';
import { orderAsItWas, refundOf } from './explain.refund';
import { type PayoutRef, type StoredPayout, storedPayout } from './explain.source';
import { countedOrders, oneOrder, type PoolTrace, tracePayout } from './explain.trace';

/**
 * The explanation of one payout (docs/product/bonus.md "Explain this payout"): admins holding EXPLAIN_PAYOUT_PERMS any
 * payout, a member only one they received (never a dry run's). 404 'bonus.payoutNotFound', 403 otherwise.
 */
export async function explainPayout(
  db: DbOrTx,
  viewer: AccountCaller,
  ref: PayoutRef,
  locale: Locale,
): Promise<PayoutExplanation> {
  const { stored, type, run, params, source, input } = await payoutInContext(db, viewer, ref);
  const trace = input ? tracePayout(input, { key: type.key, params }, stored) : oneOffTrace(params);
  const recomputed = trace.payout?.cents ?? null;
  const levelOf = (id: number) => input?.members.level(id) ?? 0;
  const orderRows = input
    ? await sourceOrders(
        db,
        trace.orders.map((o) => input.orders.id[o.index]!),
      )
    : [];
  const people = await namesOf(db, [
    stored.userId,
    ...trace.path.map((p) => p.memberId),
    ...orderRows.map((o) => o.userId),
  ]);
  const person = personOf(viewer, people, input);
  const ratioBp = trace.payout?.ratioBp ?? null;
  const shareCap =
    params.kind === 'poolShare' && input
      ? (input.levels.get(levelOf(stored.userId))?.shareCap ?? null)
      : null;
  return {
    payout: {
      id: stored.id,
      dry_run: stored.dryRun,
      type_key: stored.typeKey,
      type_name: localName(type, locale),
      period: stored.period,
      amount: formatCents(stored.cents),
      reversed: stored.reversed,
      status: stored.status,
    },
    run: run && {
      id: run.id,
      period: run.period,
      dry_run: run.dryRun,
      status: run.status as SettlementRunDto['status'],
      created_at: run.createdAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
    },
    receiver: {
      ...person(stored.userId),
      level_at_run: await levelAt(db, stored.userId, run?.createdAt ?? stored.createdAt),
    },
    orders: presentOrders(input, trace.orders, orderRows, person),
    orders_total: trace.ordersTotal,
    provider: await providerOf(db, trace.providerId),
    tree: trace.tree,
    path: trace.path.map((p) => ({
      relation: p.relation,
      generation: p.generation,
      member: person(p.memberId),
    })),
    rule: {
      kind: params.kind,
      params,
      ratio_bp: ratioBp,
      ratio: ratioBp === null ? null : bpToPercent(ratioBp),
      share_cap: shareCap,
      source,
    },
    arithmetic: trace.arithmetic,
    recomputed_amount: recomputed === null ? null : formatCents(recomputed),
    matches: recomputed === stored.cents,
    pool: trace.pool && poolOf(trace.pool),
    downline: trace.downline,
    refund: stored.reversed && stored.orderId !== null ? await refundOf(db, stored.orderId) : null,
  };
}

/**
 * The payout `ref` names, once `viewer` may see it (admins holding EXPLAIN_PAYOUT_PERMS any payout, a member only
 * one they received, never a dry run's): its stored row, type, run, the rules it is recomputed with — the run's
 * when it kept them, else today's — and the engine's input for its period (null for a one-off reward).
 */
async function payoutInContext(db: DbOrTx, viewer: AccountCaller, ref: PayoutRef) {
  const anyPayout = mayExplainAnyPayout(viewer.isAdmin, viewer.roleIds);
  if (viewer.isAdmin && !anyPayout) throw forbidden();
  const stored = await storedPayout(db, ref);
  if (!stored) throw notFound('bonus.payoutNotFound');
  if (!anyPayout && (stored.dryRun || stored.userId !== viewer.id)) throw forbidden();
  const [type] = await db.select().from(bonusTypes).where(eq(bonusTypes.key, stored.typeKey));
  if (!type) throw notFound('bonus.payoutNotFound');
  const run = stored.runId === null ? null : await runOf(db, stored.runId);
  const kept = run?.rules?.types.find((t) => t.key === stored.typeKey);
  const input = await engineInputFor(db, stored, run);
  if (run?.rules && kept) {
    const levels = new Map(run.rules.levels.map((l) => [l.id, l]));
    return {
      stored,
      type,
      run,
      params: kept.params,
      source: 'run' as const,
      input: input && { ...input, levels },
    };
  }
  return { stored, type, run, params: type.params, source: 'today' as const, input };
}

type EngineInputOf = Awaited<ReturnType<typeof engineInputFor>>;
type People = Awaited<ReturnType<typeof namesOf>>;
type SourceRef = { index: number; generation: number | null };

/** A member as the explanation shows them: named for `viewer` (masked for members), at the level the engine used. */
const personOf = (viewer: AccountCaller, people: People, input: EngineInputOf) => (id: number) => {
  const known = people.get(id);
  return {
    id,
    name: known ? shownName(viewer, id, known.name) : '',
    user_no: known?.user_no ?? '',
    level_id: input ? input.members.level(id) : (known?.level_id ?? 0),
  };
};

/** The source orders of a trace (indexes into `input.orders`) with their stored numbers and buyers. */
function presentOrders(
  input: EngineInputOf,
  list: readonly SourceRef[],
  rows: Awaited<ReturnType<typeof sourceOrders>>,
  person: ReturnType<typeof personOf>,
): ExplanationOrder[] {
  if (!input) return [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return list.map((o) => {
    const row = byId.get(input.orders.id[o.index]!)!;
    return {
      id: row.id,
      order_no: row.orderNo,
      buyer: person(row.userId),
      sales_point: input.orders.salesPoint[o.index]!,
      completed_at: row.completedAt?.toISOString() ?? '',
      generation: o.generation,
    };
  });
}

const poolOf = (p: PoolTrace): PoolBreakdown => ({
  month_sp: p.monthSp,
  pool_bp: p.poolBp,
  pool_ratio: bpToPercent(p.poolBp),
  pool_cents: p.poolCents,
  own_sp: p.ownSp,
  direct_sp: p.directSp,
  base_sp: p.baseSp,
  sp_per_share: p.spPerShare,
  share_cap: p.shareCap,
  shares: p.shares,
  total_shares: p.totalShares,
  holders: p.holders.map((h) => ({
    level_id: h.levelId,
    share_cap: h.shareCap,
    holders: h.holders,
    shares: h.shares,
  })),
  unpaid_shares: p.unpaidShares,
});

/** Every order a payout counted, each once: a monthly payout's by its receiver's downline, an order-driven one's order. */
async function allSourceOrders(db: DbOrTx, viewer: AccountCaller, ref: PayoutRef) {
  const { stored, type, params, input } = await payoutInContext(db, viewer, ref);
  if (!input) return { input, list: [] as SourceRef[] };
  if (stored.orderId !== null)
    return { input, list: tracePayout(input, { key: type.key, params }, stored).orders };
  const counted = countedOrders(input, params, stored.userId);
  const list: SourceRef[] = counted.index.map((index, k) => ({ index, generation: counted.generation[k]! }));
  return { input, list };
}

/** Presents `list` (a page of a payout's source orders) for `viewer`. */
async function orderPage(
  db: DbOrTx,
  viewer: AccountCaller,
  input: EngineInputOf,
  list: readonly SourceRef[],
): Promise<ExplanationOrder[]> {
  if (!input || list.length === 0) return [];
  const rows = await sourceOrders(
    db,
    list.map((o) => input.orders.id[o.index]!),
  );
  const people = await namesOf(
    db,
    rows.map((r) => r.userId),
  );
  return presentOrders(input, list, rows, personOf(viewer, people, input));
}

/**
 * `GET …/explanation/orders`: a page of every order the payout counted (a monthly payout's all of them, in order
 * id order; an order-driven one's its order), for the same viewers as the explanation.
 */
export async function explanationOrders(
  db: DbOrTx,
  viewer: AccountCaller,
  ref: PayoutRef,
  q: PageQuery,
): Promise<Paged<ExplanationOrder>> {
  const { input, list } = await allSourceOrders(db, viewer, ref);
  const { limit, offset } = pageWindow(q);
  return paged(await orderPage(db, viewer, input, list.slice(offset, offset + limit)), list.length, q);
}

/** Every order the payout counted as a spreadsheet job (refused before it starts as the explanation is). */
export async function explanationOrdersExportJob(
  reads: Reader,
  viewer: AccountCaller,
  ref: PayoutRef,
  reader: SheetReader,
): Promise<XlsxJob<ExplanationOrder>> {
  const { input, list } = await reads((db) => allSourceOrders(db, viewer, ref));
  const f = sheetFormat(reader);
  const name = ref.source === 'run' ? `run-${ref.runId}-payout-${ref.id}` : `${ref.source}-${ref.id}`;
  return {
    kind: 'bonus.explanation.orders.export',
    ownerId: viewer.id,
    params: ref,
    fileName: `payout-orders-${name.replace('walletRecord', 'wallet-record')}.xlsx`,
    columns: [
      f.text('bonus.col.orderNo', (o: ExplanationOrder) => o.order_no),
      f.text('walletUi.memberId', (o: ExplanationOrder) => o.buyer.user_no),
      f.text('walletUi.member', (o: ExplanationOrder) => o.buyer.name, 24),
      f.text('bonus.col.salesPoint', (o: ExplanationOrder) => o.sales_point),
      f.text('bonus.col.generation', (o: ExplanationOrder) => o.generation),
      f.time('orders.file.completed_at', (o: ExplanationOrder) => o.completed_at),
    ],
    count: async () => list.length,
    batches: async function* () {
      for (let from = 0; from < list.length; from += EXPORT_BATCH)
        yield await reads((db) => orderPage(db, viewer, input, list.slice(from, from + EXPORT_BATCH)));
    },
  };
}

const EXPORT_BATCH = 1000;

/**
 * The engine's input for the payout's period (an order-driven payout's: its order alone; a reversed one's order as
 * the run counted it, its refund ignored); none for one-offs.
 */
async function engineInputFor(db: DbOrTx, stored: StoredPayout, run: { timeZone: string } | null) {
  if (!/^\d{4}-\d{2}(-\d{2})?$/.test(stored.period)) return null;
  // The days of the zone the payout's run settled in (a one-off or an unknown run: the zone in force).
  const zone = run?.timeZone ?? (await businessTimeZone(db));
  const range = periodRange(stored.period, zone);
  const input = await loadEngineInput(db, range, { orderNumbers: false });
  if (stored.orderId === null) return input;
  const orders = stored.reversed
    ? await orderAsItWas(db, stored.orderId, range)
    : oneOrder(input.orders, stored.orderId);
  return { ...input, orders };
}

/** A one-off reward (WEC assessment): its fixed amount, paid by its programme rather than a run. */
function oneOffTrace(params: (typeof bonusTypes.$inferSelect)['params']) {
  const cents = params.kind === 'oneOff' ? params.amountCents : null;
  return {
    payout: cents === null ? undefined : { cents, ratioBp: null },
    orders: [],
    ordersTotal: 0,
    providerId: null,
    tree: null,
    path: [],
    pool: null,
    downline: null,
    arithmetic: cents === null ? [] : [{ step: 'amount' as const, formula: String(cents), result: cents }],
  };
}

async function sourceOrders(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      userId: orders.userId,
      completedAt: orders.completedAt,
    })
    .from(orders)
    .where(inArray(orders.id, ids));
}

async function namesOf(db: DbOrTx, ids: number[]) {
  const rows = await db
    .select({ id: users.id, name: users.name, user_no: users.userNo, level_id: users.levelId })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

async function providerOf(db: DbOrTx, id: number | null) {
  if (id === null) return null;
  const [row] = await db
    .select({ id: providers.id, name: providers.name })
    .from(providers)
    .where(eq(providers.id, id));
  return row ?? null;
}

/** The member's level by the level history at `at` (null when the history has no entry by then). */
async function levelAt(db: DbOrTx, userId: number, at: Date | null) {
  if (!at) return null;
  const [row] = await db
    .select({ levelId: levelHistory.levelId })
    .from(levelHistory)
    .where(and(eq(levelHistory.userId, userId), lte(levelHistory.createdAt, at)))
    .orderBy(desc(levelHistory.createdAt), desc(levelHistory.id))
    .limit(1);
  return row?.levelId ?? null;
}

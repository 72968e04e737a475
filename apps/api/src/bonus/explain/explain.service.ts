import {
  bpToPercent,
  formatCents,
  type Locale,
  mayExplainAnyPayout,
  type PayoutExplanation,
  type SettlementRunDto,
} from '@app/contracts';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { shownName } from '../../members/member.presenter';
import { levelHistory, users } from '../../members/members.schema';
import { orders } from '../../orders/orders.schema';
import { businessTimeZone } from '../../platform/business-time/business-time';
import type { DbOrTx } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/http/errors';
import type { Principal } from '../../platform/http/principal';
import { providers } from '../../providers/providers.schema';
import { bonusTypes } from '../bonus.schema';
import { localName } from '../localized';
import { loadEngineInput } from '../settlement/settlement.loader';
import { periodRange, runOf } from '../settlement/settlement.service';
import { type PayoutRef, type StoredPayout, storedPayout } from './explain.source';
import { oneOrder, tracePayout } from './explain.trace';

/**
 * The explanation of one payout (docs/bonus.md "Explain this payout"): admins holding EXPLAIN_PAYOUT_PERMS any
 * payout, a member only one they received (never a dry run's). 404 'bonus.payoutNotFound', 403 otherwise.
 */
export async function explainPayout(
  db: DbOrTx,
  viewer: Principal,
  ref: PayoutRef,
  locale: Locale,
): Promise<PayoutExplanation> {
  const anyPayout = mayExplainAnyPayout(viewer.isAdmin, viewer.roleIds);
  if (viewer.isAdmin && !anyPayout) throw forbidden();
  const stored = await storedPayout(db, ref);
  if (!stored) throw notFound('bonus.payoutNotFound');
  if (!anyPayout && (stored.dryRun || stored.userId !== viewer.id)) throw forbidden();
  const [type] = await db.select().from(bonusTypes).where(eq(bonusTypes.key, stored.typeKey));
  if (!type) throw notFound('bonus.payoutNotFound');
  const run = stored.runId === null ? null : await runOf(db, stored.runId);
  const input = await engineInputFor(db, stored);
  const trace = input
    ? tracePayout(input, { key: type.key, params: type.params }, stored)
    : oneOffTrace(type.params);
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
  const person = (id: number) => {
    const known = people.get(id);
    return {
      id,
      name: known ? shownName(viewer, id, known.name) : '',
      user_no: known?.user_no ?? '',
      level_id: input ? levelOf(id) : (known?.level_id ?? 0),
    };
  };
  const ratioBp = trace.payout?.ratioBp ?? null;
  const shareCap =
    type.params.kind === 'poolShare' && input
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
    orders: trace.orders.map((o) => {
      const row = orderRows.find((r) => r.id === input!.orders.id[o.index])!;
      return {
        id: row.id,
        order_no: row.orderNo,
        buyer: person(row.userId),
        sales_point: input!.orders.salesPoint[o.index]!,
        completed_at: row.completedAt?.toISOString() ?? '',
        generation: o.generation,
      };
    }),
    orders_total: trace.ordersTotal,
    provider: await providerOf(db, trace.providerId),
    tree: trace.tree,
    path: trace.path.map((p) => ({
      relation: p.relation,
      generation: p.generation,
      member: person(p.memberId),
    })),
    rule: {
      kind: type.params.kind,
      params: type.params,
      ratio_bp: ratioBp,
      ratio: ratioBp === null ? null : bpToPercent(ratioBp),
      share_cap: shareCap,
    },
    arithmetic: trace.arithmetic,
    recomputed_amount: recomputed === null ? null : formatCents(recomputed),
    matches: recomputed === stored.cents,
  };
}

/** The engine's input for the payout's period (an order-driven payout's: its order alone); none for one-offs. */
async function engineInputFor(db: DbOrTx, stored: StoredPayout) {
  if (!/^\d{4}-\d{2}(-\d{2})?$/.test(stored.period)) return null;
  // The days of the zone the payout's run settled in (a one-off or an unknown run: the zone in force).
  const run = stored.runId === null ? null : await runOf(db, stored.runId).catch(() => null);
  const zone = run?.timeZone ?? (await businessTimeZone(db));
  const input = await loadEngineInput(db, periodRange(stored.period, zone), { orderNumbers: false });
  return stored.orderId === null ? input : { ...input, orders: oneOrder(input.orders, stored.orderId) };
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

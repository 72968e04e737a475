import {
  type createRechargeFields,
  formatCents,
  Perm,
  type RechargeItem,
  type RechargeList,
  RechargeStatus,
  type rechargeListQuery,
} from '@app/contracts';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../members/members.schema';
import { mailAdmins, notify } from '../notifications/notify';
import { audit } from '../platform/audit/audit';
import { businessTimeZone } from '../platform/business-time/business-time';
import type { Caller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { pageWindow } from '../platform/db/paging';
import { badRequest, fieldError, notFound } from '../platform/http/errors';
import { postEntry } from '../wallet/ledger';
import { moneyListWhere } from '../wallet/money-list-filters';
import type { Proof } from './proof-upload';
import { type RechargeRow, recharges } from './recharge.schema';

export async function createRecharge(
  db: DbOrTx,
  fields: z.output<typeof createRechargeFields>,
  proof: Proof | null,
  actorId: number,
): Promise<RechargeRow> {
  const [member] = await db
    .select({ id: users.id, name: users.name, userNo: users.userNo })
    .from(users)
    .where(and(eq(users.id, fields.user_id), eq(users.isAdmin, false)));
  if (!member) throw fieldError('user_id', 'access.userNotFound');
  const [row] = await db
    .insert(recharges)
    .values({
      userId: member.id,
      amountCents: fields.amount,
      points: fields.points ?? 0,
      remark: fields.remark ?? null,
      proofType: proof?.type ?? null,
      proof: proof?.data ?? null,
      createdBy: actorId,
    })
    .returning();
  await mailAdmins(
    db,
    'recharge_waiting',
    Perm.recharge,
    'notifications.recharge_created',
    { amount_cents: fields.amount, member: `${member.name} (${member.userNo})` },
    '/recharge',
  );
  return row!;
}

/** An administrator's recharge as the API makes it: `createRecharge`, audited in the same transaction. */
export async function createRechargeAudited(
  db: DbOrTx,
  actor: Caller,
  fields: z.output<typeof createRechargeFields>,
  proof: Proof | null,
  actorId: number,
): Promise<RechargeRow> {
  const row = await createRecharge(db, fields, proof, actorId);
  await audit(db, actor, { action: 'create', entity: 'recharge', entityId: row.id, after: auditView(row) });
  return row;
}

/**
 * Completes (credits the wallet) or rejects a pending recharge, once: the conditional UPDATE lets only
 * one of any concurrent attempts through; every later one answers 'status error'.
 */
export async function settleRecharge(
  db: DbOrTx,
  id: number,
  outcome: 'complete' | 'reject',
  actorId: number,
): Promise<{ before: RechargeRow; after: RechargeRow }> {
  const [before] = await db.select().from(recharges).where(eq(recharges.id, id));
  if (!before) throw notFound();
  const [after] = await db
    .update(recharges)
    .set({
      status: outcome === 'complete' ? RechargeStatus.completed : RechargeStatus.rejected,
      handledBy: actorId,
      handledAt: sql`now()`,
    })
    .where(and(eq(recharges.id, id), eq(recharges.status, RechargeStatus.pending)))
    .returning();
  if (!after) throw badRequest('common.statusError');
  if (outcome === 'complete') {
    await postEntry(db, {
      userId: after.userId,
      amountCents: after.amountCents,
      move: 'credit',
      kind: 'recharge',
      reference: { type: 'recharge', id },
      remark: after.remark,
    });
    await notify(db, {
      userId: after.userId,
      kind: 'recharge_completed',
      params: { amount_cents: after.amountCents, recharge_id: id },
      link: '/wallet',
    });
  }
  return { before, after };
}

/** `settleRecharge` as the API makes it, audited as the outcome in the same transaction. */
export async function settleRechargeAudited(
  db: DbOrTx,
  actor: Caller,
  id: number,
  outcome: 'complete' | 'reject',
  actorId: number,
): Promise<RechargeRow> {
  const { before, after } = await settleRecharge(db, id, outcome, actorId);
  await audit(db, actor, {
    action: outcome,
    entity: 'recharge',
    entityId: after.id,
    before: auditView(before),
    after: auditView(after),
  });
  return after;
}

const listColumns = {
  r: {
    id: recharges.id,
    amountCents: recharges.amountCents,
    points: recharges.points,
    remark: recharges.remark,
    status: recharges.status,
    hasProof: sql<boolean>`${recharges.proof} is not null`,
    createdAt: recharges.createdAt,
    handledAt: recharges.handledAt,
  },
  user: { id: users.id, name: users.name, user_no: users.userNo },
};

export type RechargeFilter = z.output<typeof rechargeListQuery>;

/** The filtered recharges (docs/product/recharge.md, "Filters"). */
export async function rechargeWhere(db: DbOrTx, q: RechargeFilter): Promise<SQL | undefined> {
  return and(
    q.status ? eq(recharges.status, q.status) : undefined,
    moneyListWhere(recharges, q, await businessTimeZone(db)),
  );
}

export async function listRecharges(db: DbOrTx, q: RechargeFilter): Promise<RechargeList> {
  const where = await rechargeWhere(db, q);
  const [rows, total] = await Promise.all([
    selectRecharges(db)
      .where(where)
      .orderBy(desc(recharges.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    countRecharges(db, where),
  ]);
  return { list: rows.map(toItem), meta: { total, page: q.page, pageSize: q.pageSize } };
}

/** How many recharges `where` selects. */
export async function countRecharges(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(recharges).where(where);
  return row?.n ?? 0;
}

/** The filtered recharges newest first, `limit` of them after `beforeId` (an export's batches). */
export async function rechargesBefore(
  db: DbOrTx,
  where: SQL | undefined,
  beforeId: number | null,
  limit: number,
) {
  const rows = await selectRecharges(db)
    .where(and(where, beforeId === null ? undefined : lt(recharges.id, beforeId)))
    .orderBy(desc(recharges.id))
    .limit(limit);
  return rows.map(toItem);
}

const selectRecharges = (db: DbOrTx) =>
  db.select(listColumns).from(recharges).innerJoin(users, eq(users.id, recharges.userId));

function toItem({
  r,
  user,
}: Awaited<ReturnType<ReturnType<typeof selectRecharges>['execute']>>[number]): RechargeItem {
  return {
    id: r.id,
    amount: formatCents(r.amountCents),
    points: r.points,
    remark: r.remark,
    status: r.status as RechargeStatus,
    has_proof: r.hasProof,
    created_at: r.createdAt.toISOString(),
    handled_at: r.handledAt?.toISOString() ?? null,
    user,
  };
}

export async function rechargeProof(db: DbOrTx, id: number): Promise<Proof> {
  const [row] = await db
    .select({ type: recharges.proofType, data: recharges.proof })
    .from(recharges)
    .where(eq(recharges.id, id));
  if (!row?.type || !row.data) throw notFound();
  return { type: row.type, data: row.data };
}

/** The audit view of a recharge (without the image bytes). */
export const auditView = ({ proof, ...rest }: RechargeRow) => ({ ...rest, hasProof: proof !== null });

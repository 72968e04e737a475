import {
  type createWithdrawalBody,
  formatCents,
  Perm,
  WITHDRAWAL_TRANSITIONS,
  type WithdrawalAction,
  type WithdrawalItem,
  type WithdrawalList,
  type WithdrawalStatus,
  type withdrawalListQuery,
} from '@app/contracts';
import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../members/members.schema';
import { nameOrDisplayNameContains } from '../members/name-search';
import { mailAdmins, notify } from '../notifications/notify';
import { audit } from '../platform/audit/audit';
import { businessTimeZone } from '../platform/business-time/business-time';
import type { Caller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { pageWindow } from '../platform/db/paging';
import { badRequest, notFound } from '../platform/http/errors';
import { type LedgerMove, postEntry } from '../wallet/ledger';
import { moneyListWhere } from '../wallet/money-list-filters';
import { type WithdrawalRow, withdrawals } from './withdrawals.schema';

type CreateInput = z.output<typeof createWithdrawalBody>;
export type WithdrawalFilter = z.output<typeof withdrawalListQuery>;

/** Member applies: the amount moves available → frozen, or 'Insufficient withdrawal amount'. */
export async function applyForWithdrawal(
  db: DbOrTx,
  userId: number,
  body: CreateInput,
): Promise<WithdrawalItem> {
  const [row] = await db
    .insert(withdrawals)
    .values({
      userId,
      amountCents: body.amount,
      bankCardNumber: body.bank_card_number,
      bankCode: body.bank_code,
      bankName: body.bank_name,
      bankAccountName: body.bank_account_name ?? null,
      bankCountry: body.bank_country ?? null,
      remark: body.remark ?? null,
    })
    .returning();
  await postEntry(db, {
    userId,
    amountCents: body.amount,
    move: 'freeze',
    kind: 'withdraw_freeze',
    reference: { type: 'withdrawal', id: row!.id },
    insufficientKey: 'wallet.insufficientWithdrawal',
  });
  const applied = await viewWithdrawal(db, row!.id);
  await mailAdmins(
    db,
    'withdrawal_waiting',
    Perm.withdraw,
    'notifications.withdrawal_applied',
    { amount_cents: body.amount, member: `${applied.user.name} (${applied.user.user_no})` },
    '/withdraw',
  );
  return applied;
}

/** A member's application as the API makes it: `applyForWithdrawal`, audited in the same transaction. */
export async function applyForWithdrawalAudited(
  db: DbOrTx,
  actor: Caller,
  userId: number,
  body: CreateInput,
): Promise<WithdrawalItem> {
  const applied = await applyForWithdrawal(db, userId, body);
  await audit(db, actor, { action: 'apply', entity: 'withdrawal', entityId: applied.id, after: applied });
  return applied;
}

/** What each step does to the frozen amount. */
const MONEY: Record<
  WithdrawalAction | 'cancel',
  { move: LedgerMove; kind: 'withdraw_release' | 'withdraw_paid' } | null
> = {
  agree: null,
  refuse: { move: 'release', kind: 'withdraw_release' },
  cancel: { move: 'release', kind: 'withdraw_release' },
  failed: { move: 'release', kind: 'withdraw_release' },
  paid: { move: 'payout', kind: 'withdraw_paid' },
};

export interface StepInput {
  id: number;
  step: WithdrawalAction | 'cancel';
  /** Members may only step their own withdrawals. */
  ownerId?: number;
  actorId: number;
  reason?: string;
  remark?: string;
}

/**
 * One transition of the state machine (docs/product/withdrawals.md). The status changes with a conditional UPDATE
 * (… WHERE status = expected), so of two concurrent steps only one wins; anything not allowed from
 * the current status answers 'status error' and changes nothing.
 */
export async function stepWithdrawal(
  db: DbOrTx,
  input: StepInput,
): Promise<{ before: WithdrawalRow; after: WithdrawalRow }> {
  const { from, to } = WITHDRAWAL_TRANSITIONS[input.step];
  const mine = input.ownerId === undefined ? undefined : eq(withdrawals.userId, input.ownerId);
  const [before] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, input.id), mine));
  if (!before) throw notFound();
  const [after] = await db
    .update(withdrawals)
    .set({
      status: to,
      handledBy: input.actorId,
      updatedAt: sql`now()`,
      ...(input.reason ? { reason: input.reason } : {}),
      ...(input.remark ? { remark: input.remark } : {}),
    })
    .where(and(eq(withdrawals.id, input.id), eq(withdrawals.status, from)))
    .returning();
  if (!after) throw badRequest('common.statusError');
  const money = MONEY[input.step];
  if (money)
    await postEntry(db, {
      userId: after.userId,
      amountCents: after.amountCents,
      move: money.move,
      kind: money.kind,
      reference: { type: 'withdrawal', id: after.id },
      remark: input.reason ?? null,
    });
  // The member hears of every step but their own cancellation (docs/product/notifications.md).
  if (input.step !== 'cancel')
    await notify(db, {
      userId: after.userId,
      kind: 'withdrawal_status',
      params: {
        status: after.status,
        amount_cents: after.amountCents,
        reason: after.reason ?? '',
        withdrawal_id: after.id,
      },
      link: '/wallet',
    });
  return { before, after };
}

/** One step of an application, audited as that step by `actor`; answers the application as it now is. */
export async function stepWithdrawalAudited(
  db: DbOrTx,
  actor: Caller,
  input: StepInput,
): Promise<WithdrawalItem> {
  const { before, after } = await stepWithdrawal(db, input);
  await audit(db, actor, { action: input.step, entity: 'withdrawal', entityId: input.id, before, after });
  return viewWithdrawal(db, input.id);
}

const selectWithdrawals = (db: DbOrTx) =>
  db
    .select({ w: withdrawals, user: { id: users.id, name: users.name, user_no: users.userNo } })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId));

function toItem({ w, user }: { w: WithdrawalRow; user: WithdrawalItem['user'] }): WithdrawalItem {
  return {
    id: w.id,
    amount: formatCents(w.amountCents),
    status: w.status as WithdrawalStatus,
    bank_card_number: w.bankCardNumber,
    bank_code: w.bankCode,
    bank_name: w.bankName,
    bank_account_name: w.bankAccountName,
    bank_country: w.bankCountry,
    remark: w.remark,
    reason: w.reason,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
    user,
  };
}

export async function viewWithdrawal(db: DbOrTx, id: number): Promise<WithdrawalItem> {
  const [row] = await selectWithdrawals(db).where(eq(withdrawals.id, id));
  if (!row) throw notFound();
  return toItem(row);
}

/** The filtered applications (docs/product/withdrawals.md, "Filters"); `userId` limits them to one member's own. */
export async function withdrawalWhere(
  db: DbOrTx,
  q: WithdrawalFilter,
  userId?: number,
): Promise<SQL | undefined> {
  const keyword = q.keyword
    ? or(eq(users.userNo, q.keyword), nameOrDisplayNameContains(q.keyword))
    : undefined;
  return and(
    userId === undefined ? undefined : eq(withdrawals.userId, userId),
    q.status ? eq(withdrawals.status, q.status) : undefined,
    keyword,
    moneyListWhere(withdrawals, q, await businessTimeZone(db)),
  );
}

/** Newest first; `userId` limits it to one member's own applications. */
export async function listWithdrawals(
  db: DbOrTx,
  q: WithdrawalFilter,
  userId?: number,
): Promise<WithdrawalList> {
  const where = await withdrawalWhere(db, q, userId);
  const [rows, total] = await Promise.all([
    selectWithdrawals(db)
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    countWithdrawals(db, where),
  ]);
  return { list: rows.map(toItem), meta: { total, page: q.page, pageSize: q.pageSize } };
}

/** How many applications `where` selects. */
export async function countWithdrawals(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where);
  return row?.n ?? 0;
}

/** The filtered applications newest first, `limit` of them after `beforeId` (an export's batches). */
export async function withdrawalsBefore(
  db: DbOrTx,
  where: SQL | undefined,
  beforeId: number | null,
  limit: number,
) {
  const rows = await selectWithdrawals(db)
    .where(and(where, beforeId === null ? undefined : lt(withdrawals.id, beforeId)))
    .orderBy(desc(withdrawals.id))
    .limit(limit);
  return rows.map(toItem);
}

import {
  formatCents,
  maskName,
  type PageQuery,
  ResultCode,
  type TransferItem,
  type TransferRecipient,
} from '@app/contracts';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { memberRef, shownName } from '../members/member.presenter';
import { users } from '../members/members.schema';
import { notify } from '../notifications/notify';
import { audit } from '../platform/audit/audit';
import type { AccountCaller, Caller } from '../platform/caller';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { pageWindow } from '../platform/db/paging';
import { AppError, fieldError } from '../platform/http/errors';
import { assertPositiveCents } from './ledger';
import { transfers } from './wallet.schema';

export interface TransferInput {
  fromUserId: number;
  toUserNo: string;
  amountCents: number;
  remark?: string | null;
}

/** An active member (not an administrator) with this member id, as typed (trimmed, any case). */
const recipientCondition = (userNo: string) =>
  and(eq(users.userNo, userNo.trim().toUpperCase()), eq(users.isAdmin, false), eq(users.status, 1));

/**
 * Who a transfer to `userNo` would reach, refused exactly as `sendTransfer` refuses it (unknown member,
 * oneself); the name is masked, as members see other members.
 */
export async function findRecipient(
  db: DbOrTx,
  sender: AccountCaller,
  userNo: string,
): Promise<TransferRecipient> {
  const [found] = await db
    .select({ id: users.id, name: users.name, userNo: users.userNo })
    .from(users)
    .where(recipientCondition(userNo));
  if (!found) throw fieldError('user_no', 'access.userNotFound');
  if (found.id === sender.id) throw fieldError('user_no', 'wallet.notToSelf');
  return { user_no: found.userNo, name: shownName(sender, found.id, found.name) };
}

const REFUSALS = {
  not_found: () => fieldError('user_no', 'access.userNotFound'),
  self: () => fieldError('user_no', 'wallet.notToSelf'),
  insufficient: () => new AppError(ResultCode.BAD_REQUEST, 'wallet.insufficientBalance'),
} as const;

/**
 * Moves money from one member to another by member id (user_no): the transfer row and both ledger
 * records in one statement (the SQL function wallet_transfer, apps/api/drizzle/0001_functions_and_triggers.sql), so in its own transaction or in the caller's.
 */
export async function sendTransfer(db: DbOrTx, input: TransferInput): Promise<{ id: number }> {
  assertPositiveCents(input.amountCents);
  const recipient = sql`(select ${users.id} from ${users} where ${recipientCondition(input.toUserNo)})`;
  const [row] = await queryRows<{ transfer_id: string | null; outcome: keyof typeof REFUSALS | 'ok' }>(
    db,
    sql`select * from wallet_transfer(${input.fromUserId}::int, ${recipient}, ${input.amountCents}::bigint,
      ${input.remark ?? null}::text)`,
  );
  if (row?.outcome !== 'ok') throw REFUSALS[row?.outcome ?? 'not_found']();
  const id = Number(row.transfer_id);
  await notifyRecipient(db, id);
  return { id };
}

/** The recipient hears who sent how much, the sender's name masked as members see each other. */
async function notifyRecipient(db: DbOrTx, transferId: number): Promise<void> {
  const [t] = await db
    .select({ to: transfers.toUserId, cents: transfers.amountCents, name: users.name, userNo: users.userNo })
    .from(transfers)
    .innerJoin(users, eq(users.id, transfers.fromUserId))
    .where(eq(transfers.id, transferId));
  if (!t) return;
  await notify(db, {
    userId: t.to,
    kind: 'transfer_received',
    params: { amount_cents: t.cents, from: `${maskName(t.name)} (${t.userNo})`, transfer_id: transferId },
    link: '/transfer',
  });
}

/**
 * A member's transfer as the API makes it: `sendTransfer`, then its audit row (who sent how much to whom,
 * with the sender's remark) in the same transaction.
 */
export async function sendTransferAudited(
  db: DbOrTx,
  actor: Caller,
  input: TransferInput,
): Promise<{ id: number }> {
  const sent = await sendTransfer(db, input);
  const [row] = await db.select().from(transfers).where(eq(transfers.id, sent.id));
  await audit(db, actor, { action: 'transfer', entity: 'wallet_transfer', entityId: sent.id, after: row });
  return sent;
}

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');

/** The transfer list's filter: a member's received (`in`) or sent (`out`) ones. */
export interface TransferFilters {
  direction?: TransferItem['direction'];
}

/**
 * The transfers the viewer may read: a member's own (sent and received, or only those of `direction`), or all for
 * admins (each read as sent, so `direction` does not narrow their list).
 */
function visibleTransfers(viewer: AccountCaller, { direction }: TransferFilters = {}) {
  if (viewer.isAdmin) return undefined;
  if (direction === 'in') return eq(transfers.toUserId, viewer.id);
  if (direction === 'out') return eq(transfers.fromUserId, viewer.id);
  return or(eq(transfers.fromUserId, viewer.id), eq(transfers.toUserId, viewer.id));
}

const ref = (u: typeof fromUser | typeof toUser) => ({ id: u.id, name: u.name, user_no: u.userNo });
const selectTransfers = (db: DbOrTx) =>
  db
    .select({ t: transfers, from: ref(fromUser), to: ref(toUser) })
    .from(transfers)
    .innerJoin(fromUser, eq(fromUser.id, transfers.fromUserId))
    .innerJoin(toUser, eq(toUser.id, transfers.toUserId));
type TransferRow = Awaited<ReturnType<ReturnType<typeof selectTransfers>['execute']>>[number];

/** A transfer as the viewer reads it: others' names masked for members, and which way it went for them. */
function toTransferItem(viewer: AccountCaller, { t, from, to }: TransferRow): TransferItem {
  const shown = (u: TransferItem['from_user']) => memberRef(viewer, u)!;
  return {
    id: t.id,
    amount: formatCents(t.amountCents),
    remark: t.remark,
    created_at: t.createdAt.toISOString(),
    direction: !viewer.isAdmin && to.id === viewer.id ? 'in' : 'out',
    from_user: shown(from),
    to_user: shown(to),
  };
}

/** How many transfers the viewer may read, of those the filters keep. */
export async function countTransfers(
  db: DbOrTx,
  viewer: AccountCaller,
  filters: TransferFilters = {},
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transfers)
    .where(visibleTransfers(viewer, filters));
  return row?.n ?? 0;
}

/** Transfers newest first: a member's own (sent and received, others' names masked), or all for admins. */
export async function listTransfers(db: DbOrTx, q: PageQuery & TransferFilters, viewer: AccountCaller) {
  const [rows, total] = await Promise.all([
    selectTransfers(db)
      .where(visibleTransfers(viewer, q))
      .orderBy(desc(transfers.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    countTransfers(db, viewer, q),
  ]);
  return {
    list: rows.map((r) => toTransferItem(viewer, r)),
    meta: { total, page: q.page, pageSize: q.pageSize },
  };
}

/** The transfers the viewer may read (of those the filters keep) newest first, `limit` of them below `beforeId` (an export's batches). */
export async function transfersBefore(
  db: DbOrTx,
  viewer: AccountCaller,
  beforeId: number | null,
  limit: number,
  filters: TransferFilters = {},
) {
  const rows = await selectTransfers(db)
    .where(and(visibleTransfers(viewer, filters), beforeId === null ? undefined : lt(transfers.id, beforeId)))
    .orderBy(desc(transfers.id))
    .limit(limit);
  return rows.map((r) => toTransferItem(viewer, r));
}

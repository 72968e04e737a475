import {
  formatCents,
  maskName,
  type PageQuery,
  type TransferItem,
  type TransferRecipient,
} from '@app/contracts';
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pageWindow } from '../access/paging';
import { users } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { fieldError } from '../platform/http/errors';
import { postEntry } from './ledger';
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
  senderId: number,
  userNo: string,
): Promise<TransferRecipient> {
  const [found] = await db
    .select({ id: users.id, name: users.name, userNo: users.userNo })
    .from(users)
    .where(recipientCondition(userNo));
  if (!found) throw fieldError('user_no', 'access.userNotFound');
  if (found.id === senderId) throw fieldError('user_no', 'wallet.notToSelf');
  return { user_no: found.userNo, name: maskName(found.name) };
}

/**
 * Moves money from one member to another by member id (user_no): one transfer row and both ledger
 * records in the caller's transaction. The two wallets are locked in user-id order, so opposite
 * transfers between the same pair can never deadlock.
 */
export async function sendTransfer(db: DbOrTx, input: TransferInput): Promise<{ id: number }> {
  const recipientIs = recipientCondition(input.toUserNo);
  // Finding the recipient and recording the transfer are one statement; the errors are told apart only on failure.
  const [transfer] = await db
    .insert(transfers)
    .select(
      db
        .select({
          id: sql<number>`nextval(pg_get_serial_sequence('transfers', 'id'))`.as('id'),
          fromUserId: sql<number>`${input.fromUserId}::int`.as('from_user_id'),
          toUserId: users.id,
          amountCents: sql<number>`${input.amountCents}::bigint`.as('amount_cents'),
          remark: sql<string | null>`${input.remark ?? null}::text`.as('remark'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(users)
        .where(and(recipientIs, ne(users.id, input.fromUserId))),
    )
    .returning({ id: transfers.id, toUserId: transfers.toUserId });
  if (!transfer) {
    const [self] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(recipientIs, eq(users.id, input.fromUserId)));
    throw fieldError('user_no', self ? 'wallet.notToSelf' : 'access.userNotFound');
  }
  const recipient = { id: transfer.toUserId };
  const reference = { type: 'transfer', id: transfer!.id };
  const out = () =>
    postEntry(db, {
      userId: input.fromUserId,
      amountCents: input.amountCents,
      move: 'debit',
      kind: 'transfer_out',
      reference,
      remark: input.remark,
    });
  const into = () =>
    postEntry(db, {
      userId: recipient.id,
      amountCents: input.amountCents,
      move: 'credit',
      kind: 'transfer_in',
      reference,
      remark: input.remark,
    });
  if (input.fromUserId < recipient.id) {
    await out();
    await into();
  } else {
    await into();
    await out();
  }
  return { id: transfer!.id };
}

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');

/** Transfers newest first: a member's own (sent and received, others' names masked), or all for admins. */
export async function listTransfers(db: DbOrTx, q: PageQuery, viewer: { id: number; isAdmin: boolean }) {
  const where = viewer.isAdmin
    ? undefined
    : or(eq(transfers.fromUserId, viewer.id), eq(transfers.toUserId, viewer.id));
  const ref = (u: typeof fromUser | typeof toUser) => ({ id: u.id, name: u.name, user_no: u.userNo });
  const [rows, [count]] = await Promise.all([
    db
      .select({ t: transfers, from: ref(fromUser), to: ref(toUser) })
      .from(transfers)
      .innerJoin(fromUser, eq(fromUser.id, transfers.fromUserId))
      .innerJoin(toUser, eq(toUser.id, transfers.toUserId))
      .where(where)
      .orderBy(desc(transfers.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    db.select({ n: sql<number>`count(*)::int` }).from(transfers).where(where),
  ]);
  const shown = (u: TransferItem['from_user']) =>
    viewer.isAdmin || u.id === viewer.id ? u : { ...u, name: maskName(u.name) };
  const list: TransferItem[] = rows.map(({ t, from, to }) => ({
    id: t.id,
    amount: formatCents(t.amountCents),
    remark: t.remark,
    created_at: t.createdAt.toISOString(),
    direction: !viewer.isAdmin && to.id === viewer.id ? 'in' : 'out',
    from_user: shown(from),
    to_user: shown(to),
  }));
  return { list, meta: { total: count?.n ?? 0, page: q.page, pageSize: q.pageSize } };
}

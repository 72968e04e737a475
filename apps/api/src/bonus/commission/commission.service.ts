import {
  type CommissionStatus,
  type CommissionStatusResult,
  type commissionStatusBody,
  formatCents,
  type Locale,
  type PayoutSum,
  systemText,
  type WithheldPayout,
  type WithheldPayouts,
  type withheldPayoutsQuery,
} from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../members/members.schema';
import { notify } from '../../notifications/notify';
import { audit } from '../../platform/audit/audit';
import type { Caller } from '../../platform/caller';
import { type DbOrTx, queryRows, type Tx } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { postEntry } from '../../wallet/ledger';
import { lockSettlements } from '../settlement';
import { bonusTypeNames } from '../type-names';

const NONE = { count: 0, cents: 0 };
const sumOf = (s: { count: number; cents: number }): PayoutSum => ({
  count: s.count,
  amount: formatCents(s.cents),
});

/**
 * Sets a member's commission status (docs/product/bonus.md), audited (entity 'user', status and reason before and
 * after, what was released or forfeited) in the caller's transaction:
 * - hold → pay credits every held payout of the member once (releaseHeld);
 * - hold → forfeit turns the held payouts into forfeited: a member forfeiting commissions forfeits what was held;
 * - forfeited payouts stay forfeited whatever the status becomes later; pay → hold/forfeit changes no payout
 *   recorded before (it applies to the payouts recorded from then on).
 * Takes the settlement lock first (as a refund does), so it never runs while a settlement run that loaded the
 * statuses before the change is still paying; then the member's row `for update`, so two administrators changing
 * the same member run one after the other and the second sees the first's status (a second release finds nothing
 * held). An administrator or unknown id is a 404. Setting the status and reason it has already changes nothing.
 */
export async function setCommissionStatus(
  tx: Tx,
  actor: Caller,
  id: number,
  body: z.output<typeof commissionStatusBody>,
): Promise<CommissionStatusResult> {
  await lockSettlements(tx);
  const [member] = await tx
    .select({ status: users.commissionStatus, reason: users.commissionReason })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isAdmin, false)))
    .for('update');
  if (!member) throw notFound('access.userNotFound');
  const from = member.status as CommissionStatus;
  const result = (released = NONE, forfeited = NONE): CommissionStatusResult => ({
    id,
    commission_status: body.status,
    commission_reason: body.reason,
    released: sumOf(released),
    forfeited: sumOf(forfeited),
  });
  if (from === body.status && member.reason === body.reason) return result();
  const released = from === 'hold' && body.status === 'pay' ? await releaseHeld(tx, id) : NONE;
  const forfeited = from === 'hold' && body.status === 'forfeit' ? await forfeitHeld(tx, id) : NONE;
  await tx
    .update(users)
    .set({ commissionStatus: body.status, commissionReason: body.reason, updatedAt: new Date() })
    .where(eq(users.id, id));
  await audit(tx, actor, {
    action: 'status',
    entity: 'user',
    entityId: id,
    before: { commissionStatus: from, commissionReason: member.reason },
    after: {
      commissionStatus: body.status,
      commissionReason: body.reason,
      ...(released.count > 0 && { released }),
      ...(forfeited.count > 0 && { forfeited }),
    },
  });
  return result(released, forfeited);
}

/**
 * Credits every held payout of a member (not reversed) once, in payout id order: one wallet ledger credit each
 * (kind 'bonus', the payout's type, referencing the order's number or `period#payout id` as the settlement does,
 * counting for the payout's day), the payout turned 'paid' with its wallet record. The payouts are locked
 * `for update`: a refund reversing one of them at the same time either goes first (it is then reversed, and
 * skipped here) or waits. The caller holds the member's row lock.
 */
export async function releaseHeld(tx: DbOrTx, userId: number): Promise<{ count: number; cents: number }> {
  const held = await queryRows<{
    id: number;
    run_id: number | null;
    type_key: number;
    period: string;
    day: string;
    cents: string | number;
    order_no: string | null;
  }>(
    tx,
    sql`select p.id, p.run_id, p.type_key, p.period, to_char(p.day, 'YYYY-MM-DD') as day, p.cents, o.order_no
        from bonus_payouts p left join orders o on o.id = p.order_id
        where p.user_id = ${userId} and p.status = 'held' and p.reversed_at is null
        order by p.id for update of p`,
  );
  let cents = 0;
  for (const payout of held) {
    const amountCents = Number(payout.cents);
    const record = await postEntry(tx, {
      userId,
      amountCents,
      move: 'credit',
      kind: 'bonus',
      bonusType: payout.type_key,
      reference: payout.order_no
        ? { type: 'order', id: payout.order_no }
        : { type: 'bonus_period', id: `${payout.period}#${payout.id}` },
      month: payout.day.slice(0, 7),
      day: payout.day,
      remark: payout.run_id
        ? systemText('remark.heldBonusOfRunReleased', { runId: payout.run_id })
        : systemText('remark.heldBonusReleased'),
    });
    await queryRows(
      tx,
      sql`update bonus_payouts set status = 'paid', wallet_record_id = ${record.id} where id = ${payout.id}`,
    );
    cents += amountCents;
  }
  if (held.length > 0)
    await notify(tx, {
      userId,
      kind: 'payouts_released',
      params: {
        count: held.length,
        amount_cents: cents,
        ...(held.length === 1 && { payout_id: Number(held[0]!.id) }),
      },
      link: '/wallet',
    });
  return { count: held.length, cents };
}

/** The member's held payouts (not reversed) recorded forfeited: they are never credited. */
async function forfeitHeld(tx: DbOrTx, userId: number): Promise<{ count: number; cents: number }> {
  const [row] = await queryRows<{ count: number; cents: string | number }>(
    tx,
    sql`with f as (
          update bonus_payouts set status = 'forfeited'
          where user_id = ${userId} and status = 'held' and reversed_at is null returning cents
        ) select count(*)::int as count, coalesce(sum(cents), 0)::bigint as cents from f`,
  );
  return { count: row?.count ?? 0, cents: Number(row?.cents ?? 0) };
}

/**
 * A member's held and forfeited payouts that stand (not reversed), newest first, with the sums of each and the
 * member's status. The caller checked the viewer may read the member's bonuses (bonusSubject).
 */
export async function withheldPayouts(
  db: DbOrTx,
  userId: number,
  q: z.output<typeof withheldPayoutsQuery>,
  locale: Locale,
): Promise<WithheldPayouts> {
  const standing = sql`p.user_id = ${userId} and p.status <> 'paid' and p.reversed_at is null`;
  const [[member], sums, rows, typeName] = await Promise.all([
    db
      .select({ status: users.commissionStatus, reason: users.commissionReason })
      .from(users)
      .where(eq(users.id, userId)),
    queryRows<{ status: string; count: number; cents: string | number }>(
      db,
      sql`select p.status, count(*)::int as count, sum(p.cents)::bigint as cents
          from bonus_payouts p where ${standing} group by p.status`,
    ),
    queryRows<{
      id: number;
      status: WithheldPayout['status'];
      type_key: number;
      period: string;
      order_no: string | null;
      cents: string | number;
      created_at: string | Date;
    }>(
      db,
      sql`select p.id, p.status, p.type_key, p.period, o.order_no, p.cents, p.created_at
          from bonus_payouts p left join orders o on o.id = p.order_id
          where ${standing} ${q.status ? sql`and p.status = ${q.status}` : sql``}
          order by p.day desc, p.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    ),
    bonusTypeNames(db, locale),
  ]);
  const sum = (status: string) => {
    const row = sums.find((s) => s.status === status);
    return sumOf(row ? { count: row.count, cents: Number(row.cents) } : NONE);
  };
  const held = sum('held');
  const forfeited = sum('forfeited');
  return {
    commission_status: (member?.status ?? 'pay') as CommissionStatus,
    commission_reason: member?.reason ?? null,
    held,
    forfeited,
    list: rows.map((r) => ({
      id: Number(r.id),
      status: r.status,
      type_key: r.type_key,
      type_name: typeName(r.type_key),
      period: r.period,
      order_no: r.order_no,
      amount: formatCents(Number(r.cents)),
      created_at: new Date(r.created_at).toISOString(),
    })),
    meta: {
      total:
        q.status === 'held'
          ? held.count
          : q.status === 'forfeited'
            ? forfeited.count
            : held.count + forfeited.count,
      page: q.page,
      pageSize: q.pageSize,
    },
  };
}

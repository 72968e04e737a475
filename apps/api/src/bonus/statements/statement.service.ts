import {
  formatCents,
  hasPermission,
  type Locale,
  nextMonthStart,
  type PageQuery,
  type PayoutStatus,
  Perm,
  periodInstants,
  STATEMENT_LIST_CAP,
  type Statement,
  type StatementPayout,
  type StatementPayoutList,
  type StatementTransfer,
  type WalletRecordKind,
} from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { memberRef } from '../../members/member.presenter';
import { users } from '../../members/members.schema';
import type { AccountCaller } from '../../platform/caller';
import { type DbOrTx, queryRows } from '../../platform/db/client';
import { paged, pageWindow } from '../../platform/db/paging';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { bonusTypeNames } from '../type-names';

/** The member a statement is about. */
export interface StatementSubject {
  id: number;
  user_no: string;
  name: string;
}

/**
 * Whose statement the caller may read: a member (holding the wallet permission) only their own, `userId` left out
 * or naming themselves; an administrator holding the member list or member report permission any member's,
 * named by `userId`. Anyone else 403; an unknown member, or an administrator's account, 404.
 */
export async function statementSubject(
  db: DbOrTx,
  viewer: AccountCaller,
  userId: number | undefined,
): Promise<StatementSubject> {
  if (viewer.isAdmin) {
    if (!hasPermission(viewer.roleIds, Perm.userList) && !hasPermission(viewer.roleIds, Perm.userReport))
      throw forbidden();
    if (userId === undefined) throw badRequest('statement.memberRequired');
  } else if (!hasPermission(viewer.roleIds, Perm.walletRecord) || (userId ?? viewer.id) !== viewer.id) {
    throw forbidden();
  }
  const [user] = await db
    .select({ id: users.id, user_no: users.userNo, name: users.name, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, userId ?? viewer.id));
  if (!user || user.isAdmin) throw notFound('access.userDataNotFound');
  return { id: user.id, user_no: user.user_no, name: user.name };
}

/** A statement month of the business time zone: its days [first, next) and instants [from, to). */
export interface StatementMonth {
  month: string;
  zone: string;
  first: string;
  next: string;
  from: Date;
  to: Date;
  partial: boolean;
}

/** The month 'YYYY-MM' of `zone`; 400 'statement.futureMonth' for a month that has not begun. */
export function statementMonth(month: string, zone: string, now = new Date()): StatementMonth {
  const instants = periodInstants(month, zone);
  if (!instants) throw badRequest('statement.monthFormat');
  if (instants.from > now) throw badRequest('statement.futureMonth');
  return {
    month,
    zone,
    first: `${month}-01`,
    next: nextMonthStart(month),
    ...instants,
    partial: instants.to > now,
  };
}

type Cents = string | number;
const cents = (value: Cents | null | undefined) => Number(value ?? 0);
const iso = (value: string | Date) => new Date(value).toISOString();

/** Runs the reads one after another and answers their results in order. */
async function inTurn<T extends unknown[] | []>(reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const results: unknown[] = [];
  for (const read of reads as Array<() => Promise<unknown>>) results.push(await read());
  return results as T;
}

/** The member's payouts of the month (alias p): those whose business day is in it. */
const payoutsOfMonth = (userId: number, m: StatementMonth) =>
  sql`p.user_id = ${userId} and p.day >= ${m.first} and p.day < ${m.next}`;

/** Rows of `table` (alias `alias`) of the member whose `created_at` falls in the month. */
const inMonth = (column: string, m: StatementMonth) =>
  sql`${sql.raw(column)} >= ${m.from.toISOString()} and ${sql.raw(column)} < ${m.to.toISOString()}`;

/**
 * A member's earnings statement of a month (docs/product/bonus-reports.md): the payouts of the month's business
 * days by type and status, the reversals, withdrawals and transfers that happened in the month, and the wallet's
 * available balance before and after it with its movements by kind. Lists are capped (STATEMENT_LIST_CAP); their
 * counts and amounts are of every row.
 */
export async function memberStatement(
  db: DbOrTx,
  viewer: AccountCaller,
  subject: StatementSubject,
  m: StatementMonth,
  locale: Locale,
): Promise<Statement> {
  const typeName = await bonusTypeNames(db, locale);
  // One statement after another: a request takes one pooled connection at a time (each reads a few index ranges).
  const [byType, reversals, reversalTotal, withdrawals, withdrawalTotals, transfers, transferTotals, wallet] =
    await inTurn([
      () =>
        queryRows<{ type_key: number; status: PayoutStatus; count: number; cents: Cents }>(
          db,
          sql`select p.type_key, p.status, count(*)::int as count, coalesce(sum(p.cents), 0)::bigint as cents
            from bonus_payouts p where ${payoutsOfMonth(subject.id, m)}
            group by p.type_key, p.status order by p.type_key`,
        ),
      () => reversalRows(db, subject.id, m, STATEMENT_LIST_CAP),
      () =>
        queryRows<{ count: number; cents: Cents }>(
          db,
          sql`select count(*)::int as count, coalesce(sum(r.amount_cents), 0)::bigint as cents
            from wallet_records r
            where r.user_id = ${subject.id} and r.kind = 'bonus_reversal' and ${inMonth('r.created_at', m)}`,
        ),
      () => withdrawalRows(db, subject.id, m, STATEMENT_LIST_CAP),
      () =>
        queryRows<{ status: number; count: number; cents: Cents }>(
          db,
          sql`select w.status, count(*)::int as count, coalesce(sum(w.amount_cents), 0)::bigint as cents
            from withdrawals w where w.user_id = ${subject.id} and ${inMonth('w.created_at', m)}
            group by w.status order by w.status`,
        ),
      () => transferRows(db, viewer, subject.id, m, STATEMENT_LIST_CAP),
      () =>
        queryRows<{ direction: 'in' | 'out'; count: number; cents: Cents }>(
          db,
          sql`select case when t.from_user_id = ${subject.id} then 'out' else 'in' end as direction,
              count(*)::int as count, coalesce(sum(t.amount_cents), 0)::bigint as cents
            from transfers t
            where (t.from_user_id = ${subject.id} or t.to_user_id = ${subject.id}) and ${inMonth('t.created_at', m)}
            group by 1`,
        ),
      () => walletOfMonth(db, subject.id, m),
    ]);

  const lines = new Map<number, Statement['types'][number]>();
  for (const row of byType) {
    const line = lines.get(row.type_key) ?? {
      type_key: row.type_key,
      name: typeName(row.type_key),
      paid_count: 0,
      credited: '0.00',
      held_count: 0,
      held: '0.00',
      forfeited_count: 0,
      forfeited: '0.00',
    };
    const amount = formatCents(cents(row.cents));
    if (row.status === 'held') Object.assign(line, { held_count: row.count, held: amount });
    else if (row.status === 'forfeited')
      Object.assign(line, { forfeited_count: row.count, forfeited: amount });
    else Object.assign(line, { paid_count: row.count, credited: amount });
    lines.set(row.type_key, line);
  }
  const sumOf = (status: PayoutStatus) =>
    byType.filter((r) => r.status === status).reduce((s, r) => s + cents(r.cents), 0);
  const credited = sumOf('paid');
  const reversed = cents(reversalTotal[0]?.cents);
  const direction = (d: 'in' | 'out') => {
    const row = transferTotals.find((t) => t.direction === d);
    return { count: row?.count ?? 0, amount: formatCents(cents(row?.cents)) };
  };
  const withdrawalCount = withdrawalTotals.reduce((s, r) => s + r.count, 0);
  const transferCount = transferTotals.reduce((s, r) => s + r.count, 0);
  return {
    member: subject,
    month: m.month,
    time_zone: m.zone,
    from: m.from.toISOString(),
    to: m.to.toISOString(),
    partial: m.partial,
    types: [...lines.values()],
    totals: {
      payouts: byType.reduce((s, r) => s + r.count, 0),
      credited: formatCents(credited),
      reversed: formatCents(reversed),
      net: formatCents(credited - reversed),
      held: formatCents(sumOf('held')),
      forfeited: formatCents(sumOf('forfeited')),
    },
    reversals: {
      count: reversalTotal[0]?.count ?? 0,
      amount: formatCents(reversed),
      list: reversals.map((r) => ({ ...r, type_name: r.type_key === null ? null : typeName(r.type_key) })),
      truncated: (reversalTotal[0]?.count ?? 0) > reversals.length,
    },
    withdrawals: {
      count: withdrawalCount,
      amount: formatCents(withdrawalTotals.reduce((s, r) => s + cents(r.cents), 0)),
      by_status: withdrawalTotals.map((r) => ({
        status: r.status,
        count: r.count,
        amount: formatCents(cents(r.cents)),
      })),
      list: withdrawals,
      truncated: withdrawalCount > withdrawals.length,
    },
    transfers: {
      in: direction('in'),
      out: direction('out'),
      list: transfers,
      truncated: transferCount > transfers.length,
    },
    wallet,
  };
}

/** The month's bonus reversals (wallet records), each with the order and the business day of the payout. */
async function reversalRows(db: DbOrTx, userId: number, m: StatementMonth, limit: number) {
  const rows = await queryRows<{
    wallet_record_no: string;
    order_no: string | null;
    type_key: number | null;
    cents: Cents;
    created_at: string | Date;
    payout_day: string | null;
  }>(
    db,
    sql`select r.wallet_record_no, case when r.reference_type = 'order' then r.reference_id end as order_no,
          r.bonus_type as type_key, r.amount_cents as cents, r.created_at,
          (select to_char(p.day, 'YYYY-MM-DD') from orders o
             join bonus_payouts p on p.order_id = o.id and p.user_id = r.user_id and p.type_key = r.bonus_type
           where r.reference_type = 'order' and o.order_no = r.reference_id and p.reversal_record_id = r.id
           limit 1) as payout_day
        from wallet_records r
        where r.user_id = ${userId} and r.kind = 'bonus_reversal' and ${inMonth('r.created_at', m)}
        order by r.id limit ${limit}`,
  );
  return rows.map((r) => ({
    wallet_record_no: r.wallet_record_no,
    order_no: r.order_no,
    type_key: r.type_key === null ? null : Number(r.type_key),
    amount: formatCents(cents(r.cents)),
    reversed_at: iso(r.created_at),
    payout_day: r.payout_day,
  }));
}

/** Withdrawals applied for in the month, with their status now. */
async function withdrawalRows(db: DbOrTx, userId: number, m: StatementMonth, limit: number) {
  const rows = await queryRows<{
    id: number;
    cents: Cents;
    status: number;
    created_at: string | Date;
    updated_at: string | Date;
  }>(
    db,
    sql`select w.id, w.amount_cents as cents, w.status, w.created_at, w.updated_at from withdrawals w
        where w.user_id = ${userId} and ${inMonth('w.created_at', m)} order by w.id limit ${limit}`,
  );
  return rows.map((w) => ({
    id: Number(w.id),
    amount: formatCents(cents(w.cents)),
    status: Number(w.status),
    created_at: iso(w.created_at),
    updated_at: iso(w.updated_at),
  }));
}

/** Transfers sent or received in the month, the other member presented as the viewer may see them. */
async function transferRows(
  db: DbOrTx,
  viewer: AccountCaller,
  userId: number,
  m: StatementMonth,
  limit: number,
): Promise<StatementTransfer[]> {
  const rows = await queryRows<{
    id: number;
    cents: Cents;
    remark: string | null;
    created_at: string | Date;
    outgoing: boolean;
    other_id: number;
    other_name: string;
    other_no: string;
  }>(
    db,
    sql`select t.id, t.amount_cents as cents, t.remark, t.created_at, t.from_user_id = ${userId} as outgoing,
          u.id as other_id, u.name as other_name, u.user_no as other_no
        from transfers t
        join users u on u.id = case when t.from_user_id = ${userId} then t.to_user_id else t.from_user_id end
        where (t.from_user_id = ${userId} or t.to_user_id = ${userId}) and ${inMonth('t.created_at', m)}
        order by t.id limit ${limit}`,
  );
  return rows.map((t) => ({
    id: Number(t.id),
    direction: t.outgoing ? 'out' : 'in',
    amount: formatCents(cents(t.cents)),
    counterparty: memberRef(viewer, { id: Number(t.other_id), name: t.other_name, user_no: t.other_no })!,
    remark: t.remark,
    created_at: iso(t.created_at),
  }));
}

/**
 * The balances right after the last wallet record before the month and before its end (each record keeps the
 * balances after it: a running statement), and the month's records by kind.
 */
async function walletOfMonth(db: DbOrTx, userId: number, m: StatementMonth): Promise<Statement['wallet']> {
  const balanceBefore = (at: Date) =>
    queryRows<{ available: Cents; frozen: Cents }>(
      db,
      sql`select r.available_after_cents as available, r.frozen_after_cents as frozen from wallet_records r
          where r.user_id = ${userId} and r.created_at < ${at.toISOString()} order by r.id desc limit 1`,
    );
  const [opening, closing, movements] = await inTurn([
    () => balanceBefore(m.from),
    () => balanceBefore(m.to),
    () =>
      queryRows<{ kind: WalletRecordKind; count: number; cents: Cents }>(
        db,
        sql`select r.kind, count(*)::int as count, coalesce(sum(r.available_delta_cents), 0)::bigint as cents
          from wallet_records r where r.user_id = ${userId} and ${inMonth('r.created_at', m)}
          group by r.kind order by r.kind`,
      ),
  ]);
  return {
    opening_available: formatCents(cents(opening[0]?.available)),
    closing_available: formatCents(cents(closing[0]?.available)),
    opening_frozen: formatCents(cents(opening[0]?.frozen)),
    closing_frozen: formatCents(cents(closing[0]?.frozen)),
    movements: movements.map((r) => ({
      kind: r.kind,
      count: r.count,
      available: formatCents(cents(r.cents)),
    })),
  };
}

interface PayoutRow extends Record<string, unknown> {
  id: Cents;
  day: string;
  period: string;
  type_key: number;
  status: PayoutStatus;
  cents: Cents;
  order_no: string | null;
  base_sp: Cents;
  reversed_at: string | Date | null;
  created_at: string | Date;
}

const payoutColumns = sql`p.id, to_char(p.day, 'YYYY-MM-DD') as day, p.period, p.type_key, p.status, p.cents,
  o.order_no, p.base_sp, p.reversed_at, p.created_at`;

const toPayout =
  (typeName: (key: number) => string) =>
  (r: PayoutRow): StatementPayout => ({
    id: Number(r.id),
    day: r.day,
    period: r.period,
    type_key: Number(r.type_key),
    type_name: typeName(Number(r.type_key)),
    status: r.status,
    amount: formatCents(cents(r.cents)),
    order_no: r.order_no,
    sales_point: Number(r.base_sp),
    reversed_at: r.reversed_at === null ? null : iso(r.reversed_at),
    created_at: iso(r.created_at),
  });

/** A page of the month's payouts, by day then id. */
export async function statementPayouts(
  db: DbOrTx,
  subject: StatementSubject,
  m: StatementMonth,
  q: PageQuery,
  locale: Locale,
): Promise<StatementPayoutList> {
  const { limit, offset } = pageWindow(q);
  const [typeName, rows, count] = await Promise.all([
    bonusTypeNames(db, locale),
    queryRows<PayoutRow>(
      db,
      sql`select ${payoutColumns} from bonus_payouts p left join orders o on o.id = p.order_id
          where ${payoutsOfMonth(subject.id, m)} order by p.day, p.id limit ${limit} offset ${offset}`,
    ),
    queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from bonus_payouts p where ${payoutsOfMonth(subject.id, m)}`,
    ),
  ]);
  return paged(rows.map(toPayout(typeName)), count[0]?.count ?? 0, q);
}

/** The month's payouts after id `afterId`, in id order (the export's keyset batches). */
export async function statementPayoutBatch(
  db: DbOrTx,
  subject: StatementSubject,
  m: StatementMonth,
  typeName: (key: number) => string,
  afterId: number | null,
  limit: number,
): Promise<StatementPayout[]> {
  const rows = await queryRows<PayoutRow>(
    db,
    sql`select ${payoutColumns} from bonus_payouts p left join orders o on o.id = p.order_id
        where ${payoutsOfMonth(subject.id, m)} ${afterId === null ? sql`` : sql`and p.id > ${afterId}`}
        order by p.id limit ${limit}`,
  );
  return rows.map(toPayout(typeName));
}

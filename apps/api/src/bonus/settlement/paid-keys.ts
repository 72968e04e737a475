import { nextDay, nextMonthStart } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../platform/db/client';
import { type MemberTable, type OrderTable, orderIndex } from '../engine/tables';
import type { Payout } from '../engine/types';
import { int32s, type PackedInts, packedInts } from './packed-ints';
import { previousPeriod } from './periods';

/** Payout ids per query while loading (bounds the byte strings held at once). */
const ID_RANGE = 500_000;

/**
 * The payouts already recorded for a period (a re-run, or the month after its daily runs: millions), so
 * that a run leaves them out. Held per type in arrays over the period's orders and members rather than as
 * key strings. An order-driven payout is paid once per (member, type, order), whatever period recorded it
 * (the business time zone may have changed since, moving the order to another day); two members paid for
 * the same order and type (the tree changed between runs) fall back to exact keys.
 */
export class PaidKeys {
  /** type → per order index: the member paid (0 = none). */
  private readonly byOrder = new Map<number, Int32Array>();
  /** type → per member id: 1 when paid for the month. */
  private readonly monthly = new Map<number, Uint8Array>();
  private readonly exact = new Set<string>();
  constructor(
    private readonly orders: OrderTable,
    private readonly members: MemberTable,
  ) {}

  has(p: Payout): boolean {
    if (p.orderId === null) return this.monthly.get(p.typeKey)?.[p.userId] === 1;
    const paid = this.byOrder.get(p.typeKey);
    if (!paid) return false;
    const userId = paid[orderIndex(this.orders, p.orderId)];
    return userId === p.userId || (userId !== 0 && this.exact.has(keyOf(p.userId, p.typeKey, p.orderId)));
  }

  /** Records a payout row: order 0 = a monthly one, `monthly` = its period is the month (not a day). */
  add(userId: number, typeKey: number, orderId: number, monthly: boolean): void {
    if (orderId === 0) {
      if (!monthly || userId >= this.members.size) return;
      if (!this.monthly.has(typeKey)) this.monthly.set(typeKey, new Uint8Array(this.members.size));
      this.monthly.get(typeKey)![userId] = 1;
      return;
    }
    const i = orderIndex(this.orders, orderId);
    if (i < 0) return;
    if (!this.byOrder.has(typeKey)) this.byOrder.set(typeKey, new Int32Array(this.orders.count));
    const paid = this.byOrder.get(typeKey)!;
    if (paid[i] === 0) paid[i] = userId;
    else if (paid[i] !== userId) {
      this.exact.add(keyOf(paid[i]!, typeKey, orderId));
      this.exact.add(keyOf(userId, typeKey, orderId));
    }
  }
}

const keyOf = (userId: number, typeKey: number, orderId: number) => `${userId}/${typeKey}/${orderId}`;

/**
 * Loads the payouts recorded for a period ('YYYY-MM-DD', or 'YYYY-MM' and its days) and for the day before and
 * after it (where a run in another time zone recorded some of its orders: offsets move a day by less than one)
 * against the period's tables, by ranges of payout ids (each an index range, whatever the planner knows of the
 * table) between the first and last of them (found on bonus_payouts_period_idx, so other periods' payouts are
 * not read); null when there are none (a first run).
 */
export async function loadPaidKeys(
  db: DbOrTx,
  period: string,
  tables: { orders: OrderTable; members: MemberTable },
): Promise<PaidKeys | null> {
  const [before, after] = neighbourDays(period);
  const inPeriod =
    period.length === 10
      ? sql`period in (${before}, ${period}, ${after})`
      : sql`(period like ${`${period}%`} or period in (${before}, ${after}))`;
  const [ids] = await queryRows<{ first: string | null; last: string | null }>(
    db,
    sql`select min(id)::text as first, max(id)::text as last from bonus_payouts where ${inPeriod}`,
  );
  let keys: PaidKeys | null = null;
  for (let from = Number(ids?.first ?? 1); from <= Number(ids?.last ?? 0); from += ID_RANGE) {
    const [rows] = await queryRows<PackedInts<'users' | 'types' | 'orders' | 'monthly'>>(
      db,
      sql`select ${packedInts(sql`user_id`)} as users, ${packedInts(sql`type_key`)} as types,
            ${packedInts(sql`coalesce(order_id, 0)`)} as orders,
            ${packedInts(sql`case when length(period) = 7 then 1 else 0 end`)} as monthly
          from bonus_payouts where id >= ${from} and id < ${from + ID_RANGE} and ${inPeriod}`,
    );
    const users = int32s(rows?.users);
    if (users.length === 0) continue;
    keys ??= new PaidKeys(tables.orders, tables.members);
    const [types, orders, monthly] = [int32s(rows?.types), int32s(rows?.orders), int32s(rows?.monthly)];
    for (let i = 0; i < users.length; i++) keys.add(users[i]!, types[i]!, orders[i]!, monthly[i] === 1);
  }
  return keys;
}

/** The days just before and after a period (a day, or a month's first and last). */
const neighbourDays = (period: string): [string, string] =>
  period.length === 7
    ? [previousPeriod(`${period}-01`), nextMonthStart(period)]
    : [previousPeriod(period), nextDay(period)];

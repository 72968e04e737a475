import { sql } from 'drizzle-orm';
import { levels } from '../../members/members.schema';
import { type DbOrTx, queryRows } from '../../platform/db/client';
import { MemberTable, type OrderTable } from '../engine/tables';
import type { EngineInput } from '../engine/types';
import { int32s, type PackedInts, packedInts } from './packed-ints';

export interface PeriodRange {
  /** Inclusive start and exclusive end: midnights of the business time zone `zone`. */
  from: Date;
  to: Date;
  month: string;
  zone: string;
}

/** Orders (alias o) that earn bonuses and count for programmes: done, not a refund row, not refunded. */
export const countingOrder = sql`o.status = 1 and o.platform_order_no_origin is null and o.refunded_at is null`;

const eligibleOrders = (range: PeriodRange) =>
  sql`${countingOrder} and o.completed_at >= ${range.from.toISOString()} and o.completed_at < ${range.to.toISOString()}`;

/**
 * The engine's inputs for a period: its orders, every member (one sequential scan: cheaper than
 * gathering the buyers' upline paths once a period has many buyers), the levels and the providers' referrers.
 * The order numbers only when `orderNumbers` (paying needs them, the engine does not).
 */
export async function loadEngineInput(
  db: DbOrTx,
  range: PeriodRange,
  opts: { orderNumbers: boolean },
): Promise<EngineInput> {
  const providerRows = await queryRows<{ id: number; referrer_user_id: number }>(
    db,
    sql`select id, referrer_user_id from providers where referrer_user_id is not null`,
  );
  const levelRows = await db.select().from(levels);
  return {
    month: range.month,
    orders: await loadOrders(db, range, opts.orderNumbers),
    members: await loadMembers(db),
    levels: new Map(levelRows.map((l) => [l.id, l])),
    providerReferrers: new Map(providerRows.map((p) => [Number(p.id), Number(p.referrer_user_id)])),
  };
}

/**
 * The period's orders in id order; `day` is the day of the month (the period lies within one month).
 * The order numbers come in the same query, so they line up with the ids.
 */
async function loadOrders(db: DbOrTx, range: PeriodRange, orderNumbers: boolean): Promise<OrderTable> {
  const [o] = await queryRows<
    PackedInts<'id' | 'buyer' | 'sp' | 'provider' | 'day'> & { no: string[] | null }
  >(
    db,
    sql`select ${packedInts(sql`id`)} as id, ${packedInts(sql`user_id`)} as buyer, ${packedInts(sql`sales_point`)} as sp,
          ${packedInts(sql`provider`)} as provider, ${packedInts(sql`day`)} as day,
          ${orderNumbers ? sql`array_agg(order_no)` : sql`null`} as no
        from (select o.id, o.user_id, o.sales_point, coalesce(o.provider_id, 0) as provider, o.order_no,
                extract(day from o.completed_at at time zone ${range.zone})::int - 1 as day
              from orders o where ${eligibleOrders(range)} order by o.id) s`,
  );
  const id = int32s(o?.id);
  for (let i = 1; i < id.length; i++)
    if (id[i - 1]! >= id[i]!) throw new Error('orders not loaded in id order');
  return {
    count: id.length,
    id,
    buyer: int32s(o?.buyer),
    salesPoint: Float64Array.from(int32s(o?.sp)),
    provider: int32s(o?.provider),
    day: Uint8Array.from(int32s(o?.day)),
    days: Array.from({ length: 31 }, (_, d) => `${range.month}-${String(d + 1).padStart(2, '0')}`),
    orderNo: orderNumbers ? (o?.no ?? []) : undefined,
  };
}

/** Every member (not the admins) into arrays indexed by id. */
async function loadMembers(db: DbOrTx): Promise<MemberTable> {
  const [m] = await queryRows<PackedInts<'id' | 'level' | 'parent' | 'iblommer'>>(
    db,
    sql`select ${packedInts(sql`id`)} as id, ${packedInts(sql`level_id`)} as level,
          ${packedInts(sql`coalesce(parent_user_id, 0)`)} as parent,
          ${packedInts(sql`coalesce(iblommer_parent_user_id, 0)`)} as iblommer
        from users where not is_admin`,
  );
  const [cps] = await queryRows<PackedInts<'id'>>(
    db,
    sql`select ${packedInts(sql`user_id`)} as id from qualified_cps`,
  );
  const ids = int32s(m?.id);
  const [levelOf, parentOf, iblommerOf] = [int32s(m?.level), int32s(m?.parent), int32s(m?.iblommer)];
  const size = ids.reduce((max, id) => Math.max(max, id), 0) + 1;
  const level = new Int32Array(size);
  const parent = new Int32Array(size);
  const iblommer = new Int32Array(size);
  const qualifiedCp = new Uint8Array(size);
  ids.forEach((id, i) => {
    level[id] = levelOf[i]!;
    parent[id] = parentOf[i]!;
    iblommer[id] = iblommerOf[i]!;
  });
  for (const id of int32s(cps?.id)) if (id < size) qualifiedCp[id] = 1;
  return new MemberTable(level, parent, iblommer, qualifiedCp);
}

import { sql } from 'drizzle-orm';
import { levels } from '../members/members.schema';
import { type DbOrTx, queryRows } from '../platform/db/client';
import type { EngineInput, EngineMember, EngineOrder } from './engine/types';

export interface PeriodRange {
  /** Inclusive start and exclusive end (UTC midnight). */
  from: Date;
  to: Date;
  month: string;
}

/** Orders (alias o) that earn bonuses and count for programmes: done, not a refund row, not refunded. */
export const countingOrder = sql`o.status = 1 and o.platform_order_no_origin is null and o.refunded_at is null`;

const eligibleOrders = (range: PeriodRange) =>
  sql`${countingOrder} and o.completed_at >= ${range.from.toISOString()} and o.completed_at < ${range.to.toISOString()}`;

/**
 * The engine's inputs for a period: its orders, every member (one sequential scan: cheaper than
 * gathering the buyers' upline paths once a period has many buyers), the levels and the providers' referrers.
 */
export async function loadEngineInput(db: DbOrTx, range: PeriodRange): Promise<EngineInput> {
  const orderRows = await queryRows<{
    id: number;
    user_id: number;
    sales_point: number;
    source_type: number;
    provider_id: number | null;
    day: string;
  }>(
    db,
    sql`select o.id, o.user_id, o.sales_point, o.source_type, o.provider_id,
          to_char(o.completed_at at time zone 'UTC', 'YYYY-MM-DD') as day
        from orders o where ${eligibleOrders(range)} order by o.completed_at, o.id`,
  );
  const memberRows = await queryRows<{
    id: number;
    level_id: number;
    parent_user_id: number | null;
    iblommer_parent_user_id: number | null;
    is_cp: boolean;
  }>(
    db,
    sql`select u.id, u.level_id, u.parent_user_id, u.iblommer_parent_user_id, (c.user_id is not null) as is_cp
        from users u left join qualified_cps c on c.user_id = u.id
        where not u.is_admin`,
  );
  const providerRows = await queryRows<{ id: number; referrer_user_id: number | null }>(
    db,
    sql`select id, referrer_user_id from providers where referrer_user_id is not null`,
  );
  const levelRows = await db.select().from(levels);
  const orders: EngineOrder[] = orderRows.map((o) => ({
    id: Number(o.id),
    buyerId: Number(o.user_id),
    salesPoint: Number(o.sales_point),
    sourceType: Number(o.source_type),
    providerId: o.provider_id == null ? null : Number(o.provider_id),
    day: o.day,
  }));
  const members = new Map<number, EngineMember>(
    memberRows.map((m) => [
      Number(m.id),
      {
        id: Number(m.id),
        levelId: Number(m.level_id),
        parentId: m.parent_user_id == null ? null : Number(m.parent_user_id),
        iblommerParentId: m.iblommer_parent_user_id == null ? null : Number(m.iblommer_parent_user_id),
        isQualifiedCp: Boolean(m.is_cp),
      },
    ]),
  );
  return {
    month: range.month,
    orders,
    members,
    levels: new Map(levelRows.map((l) => [l.id, l])),
    providerReferrers: new Map(providerRows.map((p) => [Number(p.id), Number(p.referrer_user_id)])),
  };
}

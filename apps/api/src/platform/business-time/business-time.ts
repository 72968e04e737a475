import { isTimeZone } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { audit } from '../audit/audit';
import type { Caller } from '../caller';
import type { DbOrTx } from '../db/client';
import { badRequest } from '../http/errors';
import { businessSettings } from './business-time.schema';

/** How long a process trusts the zone it read (another process may change it: each reads it again this soon). */
const ZONE_TTL_MS = 5_000;

/** Per database handle (the primary's pool, each replica's); a change made by this process empties them all. */
const cached = new WeakMap<object, { zone: string; until: number; generation: number }>();
let generation = 0;

/**
 * The business time zone in force: the IANA zone whose days and months are the bonus periods, date filters,
 * reports and dashboard figures. Read from the database (business_settings), kept a few seconds per process.
 * A settlement run reads it afresh (`fresh`) and records it.
 */
export async function businessTimeZone(db: DbOrTx, opts: { fresh?: boolean } = {}): Promise<string> {
  const hit = cached.get(db);
  if (hit && !opts.fresh && hit.until > Date.now() && hit.generation === generation) return hit.zone;
  const [row] = await db.select({ zone: businessSettings.timeZone }).from(businessSettings).limit(1);
  const zone = row?.zone ?? 'UTC';
  cached.set(db, { zone, until: Date.now() + ZONE_TTL_MS, generation });
  return zone;
}

/**
 * Changes the business time zone (400 'validation.timeZone' for a name the runtime does not know), audited with
 * the zone before and after. Past runs keep the zone they settled in; an order-driven bonus is paid once per
 * (member, type, order) whatever day it falls on (bonus_payouts_order_once_idx), so no bonus is paid twice.
 */
export async function setBusinessTimeZone(db: DbOrTx, zone: string, actor: Caller): Promise<boolean> {
  if (!isTimeZone(zone)) throw badRequest('validation.timeZone');
  const before = await businessTimeZone(db, { fresh: true });
  if (before === zone) return false;
  await db.transaction(async (tx) => {
    await tx
      .insert(businessSettings)
      .values({ id: 1, timeZone: zone, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: businessSettings.id,
        set: { timeZone: zone, updatedBy: actor.id, updatedAt: new Date() },
      });
    await audit(tx, actor, {
      action: 'update',
      entity: 'business_settings',
      entityId: 1,
      before: { timeZone: before },
      after: { timeZone: zone },
    });
  });
  generation++;
  return true;
}

/** The first instant of the current month of `zone`, in SQL (a timestamptz). */
export const monthStartInZone = (zone: string): SQL =>
  sql`(date_trunc('month', now() at time zone ${zone}) at time zone ${zone})`;

/** The first day of the current month of `zone`, in SQL (a date). */
export const monthStartDayInZone = (zone: string): SQL =>
  sql`(date_trunc('month', now() at time zone ${zone})::date)`;

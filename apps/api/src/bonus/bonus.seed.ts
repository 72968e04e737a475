import { BonusKey, dayIn } from '@app/contracts';
import { businessTimeZone } from '../platform/business-time/business-time';
import type { DbOrTx } from '../platform/db/client';
import { settlePeriod } from './settlement';

/**
 * Demo bonuses, kept small so every fresh demo database stays quick to build: last month's global
 * dividend (type 3) and yesterday's order-driven bonuses (months and days of the business time zone), paid
 * through the ledger like any run, approved by the system.
 */
export async function seedBonuses(db: DbOrTx): Promise<void> {
  const now = new Date();
  const zone = await businessTimeZone(db);
  const today = dayIn(now, zone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const lastMonth = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
  const yesterday = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  await settlePeriod(db, { period: lastMonth, typeKey: BonusKey.globalDividend, startedBy: null, now });
  await settlePeriod(db, { period: yesterday, startedBy: null, now });
}

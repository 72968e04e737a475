import { parseCents } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../members/members.schema';
import { orders } from '../../orders/orders.schema';
import { businessTimeZone, setBusinessTimeZone } from '../../platform/business-time/business-time';
import { systemCaller } from '../../platform/caller';
import { TestApi } from '../../test/test-app';
import { walletBalance } from '../../wallet/ledger';
import { walletRecords } from '../../wallet/wallet.schema';
import { expectLedgerBalanced } from '../../wallet/wallet-fixtures';
import { bonusPayouts, bonusSettlementRuns } from '../bonus.schema';
import { reverseOrderBonuses } from '../payouts';
import { settlePeriod } from '.';

/**
 * Bonus days and months are the business time zone's. A sponsor at level 2 (invitation ratio 20 %) earns the
 * referral bonus (type 1) of 1,000 SP: floor(1000 × 100 × 2000 / 10000) = 20,000 cents per order.
 */
const REFERRAL_CENTS = 20_000;

let api: TestApi;
let sponsor: UserRow;
let buyer: UserRow;

const order = async (ref: string, completedAt: string) => {
  const [row] = await api.db
    .insert(orders)
    .values({
      platformOrderNo: `PO-tz-${ref}`,
      userId: buyer.id,
      salesPoint: 1000,
      amountCents: 100_000,
      sourceType: 2,
      productName: `tz ${ref}`,
      orderAt: new Date(completedAt),
      completedAt: new Date(completedAt),
    })
    .returning();
  return row!;
};
const referralOf = (orderId: number) =>
  api.db
    .select()
    .from(bonusPayouts)
    .where(
      and(
        eq(bonusPayouts.orderId, orderId),
        eq(bonusPayouts.userId, sponsor.id),
        eq(bonusPayouts.typeKey, 1),
      ),
    );
const sponsorCents = async () => (await walletBalance(api.db, sponsor.id)).availableCents;

beforeAll(async () => {
  api = await TestApi.start();
  sponsor = await api.factory.member({ levelId: 2 });
  buyer = await api.factory.member({ parentUserId: sponsor.id });
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

describe('settlement periods in the business time zone', () => {
  it('a new database settles Hong Kong days and months', async () => {
    expect(await businessTimeZone(api.db, { fresh: true })).toBe('Asia/Hong_Kong');
  });

  it('an order at 00:30 Hong Kong time on the 1st is paid in the new month, never in the old one', async () => {
    const early = await order('early', '2026-09-30T16:30:00Z'); // 2026-10-01 00:30 in Hong Kong
    await settlePeriod(api.db, { period: '2026-09', startedBy: null });
    await settlePeriod(api.db, { period: '2026-09-30', startedBy: null });
    expect(await referralOf(early.id)).toEqual([]);
    expect(await sponsorCents()).toBe(0);

    const { run } = await settlePeriod(api.db, { period: '2026-10-01', startedBy: null });
    expect(run.time_zone).toBe('Asia/Hong_Kong');
    const [paid] = await referralOf(early.id);
    expect(paid).toMatchObject({ period: '2026-10-01', day: '2026-10-01', cents: REFERRAL_CENTS });
    const [record] = await api.db
      .select()
      .from(walletRecords)
      .where(eq(walletRecords.id, paid!.walletRecordId!));
    expect(record).toMatchObject({ day: '2026-10-01', month: '2026-10' });

    // The month pays its monthly types (the sponsor's dividend and team bonus), not the order's referral again.
    const october = await settlePeriod(api.db, { period: '2026-10', startedBy: null });
    expect(october.run.totals.map((t) => t.type_key)).not.toContain(1);
    expect(await referralOf(early.id)).toHaveLength(1);
    expect(await sponsorCents()).toBe(REFERRAL_CENTS + parseCents(october.run.total_amount)!);
  });

  it('changing the zone pays no order twice, and a refund still finds what a run of the old zone paid', async () => {
    // 2026-08-31 17:00 UTC is 2026-09-01 01:00 in Hong Kong: paid under UTC's 31 August first.
    const boundary = await order('boundary', '2026-08-31T17:00:00Z');
    await setBusinessTimeZone(api.db, 'UTC', systemCaller('test'));
    const utc = await settlePeriod(api.db, { period: '2026-08-31', startedBy: null });
    expect(utc.run.time_zone).toBe('UTC');
    expect(await referralOf(boundary.id)).toEqual([expect.objectContaining({ period: '2026-08-31' })]);
    const before = await sponsorCents();

    await setBusinessTimeZone(api.db, 'Asia/Hong_Kong', systemCaller('test'));
    // Its Hong Kong day and month hold the order: a first run of each, and nothing is paid again.
    const day = await settlePeriod(api.db, { period: '2026-09-01', startedBy: null });
    expect(day.run).toMatchObject({ time_zone: 'Asia/Hong_Kong', status: 'done' });
    const month = await settlePeriod(api.db, { period: '2026-09', startedBy: null });
    expect(month.run.status).toBe('done');
    expect(await referralOf(boundary.id)).toHaveLength(1);
    expect(day.run.payout_count).toBe(0);
    expect(month.run.totals.map((t) => t.type_key)).not.toContain(1);
    expect(await sponsorCents()).toBe(before + parseCents(month.run.total_amount)!);
    const afterMonth = await sponsorCents();

    const runs = await api.db.select({ zone: bonusSettlementRuns.timeZone }).from(bonusSettlementRuns);
    expect(new Set(runs.map((r) => r.zone))).toEqual(new Set(['UTC', 'Asia/Hong_Kong']));
    const reversed = await api.db.transaction((tx) => reverseOrderBonuses(tx, boundary.id));
    expect(reversed.count).toBeGreaterThanOrEqual(1);
    expect(reversed.cents).toBe(REFERRAL_CENTS * reversed.count);
    expect(await sponsorCents()).toBe(afterMonth - reversed.cents);
  });

  it('refuses a zone the runtime does not know, and audits a change', async () => {
    await expect(setBusinessTimeZone(api.db, 'Mars/Olympus', systemCaller('test'))).rejects.toMatchObject({
      key: 'validation.timeZone',
    });
    expect(await businessTimeZone(api.db, { fresh: true })).toBe('Asia/Hong_Kong');
  });
});

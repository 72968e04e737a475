import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../test/test-app';
import { checkInvariant } from '../wallet/invariant';
import { postEntry, walletBalance } from '../wallet/ledger';
import { walletRecords } from '../wallet/wallet.schema';
import { expectLedgerBalanced } from '../wallet/wallet-fixtures';
import { bonusPayouts } from './bonus.schema';
import type { Payout } from './engine/types';
import { payBonuses } from './payouts';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

const orderNoOf = (orderId: number) => `O${orderId}`;
const payout = (userId: number, orderId: number, cents: number, typeKey = 1): Payout => ({
  userId,
  typeKey,
  period: '2026-10-05',
  orderId,
  baseSp: cents * 10,
  ratioBp: 1_000,
  cents,
});

describe('payBonuses', () => {
  // A first run pays by COPY on PostgreSQL (payByCopy), by the statement on PGlite and otherwise.
  it.each([{ firstRun: false }, { firstRun: true }])(
    'pays many payouts (several per member, more than one statement; first run: $firstRun): balances, running records, links',
    async ({ firstRun }) => {
      const ids = (await Promise.all(Array.from({ length: 7 }, () => api.factory.member()))).map((m) => m.id);
      await api.db.transaction((tx) =>
        postEntry(tx, { userId: ids[0]!, amountCents: 1_000, move: 'credit', kind: 'recharge' }),
      );
      await api.db.transaction((tx) =>
        postEntry(tx, { userId: ids[0]!, amountCents: 400, move: 'freeze', kind: 'withdraw_freeze' }),
      );
      // 12,000 payouts grouped by member, as settlement passes them; amounts 1..97 cents.
      const payouts = ids.flatMap((userId, u) =>
        Array.from({ length: Math.floor(12_000 / 7) + (u < 12_000 % 7 ? 1 : 0) }, (_, i) =>
          payout(userId, 100_000 * (u + 1) + i, 1 + ((u + i) % 97), 1 + (i % 3)),
        ),
      );
      const paid = await api.db.transaction((tx) =>
        payBonuses(tx, payouts, { runId: null, orderNoOf, firstRun }),
      );
      expect(paid).toBe(12_000);

      const expected = new Map(ids.map((id) => [id, 0]));
      for (const p of payouts) expected.set(p.userId, expected.get(p.userId)! + p.cents);
      expected.set(ids[0]!, expected.get(ids[0]!)! + 600);
      for (const id of ids)
        expect((await walletBalance(api.db, id)).availableCents, `user ${id}`).toBe(expected.get(id));
      expect(await walletBalance(api.db, ids[0]!)).toMatchObject({ frozenCents: 400 });

      const records = await api.db
        .select()
        .from(walletRecords)
        .where(inArray(walletRecords.userId, ids))
        .orderBy(asc(walletRecords.id));
      const running = new Map<number, { a: number; f: number }>();
      for (const r of records) {
        const prev = running.get(r.userId) ?? { a: 0, f: 0 };
        const next = { a: prev.a + r.availableDeltaCents, f: prev.f + r.frozenDeltaCents };
        expect([r.availableAfterCents, r.frozenAfterCents], `record ${r.id}`).toEqual([next.a, next.f]);
        running.set(r.userId, next);
      }
      const byId = new Map(records.map((r) => [r.id, r]));
      const rows = await api.db.select().from(bonusPayouts).where(inArray(bonusPayouts.userId, ids));
      expect(rows).toHaveLength(12_000);
      for (const row of rows)
        expect(byId.get(row.walletRecordId!), `payout ${row.id}`).toMatchObject({
          userId: row.userId,
          amountCents: row.cents,
          kind: 'bonus',
          bonusType: row.typeKey,
          referenceType: 'order',
          referenceId: orderNoOf(row.orderId!),
          day: '2026-10-05',
          action: 1,
          status: 1,
        });
      expect(await checkInvariant(api.db, ids)).toMatchObject({ ok: true, records: 12_002 });
    },
  );

  it('pays a payout once: again, twice in one batch, and a monthly one referencing its period', async () => {
    const m = await api.factory.member();
    const once = payout(m.id, 77, 100);
    expect(await api.db.transaction((tx) => payBonuses(tx, [once], { runId: null, orderNoOf }))).toBe(1);
    expect(await api.db.transaction((tx) => payBonuses(tx, [once, once], { runId: null, orderNoOf }))).toBe(
      0,
    );
    const fresh = payout(m.id, 78, 50);
    expect(await api.db.transaction((tx) => payBonuses(tx, [fresh, fresh], { runId: null, orderNoOf }))).toBe(
      1,
    );
    // A first run expects nothing of its period: a payout recorded before fails it and changes nothing.
    const first = api.db.transaction((tx) => payBonuses(tx, [once], { runId: null, firstRun: true }));
    await expect(first).rejects.toMatchObject({ key: 'wallet.duplicateEntry' });
    const monthly = { ...payout(m.id, 0, 25, 9), period: '2026-10', orderId: null };
    expect(await api.db.transaction((tx) => payBonuses(tx, [monthly], { runId: null }))).toBe(1);
    expect(await api.db.transaction((tx) => payBonuses(tx, [], { runId: null }))).toBe(0);

    expect(await walletBalance(api.db, m.id)).toEqual({ availableCents: 175, frozenCents: 0 });
    const [row] = await api.db.select().from(bonusPayouts).where(eq(bonusPayouts.typeKey, 9));
    const [record] = await api.db
      .select()
      .from(walletRecords)
      .where(eq(walletRecords.id, row!.walletRecordId!));
    expect(record).toMatchObject({
      referenceType: 'bonus_period',
      referenceId: `2026-10#${row!.id}`,
      day: '2026-10-01',
    });
  });
});

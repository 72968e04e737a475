import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../test/test-app';
import { checkInvariant } from './invariant';
import { postCredits, postEntry, walletBalance } from './ledger';
import { walletRecords } from './wallet.schema';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => {
  expect((await checkInvariant(api.db)).violations).toEqual([]);
  await api.close();
});

describe('postEntry', () => {
  it('moves both buckets through every kind of entry and keeps the running balance', async () => {
    const m = await api.factory.member();
    const post = (move: Parameters<typeof postEntry>[1]['move'], amountCents: number, kind = 'adjustment') =>
      api.db.transaction((tx) =>
        postEntry(tx, { userId: m.id, amountCents, move, kind: kind as 'adjustment' }),
      );
    await post('credit', 10_000, 'recharge');
    await post('freeze', 3_000, 'withdraw_freeze');
    expect(await walletBalance(api.db, m.id)).toEqual({ availableCents: 7_000, frozenCents: 3_000 });
    await post('release', 1_000, 'withdraw_release');
    const paid = await post('payout', 2_000, 'withdraw_paid');
    expect(paid).toMatchObject({ action: 2, status: 1, availableAfterCents: 8_000, frozenAfterCents: 0 });
    await post('debit', 500, 'transfer_out');
    expect(await walletBalance(api.db, m.id)).toEqual({ availableCents: 7_500, frozenCents: 0 });
    expect((await checkInvariant(api.db, [m.id])).ok).toBe(true);
  });

  it('refuses what the wallet cannot afford and changes nothing', async () => {
    const m = await api.factory.member();
    const debit = api.db.transaction((tx) =>
      postEntry(tx, { userId: m.id, amountCents: 1, move: 'debit', kind: 'transfer_out' }),
    );
    await expect(debit).rejects.toMatchObject({ key: 'wallet.insufficientBalance' });
    await api.db.transaction((tx) =>
      postEntry(tx, { userId: m.id, amountCents: 100, move: 'credit', kind: 'recharge' }),
    );
    const payout = api.db.transaction((tx) =>
      postEntry(tx, { userId: m.id, amountCents: 1, move: 'payout', kind: 'withdraw_paid' }),
    );
    await expect(payout).rejects.toMatchObject({ key: 'wallet.insufficientBalance' });
    expect(await walletBalance(api.db, m.id)).toEqual({ availableCents: 100, frozenCents: 0 });
  });

  it('never pays the same reference twice', async () => {
    const m = await api.factory.member();
    const bonus = () =>
      api.db.transaction((tx) =>
        postEntry(tx, {
          userId: m.id,
          amountCents: 250,
          move: 'credit',
          kind: 'bonus',
          bonusType: 1,
          reference: { type: 'order', id: 'O1' },
          month: '2026-10',
        }),
      );
    expect(await bonus()).toMatchObject({ month: '2026-10', day: '2026-10-01', bonusType: 1 });
    await expect(bonus()).rejects.toMatchObject({ key: 'wallet.duplicateEntry' });
    expect(await walletBalance(api.db, m.id)).toEqual({ availableCents: 250, frozenCents: 0 });
  });

  it('holds under parallel debits: exactly the affordable ones succeed', async () => {
    const m = await api.factory.member();
    await api.db.transaction((tx) =>
      postEntry(tx, { userId: m.id, amountCents: 5_000, move: 'credit', kind: 'recharge' }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 80 }, () =>
        api.db.transaction((tx) =>
          postEntry(tx, { userId: m.id, amountCents: 100, move: 'debit', kind: 'adjustment' }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    expect(await walletBalance(api.db, m.id)).toEqual({ availableCents: 0, frozenCents: 0 });
    expect((await checkInvariant(api.db, [m.id])).ok).toBe(true);
  });
});

describe('postCredits', () => {
  it('credits many entries (several per user) in one posting: balances, running records, invariant', async () => {
    const members = await Promise.all(Array.from({ length: 7 }, () => api.factory.member()));
    const ids = members.map((m) => m.id);
    await api.db.transaction((tx) =>
      postEntry(tx, { userId: ids[0]!, amountCents: 1_000, move: 'credit', kind: 'recharge' }),
    );
    await api.db.transaction((tx) =>
      postEntry(tx, { userId: ids[0]!, amountCents: 400, move: 'freeze', kind: 'withdraw_freeze' }),
    );
    // 12,000 entries (more than one chunk), interleaved users, amounts 1..97 cents.
    const entries = Array.from({ length: 12_000 }, (_, i) => ({
      userId: ids[(i * 5) % ids.length]!,
      amountCents: 1 + (i % 97),
      kind: 'bonus' as const,
      bonusType: 1 + (i % 3),
      reference: { type: 'bonus_test', id: i },
      month: '2026-10',
    }));
    const posted = await api.db.transaction((tx) => postCredits(tx, entries));
    expect(posted).toHaveLength(entries.length);
    expect(new Set(posted.map((p) => p.id)).size).toBe(entries.length);

    const expected = new Map(ids.map((id) => [id, 0]));
    for (const e of entries) expected.set(e.userId, expected.get(e.userId)! + e.amountCents);
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
    for (const id of ids) expect(running.get(id)!.a).toBe(expected.get(id));
    const byId = new Map(records.map((r) => [r.id, r]));
    for (const [i, p] of posted.entries())
      expect(byId.get(p.id), `entry ${i}`).toMatchObject({
        userId: entries[i]!.userId,
        amountCents: entries[i]!.amountCents,
        referenceId: String(i),
        availableAfterCents: p.availableAfterCents,
        day: '2026-10-01',
        action: 1,
        status: 1,
      });
    expect(await checkInvariant(api.db, ids)).toMatchObject({ ok: true, records: 12_002 });
  });

  it('refuses an entry posted before, or twice in the batch, and changes nothing', async () => {
    const m = await api.factory.member();
    const entry = {
      userId: m.id,
      amountCents: 100,
      kind: 'bonus' as const,
      bonusType: 2,
      reference: { type: 'order', id: 'O77' },
    };
    await api.db.transaction((tx) => postCredits(tx, [entry]));
    const again = api.db.transaction((tx) => postCredits(tx, [{ ...entry, bonusType: 3 }, entry]));
    await expect(again).rejects.toMatchObject({ key: 'wallet.duplicateEntry' });
    const twice = api.db.transaction((tx) =>
      postCredits(tx, [
        { ...entry, bonusType: 4 },
        { ...entry, bonusType: 4 },
      ]),
    );
    await expect(twice).rejects.toMatchObject({ key: 'wallet.duplicateEntry' });
    expect(await walletBalance(api.db, m.id)).toEqual({ availableCents: 100, frozenCents: 0 });
    expect(await api.db.transaction((tx) => postCredits(tx, []))).toEqual([]);
  });
});

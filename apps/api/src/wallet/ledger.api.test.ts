import { dayIn } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBusinessTimeZone } from '../platform/business-time/business-time';
import { systemCaller } from '../platform/caller';
import { TestApi } from '../test/test-app';
import { checkInvariant } from './invariant';
import { postEntry, walletBalance } from './ledger';
import { sendTransfer } from './transfers.service';
import { walletRecords } from './wallet.schema';
import { expectLedgerBalanced } from './wallet-fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => {
  await expectLedgerBalanced(api);
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

describe('the day an entry counts for', () => {
  it("is the business time zone's, for postings and for transfers", async () => {
    const now = new Date();
    // A zone whose date differs from UTC's at this hour, so a UTC day would show.
    const zone = now.getUTCHours() < 11 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const today = dayIn(now, zone);
    expect(today).not.toBe(now.toISOString().slice(0, 10));
    await setBusinessTimeZone(api.db, zone, systemCaller('test'));
    try {
      const [from, to] = [await api.factory.member(), await api.factory.member()];
      const credit = await postEntry(api.db, {
        userId: from.id,
        amountCents: 500,
        move: 'credit',
        kind: 'recharge',
      });
      expect(credit).toMatchObject({ day: today, month: today.slice(0, 7) });
      await sendTransfer(api.db, { fromUserId: from.id, toUserNo: to.userNo, amountCents: 200 });
      const records = await api.db
        .select()
        .from(walletRecords)
        .where(eq(walletRecords.referenceType, 'transfer'));
      expect(records.map((r) => [r.kind, r.day, r.month])).toEqual([
        ['transfer_out', today, today.slice(0, 7)],
        ['transfer_in', today, today.slice(0, 7)],
      ]);
    } finally {
      await setBusinessTimeZone(api.db, 'Asia/Hong_Kong', systemCaller('test'));
    }
  });
});

import {
  BonusKey,
  type CommissionStatusResult,
  type PayoutExplanation,
  type UserDetail,
  type UserListResult,
  type UserWalletBonus,
  type WithheldPayouts,
} from '@app/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundToWallet } from '../../orders/orders.refund';
import { orders } from '../../orders/orders.schema';
import { auditLogs } from '../../platform/audit/audit.schema';
import { systemCaller } from '../../platform/caller';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { checkInvariant } from '../../wallet/invariant';
import { walletBalance } from '../../wallet/ledger';
import { walletRecords } from '../../wallet/wallet.schema';
import { expectLedgerBalanced } from '../../wallet/wallet-fixtures';
import { bonusPayouts } from '../bonus.schema';
import type { Payout } from '../engine/types';
import { payOneOff } from '../one-off';
import { payBonuses } from '../payouts';
import { buildScenario } from '../scenario.db';
import { settlePeriod } from '../settlement';

/**
 * Commission status per member (docs/product/bonus.md): pay, hold, forfeit. Built on the hand-computed scenario
 * (engine/scenario.fixture.ts): C is due 748.74 in October over six payouts (types 1, 2, 5, 11 on orders o1 and
 * o2; types 3 and 9 for the month), D 6.66 (type 5 on o3), E 200.00 (type 1 on o2).
 */
let api: TestApi;
let admin: string;
let bareAdmin: string;
let scn: Awaited<ReturnType<typeof buildScenario>>;
const token: Record<string, string> = {};
const url = (id: number) => `/api/users/${id}/commission-status`;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
  bareAdmin = await api.login((await api.factory.admin()).name, TEST_PASSWORD);
  scn = await buildScenario(api.db, api.factory);
  for (const n of ['C', 'D', 'E'] as const) token[n] = await api.login(scn.logins[n], TEST_PASSWORD);
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

const payoutsOf = (userId: number) =>
  api.db.select().from(bonusPayouts).where(eq(bonusPayouts.userId, userId)).orderBy(asc(bonusPayouts.id));
const recordsOf = (userId: number) =>
  api.db.select().from(walletRecords).where(eq(walletRecords.userId, userId)).orderBy(asc(walletRecords.id));

describe('PUT /api/users/{id}/commission-status: validation and roles', () => {
  it('requires a reason to hold or forfeit, in the caller’s language; refuses an unknown status or a long reason', async () => {
    const noReason = await api.put(url(scn.ids.C), { status: 'hold', reason: '   ' }, { token: admin });
    expect(noReason.status).toBe(422);
    expect(noReason.body.data).toEqual({
      errors: [{ field: 'reason', message: 'Give a reason to hold or forfeit commissions' }],
    });
    const zh = await api.put(url(scn.ids.C), { status: 'forfeit' }, { token: admin, locale: 'zh-HK' });
    expect(zh.body.data).toEqual({ errors: [{ field: 'reason', message: '暫停或沒收佣金須填寫原因' }] });
    const cn = await api.put(url(scn.ids.C), { status: 'forfeit' }, { token: admin, locale: 'zh-CN' });
    expect(cn.body.data).toEqual({ errors: [{ field: 'reason', message: '暂停或没收佣金须填写原因' }] });
    const bad = await api.put(url(scn.ids.C), { status: 'later', reason: 'x' }, { token: admin });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toMatchObject({ errors: [{ field: 'status' }] });
    const long = await api.put(url(scn.ids.C), { status: 'hold', reason: 'x'.repeat(501) }, { token: admin });
    expect(long.status).toBe(422);
    expect(long.body.data).toMatchObject({ errors: [{ field: 'reason' }] });
  });

  it('is for administrators with the member list permission, on members only', async () => {
    const body = { status: 'hold', reason: 'checking' };
    expect((await api.put(url(scn.ids.C), body, { token: token.C })).status).toBe(403);
    expect((await api.put(url(scn.ids.C), body, { token: bareAdmin })).status).toBe(403);
    expect((await api.put(url(scn.ids.C), body)).status).toBe(401);
    const anAdmin = await api.factory.admin();
    expect((await api.put(url(anAdmin.id), body, { token: admin })).status).toBe(404);
    expect((await api.put(url(987_654), body, { token: admin })).status).toBe(404);
    const detail = await api.get<UserDetail>(`/api/users/${scn.ids.C}`, { token: admin });
    expect(detail.body.data).toMatchObject({ commission_status: 'pay', commission_reason: null });
  });
});

describe('hold, forfeit and release', () => {
  it('sets each status with its reason (trimmed), audited with before and after', async () => {
    const hold = await api.put<CommissionStatusResult>(
      url(scn.ids.C),
      { status: 'hold', reason: '  KYC documents missing  ' },
      { token: admin },
    );
    expect(hold.status).toBe(200);
    expect(hold.body.msg).toBe('Commission status saved');
    expect(hold.body.data).toEqual({
      id: scn.ids.C,
      commission_status: 'hold',
      commission_reason: 'KYC documents missing',
      released: { count: 0, amount: '0.00' },
      forfeited: { count: 0, amount: '0.00' },
    });
    const forfeit = await api.put(url(scn.ids.D), { status: 'forfeit', reason: 'fraud' }, { token: admin });
    expect(forfeit.status).toBe(200);
    const [row] = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'user'), eq(auditLogs.entityId, String(scn.ids.C))));
    expect(row).toMatchObject({
      action: 'status',
      actorKind: 'admin',
      before: { commissionStatus: 'pay', commissionReason: null },
      after: { commissionStatus: 'hold', commissionReason: 'KYC documents missing' },
    });
    // The same status and reason again changes nothing and is not audited again.
    await api.put(url(scn.ids.C), { status: 'hold', reason: 'KYC documents missing' }, { token: admin });
    const rows = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'user'), eq(auditLogs.entityId, String(scn.ids.C))));
    expect(rows).toHaveLength(1);
    // Shown on the detail and filtered in the member list (administrators only).
    const detail = await api.get<UserDetail>(`/api/users/${scn.ids.C}`, { token: admin });
    expect(detail.body.data).toMatchObject({
      commission_status: 'hold',
      commission_reason: 'KYC documents missing',
    });
    const held = await api.get<UserListResult>('/api/users/list', {
      token: admin,
      query: { commission_status: 'hold', pageSize: 100 },
    });
    expect(held.body.data.list.map((u) => u.id)).toEqual([scn.ids.C]);
    expect(held.body.data.meta.total).toBe(1);
    const paying = await api.get<UserListResult>('/api/users/list', {
      token: admin,
      query: { commission_status: 'pay', keyword: 'scn_' },
    });
    expect(paying.body.data.list.map((u) => u.id).sort()).toEqual(
      [scn.ids.A, scn.ids.B, scn.ids.E, scn.ids.F].sort(),
    );
    const byMember = await api.get('/api/users/list', {
      token: token.E,
      query: { commission_status: 'hold' },
    });
    expect(byMember.status).toBe(422);
  });

  it('a settled period records a held member’s payouts held and a forfeiting member’s forfeited, crediting neither', async () => {
    await settlePeriod(api.db, { period: '2026-10', startedBy: null });
    const c = await payoutsOf(scn.ids.C);
    expect(c).toHaveLength(6);
    for (const p of c) expect(p, `payout ${p.id}`).toMatchObject({ status: 'held', walletRecordId: null });
    expect(c.reduce((s, p) => s + p.cents, 0)).toBe(74_874);
    expect(await recordsOf(scn.ids.C)).toEqual([]);
    expect(await walletBalance(api.db, scn.ids.C)).toEqual({ availableCents: 0, frozenCents: 0 });
    const d = await payoutsOf(scn.ids.D);
    expect(d.map((p) => [p.status, p.cents, p.walletRecordId])).toEqual([['forfeited', 666, null]]);
    expect(await walletBalance(api.db, scn.ids.D)).toEqual({ availableCents: 0, frozenCents: 0 });
    // A member paid as ever.
    const e = await payoutsOf(scn.ids.E);
    expect(e.map((p) => p.status)).toEqual(['paid']);
    expect(await walletBalance(api.db, scn.ids.E)).toMatchObject({ availableCents: 20_000 });
    expect((await checkInvariant(api.db)).ok).toBe(true);
  });

  it('the member’s bonus views count only what was credited and list the held payouts apart', async () => {
    const report = await api.post<UserWalletBonus>(
      `/api/users/${scn.ids.C}/getUserWallet`,
      { filter: ['2026-10-01', '2026-10-31'], type: 'month' },
      { token: token.C },
    );
    expect(report.body.data.list).toEqual([]);
    const withheld = await api.get<WithheldPayouts>(`/api/users/${scn.ids.C}/withheld-payouts`, {
      token: token.C,
      query: { pageSize: 4 },
    });
    expect(withheld.status).toBe(200);
    expect(withheld.body.data).toMatchObject({
      commission_status: 'hold',
      commission_reason: 'KYC documents missing',
      held: { count: 6, amount: '748.74' },
      forfeited: { count: 0, amount: '0.00' },
      meta: { total: 6, page: 1, pageSize: 4 },
    });
    expect(withheld.body.data.list).toHaveLength(4);
    expect(withheld.body.data.list.every((p) => p.status === 'held')).toBe(true);
    const typeOne = withheld.body.data.list.find((p) => p.type_key === 1);
    expect(typeOne).toMatchObject({ order_no: scn.orderNos.o1, amount: '200.00', period: '2026-10-03' });
    // Another member may not read them; an administrator with the member list permission may.
    expect((await api.get(`/api/users/${scn.ids.C}/withheld-payouts`, { token: token.E })).status).toBe(403);
    expect((await api.get(`/api/users/${scn.ids.C}/withheld-payouts`, { token: bareAdmin })).status).toBe(
      403,
    );
    const forfeited = await api.get<WithheldPayouts>(`/api/users/${scn.ids.D}/withheld-payouts`, {
      token: admin,
      query: { status: 'forfeited' },
    });
    expect(forfeited.body.data).toMatchObject({
      commission_status: 'forfeit',
      forfeited: { count: 1, amount: '6.66' },
      meta: { total: 1 },
    });
    // The explanation says how the payout was recorded.
    const held = await api.get<PayoutExplanation>(`/api/bonus/payouts/${typeOne!.id}/explanation`, {
      token: token.C,
    });
    expect(held.body.data.payout).toMatchObject({ status: 'held', amount: '200.00' });
    const [paid] = await payoutsOf(scn.ids.E);
    const explained = await api.get<PayoutExplanation>(`/api/bonus/payouts/${paid!.id}/explanation`, {
      token: admin,
    });
    expect(explained.body.data.payout.status).toBe('paid');
  });

  it('a refund of an order whose payout is held reverses it without a debit; others are debited as ever', async () => {
    const [o1] = await api.db.select().from(orders).where(eq(orders.id, scn.orderIds.o1!));
    const before = await walletBalance(api.db, scn.ids.B);
    const refund = await api.db.transaction((tx) => refundToWallet(tx, systemCaller(), o1!.platformOrderNo));
    // B's type 2 (80.00) and A's types 4 and 7 (80.00, 50.00) were credited: debited back. C's type 1 was held.
    expect(refund).toMatchObject({ reversed: 3, reversed_amount: '210.00' });
    const [held] = (await payoutsOf(scn.ids.C)).filter((p) => p.orderId === scn.orderIds.o1);
    expect(held).toMatchObject({ status: 'held', reversalRecordId: null, walletRecordId: null });
    expect(held!.reversedAt).not.toBeNull();
    expect(await recordsOf(scn.ids.C)).toEqual([]);
    expect((await walletBalance(api.db, scn.ids.B)).availableCents).toBe(before.availableCents - 8_000);
  });

  it('two administrators releasing at once credit each held payout exactly once', async () => {
    const [first, second] = await Promise.all([
      api.put<CommissionStatusResult>(
        url(scn.ids.C),
        { status: 'pay', reason: 'documents received' },
        {
          token: admin,
        },
      ),
      api.put<CommissionStatusResult>(
        url(scn.ids.C),
        { status: 'pay', reason: 'documents received' },
        {
          token: admin,
        },
      ),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    // One of them released the five standing payouts (748.74 less o1's 200.00, reversed by the refund).
    const released = [first.body.data.released, second.body.data.released].sort((a, b) => b.count - a.count);
    expect(released).toEqual([
      { count: 5, amount: '548.74' },
      { count: 0, amount: '0.00' },
    ]);
    expect(await walletBalance(api.db, scn.ids.C)).toEqual({ availableCents: 54_874, frozenCents: 0 });
    const payouts = await payoutsOf(scn.ids.C);
    const records = await recordsOf(scn.ids.C);
    expect(records).toHaveLength(5);
    const byId = new Map(records.map((r) => [r.id, r]));
    for (const p of payouts.filter((p) => p.reversedAt === null)) {
      expect(p.status, `payout ${p.id}`).toBe('paid');
      const record = byId.get(p.walletRecordId!);
      expect(record, `payout ${p.id}`).toMatchObject({
        userId: scn.ids.C,
        amountCents: p.cents,
        kind: 'bonus',
        bonusType: p.typeKey,
        referenceType: p.orderId === null ? 'bonus_period' : 'order',
        referenceId: p.orderId === null ? `${p.period}#${p.id}` : scn.orderNos.o2,
        day: p.day,
      });
    }
    // The refunded one stays as it was: reversed, never credited.
    const refunded = payouts.find((p) => p.reversedAt !== null);
    expect(refunded).toMatchObject({ status: 'held', walletRecordId: null });
    expect(await checkInvariant(api.db, [scn.ids.C])).toMatchObject({ ok: true, records: 5 });
    const audits = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'user'), eq(auditLogs.entityId, String(scn.ids.C))));
    expect(audits.map((a) => a.after)).toContainEqual({
      commissionStatus: 'pay',
      commissionReason: 'documents received',
      released: { count: 5, cents: 54_874 },
    });
    // A release again finds nothing held; settling the period again pays nothing twice.
    await api.put(url(scn.ids.C), { status: 'hold', reason: 'again' }, { token: admin });
    const again = await api.put<CommissionStatusResult>(url(scn.ids.C), { status: 'pay' }, { token: admin });
    expect(again.body.data.released).toEqual({ count: 0, amount: '0.00' });
    await api.put(url(scn.ids.C), { status: 'pay', reason: null }, { token: admin });
    expect((await walletBalance(api.db, scn.ids.C)).availableCents).toBe(54_874);
  });

  it('forfeit never pays, also after the status returns to pay', async () => {
    const back = await api.put<CommissionStatusResult>(url(scn.ids.D), { status: 'pay' }, { token: admin });
    expect(back.body.data).toMatchObject({ commission_status: 'pay', released: { count: 0 } });
    const d = await payoutsOf(scn.ids.D);
    expect(d.map((p) => [p.status, p.walletRecordId])).toEqual([['forfeited', null]]);
    expect(await walletBalance(api.db, scn.ids.D)).toEqual({ availableCents: 0, frozenCents: 0 });
    expect(await recordsOf(scn.ids.D)).toEqual([]);
  });

  it('hold then forfeit forfeits what was held; the one-off reward honours the status', async () => {
    const m = await api.factory.member();
    await api.put(url(m.id), { status: 'hold', reason: 'review' }, { token: admin });
    expect(await api.db.transaction((tx) => payOneOff(tx, BonusKey.wecReward, m.id, 'WEC'))).toBe(0);
    expect((await payoutsOf(m.id)).map((p) => [p.status, p.cents, p.walletRecordId])).toEqual([
      ['held', 100_000, null],
    ]);
    const forfeit = await api.put<CommissionStatusResult>(
      url(m.id),
      { status: 'forfeit', reason: 'confirmed' },
      { token: admin },
    );
    expect(forfeit.body.data.forfeited).toEqual({ count: 1, amount: '1000.00' });
    await api.put(url(m.id), { status: 'hold', reason: 'review' }, { token: admin });
    await api.put(url(m.id), { status: 'pay' }, { token: admin });
    expect((await payoutsOf(m.id)).map((p) => p.status)).toEqual(['forfeited']);
    expect(await walletBalance(api.db, m.id)).toEqual({ availableCents: 0, frozenCents: 0 });
    // A member on pay gets the reward credited.
    const paid = await api.factory.member();
    expect(await api.db.transaction((tx) => payOneOff(tx, BonusKey.wecReward, paid.id, 'WEC'))).toBe(100_000);
    expect((await payoutsOf(paid.id)).map((p) => p.status)).toEqual(['paid']);
  });
});

describe('payBonuses with holds', () => {
  // A first run pays by COPY on PostgreSQL (payByCopy), by the statement on PGlite and otherwise.
  it.each([{ firstRun: false }, { firstRun: true }])(
    'records held and forfeited payouts without a wallet record and credits only the others (first run: $firstRun)',
    async ({ firstRun }) => {
      const [held, forfeiting, paying] = await Promise.all([
        api.factory.member(),
        api.factory.member(),
        api.factory.member(),
      ]);
      const ids = [held.id, forfeiting.id, paying.id];
      const payout = (userId: number, orderId: number, cents: number): Payout => ({
        userId,
        typeKey: 1,
        period: '2026-09-05',
        orderId,
        baseSp: cents,
        ratioBp: 1_000,
        cents,
      });
      const payouts = ids.flatMap((id, u) => [payout(id, 9_000 + u * 2, 100), payout(id, 9_001 + u * 2, 30)]);
      const holds = new Map([
        [held.id, 'hold' as const],
        [forfeiting.id, 'forfeit' as const],
      ]);
      const credited = await api.db.transaction((tx) =>
        payBonuses(tx, payouts, { runId: null, orderNoOf: (id) => `O${id}`, firstRun, holds }),
      );
      expect(credited).toBe(2);
      const rows = await api.db.select().from(bonusPayouts).where(inArray(bonusPayouts.userId, ids));
      const statusOf = (userId: number) =>
        rows.filter((r) => r.userId === userId).map((r) => [r.status, r.walletRecordId === null]);
      expect(statusOf(held.id)).toEqual([
        ['held', true],
        ['held', true],
      ]);
      expect(statusOf(forfeiting.id)).toEqual([
        ['forfeited', true],
        ['forfeited', true],
      ]);
      expect(statusOf(paying.id)).toEqual([
        ['paid', false],
        ['paid', false],
      ]);
      expect(await walletBalance(api.db, paying.id)).toEqual({ availableCents: 130, frozenCents: 0 });
      expect(await walletBalance(api.db, held.id)).toEqual({ availableCents: 0, frozenCents: 0 });
      expect(await checkInvariant(api.db, ids)).toMatchObject({ ok: true, records: 2 });
    },
  );
});

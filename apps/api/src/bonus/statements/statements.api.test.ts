import {
  BonusKey,
  dayIn,
  maskName,
  Perm,
  type Statement,
  type StatementPayoutList,
  WithdrawalStatus,
} from '@app/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../members/members.schema';
import { orders } from '../../orders/orders.schema';
import { setBusinessTimeZone } from '../../platform/business-time/business-time';
import { systemCaller } from '../../platform/caller';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { postEntry } from '../../wallet/ledger';
import { transfers, walletRecords } from '../../wallet/wallet.schema';
import { expectLedgerBalanced, idemKey } from '../../wallet/wallet-fixtures';
import { withdrawals } from '../../withdrawals/withdrawals.schema';
import { bonusPayouts } from '../bonus.schema';
import { payBonuses, reverseOrderBonuses } from '../payouts';

/**
 * A hand-built October 2026 of the business time zone Asia/Hong_Kong (UTC+8: the month is
 * 2026-09-30T16:00Z – 2026-10-31T16:00Z) for member M, whose direct member B buys (referral bonus 10 % at level 1):
 *
 * - 2026-09-20 M is credited 100.00 (the opening balance).
 * - Order O3 of 10-10 (SP 200) pays M 20.00, credited 10-11; refunded 10-20: reversed (−20.00).
 * - 10-12 O sends M 15.00; 10-13 M sends O 5.50.
 * - 10-14 M applies to withdraw 40.00 (refused 10-16: returned); 10-18 M applies for 10.00 (still in application).
 * - Order O1 completed 2026-10-31T15:30Z (23:30 in Hong Kong: October) pays 12.30, credited on 11-01;
 *   order O2 completed 2026-10-31T16:30Z (00:30 on 1 November in Hong Kong) pays 5.00: November's.
 * - Group sales bonus of October (monthly, counts on 10-01) 30.00, credited on 11-01.
 * - A held referral payout of 10-20 (7.77) and a forfeited 2nd-generation payout of 10-21 (3.33), never credited.
 *
 * October: credited 20.00 + 12.30 + 30.00 = 62.30, reversed 20.00, net 42.30, held 7.77, forfeited 3.33;
 * wallet 100.00 → 100 + 20 + 15 − 5.50 − 50 + 40 − 20 = 99.50 available, 10.00 frozen.
 */
let api: TestApi;
let m: UserRow;
let b: UserRow;
let o: UserRow;
let mToken: string;
let oToken: string;
let superToken: string;
let orderNos: Record<string, string>;

const at = (iso: string) => new Date(iso);

/** Gives M's wallet records after `afterId` (and M's transfers/withdrawals just made) the time `time`. */
async function dated(time: string, afterId: number): Promise<number> {
  await api.db
    .update(walletRecords)
    .set({ createdAt: at(time) })
    .where(gt(walletRecords.id, afterId));
  const [last] = await api.db
    .execute<{ id: string }>(sql`select coalesce(max(id), 0) as id from wallet_records`)
    .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
  return Number(last!.id);
}

async function order(ref: string, sp: number, completedAt: string) {
  const [row] = await api.db
    .insert(orders)
    .values({
      platformOrderNo: `PO-stm-${ref}-${Math.random().toString(36).slice(2, 8)}`,
      sourceType: 2,
      productName: `product ${ref}`,
      amountCents: sp * 100,
      orderAt: at(completedAt),
      userId: b.id,
      salesPoint: sp,
      completedAt: at(completedAt),
    })
    .returning();
  return row!;
}

/**
 * Pays M the referral bonus of an order (10 % of its SP) under the business day of its completion, as settlement
 * does (dayIn in the business time zone), through the ledger's bulk credit.
 */
async function payReferral(row: typeof orders.$inferSelect) {
  const paid = await api.db.transaction((tx) =>
    payBonuses(
      tx,
      [
        {
          userId: m.id,
          typeKey: BonusKey.referral,
          period: dayIn(row.completedAt!, 'Asia/Hong_Kong'),
          orderId: row.id,
          baseSp: row.salesPoint,
          ratioBp: 1_000,
          cents: row.salesPoint * 10,
        },
      ],
      { runId: null, orderNoOf: () => row.orderNo },
    ),
  );
  expect(paid).toBe(1);
}

const BANK = { bank_card_number: '6222 0000 1111', bank_code: 'HSBC', bank_name: 'HSBC Hong Kong' };

beforeAll(async () => {
  api = await TestApi.start();
  await setBusinessTimeZone(api.db, 'Asia/Hong_Kong', systemCaller());
  const superAdmin = await api.factory.superAdmin();
  superToken = await api.login(superAdmin.name, TEST_PASSWORD);
  m = await api.factory.member({ name: `stm_m_${Date.now()}`, levelId: 1 });
  b = await api.factory.member({ parentUserId: m.id, levelId: 1 });
  o = await api.factory.member({ name: `Olivia${Date.now()}` });
  mToken = await api.login(m.name, TEST_PASSWORD);
  oToken = await api.login(o.name, TEST_PASSWORD);
  await api.db.transaction((tx) =>
    postEntry(tx, { userId: o.id, amountCents: 10_000, move: 'credit', kind: 'adjustment' }),
  );
  let last = await dated('2026-09-01T00:00:00Z', 0);

  await api.db.transaction((tx) =>
    postEntry(tx, { userId: m.id, amountCents: 10_000, move: 'credit', kind: 'adjustment' }),
  );
  last = await dated('2026-09-20T04:00:00Z', last);

  const o3 = await order('O3', 200, '2026-10-10T04:00:00Z');
  const o1 = await order('O1', 123, '2026-10-31T15:30:00Z');
  const o2 = await order('O2', 50, '2026-10-31T16:30:00Z');
  orderNos = { O1: o1.orderNo, O2: o2.orderNo, O3: o3.orderNo };

  await payReferral(o3);
  last = await dated('2026-10-11T02:00:00Z', last);

  expect(
    (
      await api.post(
        '/api/wallet/sendTransfer',
        { user_no: m.userNo, amount: '15.00' },
        { token: oToken, headers: idemKey() },
      )
    ).status,
  ).toBe(200);
  last = await dated('2026-10-12T02:00:00Z', last);
  expect(
    (
      await api.post(
        '/api/wallet/sendTransfer',
        { user_no: o.userNo, amount: '5.50', remark: 'lunch' },
        { token: mToken, headers: idemKey() },
      )
    ).status,
  ).toBe(200);
  last = await dated('2026-10-13T02:00:00Z', last);
  await api.db
    .update(transfers)
    .set({ createdAt: at('2026-10-12T02:00:00Z') })
    .where(eq(transfers.fromUserId, o.id));
  await api.db
    .update(transfers)
    .set({ createdAt: at('2026-10-13T02:00:00Z') })
    .where(eq(transfers.fromUserId, m.id));

  const first = await api.post<{ id: number }>(
    '/api/wallet/create-withdraw-record',
    { amount: '40.00', ...BANK },
    { token: mToken, headers: idemKey() },
  );
  expect(first.status).toBe(200);
  last = await dated('2026-10-14T02:00:00Z', last);
  const refused = await api.post(
    `/api/wallet/admin/next/${first.body.data.id}`,
    { action: 'refuse', reason: 'name mismatch' },
    { token: superToken },
  );
  expect(refused.status).toBe(200);
  last = await dated('2026-10-16T02:00:00Z', last);
  await api.db
    .update(withdrawals)
    .set({ createdAt: at('2026-10-14T02:00:00Z'), updatedAt: at('2026-10-16T02:00:00Z') })
    .where(eq(withdrawals.id, first.body.data.id));
  const second = await api.post<{ id: number }>(
    '/api/wallet/create-withdraw-record',
    { amount: '10.00', ...BANK },
    { token: mToken, headers: idemKey() },
  );
  expect(second.status).toBe(200);
  last = await dated('2026-10-18T02:00:00Z', last);
  await api.db
    .update(withdrawals)
    .set({ createdAt: at('2026-10-18T02:00:00Z'), updatedAt: at('2026-10-18T02:00:00Z') })
    .where(eq(withdrawals.id, second.body.data.id));

  expect(await api.db.transaction((tx) => reverseOrderBonuses(tx, o3.id))).toMatchObject({
    count: 1,
    cents: 2_000,
  });
  last = await dated('2026-10-20T04:00:00Z', last);

  await payReferral(o1);
  last = await dated('2026-11-01T02:00:00Z', last);
  await api.db.transaction((tx) =>
    payBonuses(
      tx,
      [
        {
          userId: m.id,
          typeKey: BonusKey.groupSales,
          period: '2026-10',
          orderId: null,
          baseSp: 3_000,
          ratioBp: 1_000,
          cents: 3_000,
        },
      ],
      { runId: null },
    ),
  );
  last = await dated('2026-11-01T03:00:00Z', last);
  await payReferral(o2);
  last = await dated('2026-11-02T02:00:00Z', last);

  // Held and forfeited payouts are recorded, never credited (no wallet record).
  await api.db.insert(bonusPayouts).values([
    {
      userId: m.id,
      typeKey: BonusKey.referral,
      period: '2026-10-20',
      day: '2026-10-20',
      cents: 777,
      status: 'held',
    },
    {
      userId: m.id,
      typeKey: BonusKey.secondGeneration,
      period: '2026-10-21',
      day: '2026-10-21',
      cents: 333,
      status: 'forfeited',
    },
  ]);
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

const statementOf = (
  token: string,
  query: Record<string, string | number>,
  locale?: 'en-US' | 'zh-HK' | 'zh-CN',
) => api.get<Statement>('/api/bonus/statements', { token, query, locale });

describe('GET /api/bonus/statements', () => {
  it("gives the member the month's figures as computed by hand", async () => {
    const res = await statementOf(mToken, { month: '2026-10' });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.member).toEqual({ id: m.id, user_no: m.userNo, name: m.name });
    expect([s.month, s.time_zone, s.from, s.to, s.partial]).toEqual([
      '2026-10',
      'Asia/Hong_Kong',
      '2026-09-30T16:00:00.000Z',
      '2026-10-31T16:00:00.000Z',
      false,
    ]);
    expect(s.types.map(({ name: _n, ...line }) => line)).toEqual([
      {
        type_key: 1,
        paid_count: 2,
        credited: '32.30',
        held_count: 1,
        held: '7.77',
        forfeited_count: 0,
        forfeited: '0.00',
      },
      {
        type_key: 2,
        paid_count: 0,
        credited: '0.00',
        held_count: 0,
        held: '0.00',
        forfeited_count: 1,
        forfeited: '3.33',
      },
      {
        type_key: 6,
        paid_count: 1,
        credited: '30.00',
        held_count: 0,
        held: '0.00',
        forfeited_count: 0,
        forfeited: '0.00',
      },
    ]);
    expect(s.types[0]!.name).toBe('Referral bonus');
    expect(s.totals).toEqual({
      payouts: 5,
      credited: '62.30',
      reversed: '20.00',
      net: '42.30',
      held: '7.77',
      forfeited: '3.33',
    });
    expect(s.reversals.count).toBe(1);
    expect(s.reversals.amount).toBe('20.00');
    expect(s.reversals.list).toEqual([
      expect.objectContaining({
        order_no: orderNos.O3,
        type_key: 1,
        amount: '20.00',
        payout_day: '2026-10-10',
        reversed_at: '2026-10-20T04:00:00.000Z',
      }),
    ]);
    expect(s.withdrawals).toMatchObject({
      count: 2,
      amount: '50.00',
      by_status: [
        { status: WithdrawalStatus.inApplication, count: 1, amount: '10.00' },
        { status: WithdrawalStatus.rejected, count: 1, amount: '40.00' },
      ],
      truncated: false,
    });
    expect(s.withdrawals.list.map((w) => [w.amount, w.status])).toEqual([
      ['40.00', 2],
      ['10.00', 1],
    ]);
    expect(s.transfers.in).toEqual({ count: 1, amount: '15.00' });
    expect(s.transfers.out).toEqual({ count: 1, amount: '5.50' });
    // The other member as a member sees them: member id and masked name.
    expect(
      s.transfers.list.map((t) => [
        t.direction,
        t.amount,
        t.counterparty.user_no,
        t.counterparty.name,
        t.remark,
      ]),
    ).toEqual([
      ['in', '15.00', o.userNo, maskName(o.name), null],
      ['out', '5.50', o.userNo, maskName(o.name), 'lunch'],
    ]);
    expect(s.wallet).toEqual({
      opening_available: '100.00',
      closing_available: '99.50',
      opening_frozen: '0.00',
      closing_frozen: '10.00',
      movements: [
        { kind: 'bonus', count: 1, available: '20.00' },
        { kind: 'bonus_reversal', count: 1, available: '-20.00' },
        { kind: 'transfer_in', count: 1, available: '15.00' },
        { kind: 'transfer_out', count: 1, available: '-5.50' },
        { kind: 'withdraw_freeze', count: 2, available: '-50.00' },
        { kind: 'withdraw_release', count: 1, available: '40.00' },
      ],
    });
  });

  it("puts an order completed at 00:30 of 1 November in Hong Kong (16:30 UTC on 31 October) in November's statement", async () => {
    const nov = (await statementOf(mToken, { month: '2026-11' })).body.data;
    expect(nov.types.map((t) => [t.type_key, t.paid_count, t.credited])).toEqual([[1, 1, '5.00']]);
    expect(nov.partial).toBe(true);
    // November's wallet opens where October's closed.
    expect(nov.wallet.opening_available).toBe('99.50');
    const page = await api.get<StatementPayoutList>('/api/bonus/statements/payouts', {
      token: mToken,
      query: { month: '2026-11' },
    });
    expect(page.body.data.list.map((p) => [p.day, p.order_no, p.amount])).toEqual([
      ['2026-11-01', orderNos.O2, '5.00'],
    ]);
  });

  it("pages the month's payouts by day", async () => {
    const page = (n: number) =>
      api.get<StatementPayoutList>('/api/bonus/statements/payouts', {
        token: mToken,
        query: { month: '2026-10', page: n, pageSize: 2 },
      });
    const one = (await page(1)).body.data;
    expect(one.meta).toEqual({ total: 5, page: 1, pageSize: 2 });
    expect(one.list.map((p) => [p.day, p.type_key, p.status, p.amount, p.reversed_at !== null])).toEqual([
      ['2026-10-01', 6, 'paid', '30.00', false],
      ['2026-10-10', 1, 'paid', '20.00', true],
    ]);
    const three = (await page(3)).body.data;
    expect(three.list.map((p) => [p.day, p.order_no, p.status, p.amount])).toEqual([
      ['2026-10-31', orderNos.O1, 'paid', '12.30'],
    ]);
  });

  it('lets an administrator with the member list or the member report permission read any member, names in full', async () => {
    for (const perm of [Perm.userList, Perm.userReport]) {
      const role = await api.post<{ id: number }>(
        '/api/permission/roles',
        { name: `Statements ${perm}`, permission_ids: [perm] },
        { token: superToken },
      );
      const admin = await api.factory.admin({ roleIds: [role.body.data.id] });
      const token = await api.login(admin.name, TEST_PASSWORD);
      const res = await statementOf(token, { month: '2026-10', user_id: m.id });
      expect(res.status).toBe(200);
      expect(res.body.data.totals.net).toBe('42.30');
      expect(res.body.data.transfers.list[0]!.counterparty.name).toBe(o.name);
      const noMember = await statementOf(token, { month: '2026-10' });
      expect([noMember.status, noMember.body.msg]).toEqual([400, 'Please choose a member']);
    }
  });

  it('refuses another member, administrators without the permission, and unknown or administrator accounts', async () => {
    const other = await statementOf(oToken, { month: '2026-10', user_id: m.id });
    expect(other.status).toBe(403);
    const otherPayouts = await api.get('/api/bonus/statements/payouts', {
      token: oToken,
      query: { month: '2026-10', user_id: m.id },
    });
    expect(otherPayouts.status).toBe(403);
    expect((await statementOf(oToken, { month: '2026-10', user_id: o.id })).status).toBe(200);
    const role = await api.post<{ id: number }>(
      '/api/permission/roles',
      { name: 'Orders only', permission_ids: [Perm.orders] },
      { token: superToken },
    );
    const bare = await api.factory.admin({ roleIds: [role.body.data.id] });
    const bareToken = await api.login(bare.name, TEST_PASSWORD);
    expect((await statementOf(bareToken, { month: '2026-10', user_id: m.id })).status).toBe(403);
    expect((await statementOf(superToken, { month: '2026-10', user_id: 999_999 })).status).toBe(404);
    expect((await statementOf(superToken, { month: '2026-10', user_id: bare.id })).status).toBe(404);
    expect((await api.get('/api/bonus/statements', { query: { month: '2026-10' } })).status).toBe(401);
  });

  it('refuses a malformed month and a month not begun, in the reader’s language', async () => {
    const bad = await statementOf(mToken, { month: '2026-13' }, 'zh-HK');
    expect([bad.status, bad.body.msg]).toEqual([422, 'month: 請以 YYYY-MM 格式輸入月份']);
    const missing = await statementOf(mToken, {}, 'en-US');
    expect([missing.status, missing.body.msg]).toEqual([422, 'month: Please choose a month']);
    const future = await statementOf(mToken, { month: '2027-01' }, 'zh-CN');
    expect([future.status, future.body.msg]).toEqual([400, '此月份尚未开始']);
  });

  it('exports a real .xlsx in the reader’s language: a summary sheet and every payout', async () => {
    const res = await api.get('/api/bonus/statements', {
      token: mToken,
      query: { month: '2026-10', export: 1 },
      locale: 'zh-HK',
    });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toBe(
      `attachment; filename="statement-${m.userNo}-2026-10.xlsx"`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['摘要', '獎金明細']);
    const cells = (sheet: ExcelJS.Worksheet) => {
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const summary = cells(book.worksheets[0]!);
    expect(summary[0]).toEqual(['收益結單']);
    expect(summary).toContainEqual(['淨收益', 42.3]);
    expect(summary).toContainEqual(['期末可用餘額', 99.5]);
    expect(summary).toContainEqual(['暫扣', 7.77]);
    const payouts = cells(book.worksheets[1]!);
    expect(payouts[0]).toEqual([
      '日期',
      '期間',
      '獎金類型',
      '狀態',
      '金額',
      '訂單編號',
      '銷售積分',
      '撤回時間',
      '記錄時間',
    ]);
    expect(payouts).toHaveLength(6);
    expect(
      payouts
        .slice(1)
        .map((r) => [r[0], r[3], r[4]])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    ).toEqual([
      ['2026-10-01', '已發放', 30],
      ['2026-10-10', '已發放', 20],
      ['2026-10-20', '暫扣', 7.77],
      ['2026-10-21', '沒收', 3.33],
      ['2026-10-31', '已發放', 12.3],
    ]);
  });
});

describe('statement wallet figures', () => {
  it('reconcile: opening + the month’s movements = closing', async () => {
    const s = (await statementOf(mToken, { month: '2026-10' })).body.data;
    const moved = s.wallet.movements.reduce((sum, mv) => sum + Math.round(Number(mv.available) * 100), 0);
    expect(Math.round(Number(s.wallet.opening_available) * 100) + moved).toBe(
      Math.round(Number(s.wallet.closing_available) * 100),
    );
    const [row] = await api.db
      .select({ n: sql<number>`count(*)::int` })
      .from(walletRecords)
      .where(and(eq(walletRecords.userId, m.id), gt(walletRecords.createdAt, at('2026-10-31T16:00:00Z'))));
    expect(row!.n).toBe(3); // O1 and group sales (1 Nov), O2 (2 Nov): not October's wallet
  });
});

import { parseCents, type SettlementResult, type SettlementRunDto } from '@app/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../platform/audit/audit.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { walletBalance } from '../wallet/ledger';
import { walletRecords } from '../wallet/wallet.schema';
import { expectLedgerBalanced } from '../wallet/wallet-fixtures';
import { bonusPayouts } from './bonus.schema';
import { EXPECTED, NAMES, type Name } from './engine/scenario.fixture';
import { reverseOrderBonuses } from './payouts';
import { buildScenario } from './scenario.db';
import { runSettlement } from './settlement.service';

let api: TestApi;
let admin: string;
let adminId: number;
let member: string;
let scn: Awaited<ReturnType<typeof buildScenario>>;

const sumOf = (name: Name, onlyOrder?: string) =>
  Object.values(EXPECTED[name])
    .flatMap((byRef) => Object.entries(byRef))
    .filter(([ref]) => !onlyOrder || ref === onlyOrder)
    .reduce((s, [, cents]) => s + cents, 0);
const balances = async () =>
  Object.fromEntries(
    await Promise.all(NAMES.map(async (n) => [n, (await walletBalance(api.db, scn.ids[n])).availableCents])),
  );
const settle = (body: object, token = admin) =>
  api.post<SettlementResult>('/api/bonus/settlements', body, { token });

beforeAll(async () => {
  api = await TestApi.start();
  const a = await api.factory.superAdmin();
  adminId = a.id;
  admin = await api.login(a.name, TEST_PASSWORD);
  scn = await buildScenario(api.db, api.factory);
  member = await api.login((await api.factory.member()).name, TEST_PASSWORD);
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

describe('bonus settlement runs on the database', () => {
  it('a dry run shows what would be paid and pays nothing', async () => {
    const res = await api.post<SettlementResult>(
      '/api/bonus/settlements/preview',
      { period: '2026-10' },
      { token: admin },
    );
    expect(res.status).toBe(200);
    const total = NAMES.reduce((s, n) => s + sumOf(n), 0);
    expect(res.body.data.run).toMatchObject({
      dry_run: true,
      status: 'done',
      total_amount: (total / 100).toFixed(2),
    });
    expect(res.body.data.items).toHaveLength(res.body.data.run.payout_count);
    expect(await api.db.select().from(bonusPayouts)).toHaveLength(0);
    expect(await api.db.select().from(walletRecords)).toHaveLength(0);
  });

  it('a daily run pays the order-driven bonuses of that day only', async () => {
    const res = await settle({ period: '2026-10-10' });
    expect(res.status).toBe(200);
    const paid = await balances();
    for (const n of NAMES) expect(paid[n], n).toBe(sumOf(n, 'o2'));
  });

  it('the month run pays the rest: each member exactly the hand-computed amounts, one wallet record per payout', async () => {
    const res = await settle({ period: '2026-10' });
    expect(res.status).toBe(200);
    const paid = await balances();
    for (const n of NAMES) expect(paid[n], n).toBe(sumOf(n));

    const payouts = await api.db.select().from(bonusPayouts);
    const refOf = new Map(Object.entries(scn.orderIds).map(([ref, id]) => [id, ref]));
    const nameOf = new Map(NAMES.map((n) => [scn.ids[n], n]));
    const got: Record<string, Record<number, Record<string, number>>> = Object.fromEntries(
      NAMES.map((n) => [n, {}]),
    );
    for (const p of payouts) {
      const byType = got[nameOf.get(p.userId)!]!;
      byType[p.typeKey] = { ...byType[p.typeKey], [p.orderId ? refOf.get(p.orderId)! : 'month']: p.cents };
    }
    expect(got).toEqual(EXPECTED);

    const records = await api.db.select().from(walletRecords);
    expect(records).toHaveLength(payouts.length);
    const o4 = payouts.find((p) => p.orderId === scn.orderIds.o4 && p.typeKey === 1)!;
    const record = records.find((r) => r.id === o4.walletRecordId)!;
    expect(record).toMatchObject({
      kind: 'bonus',
      bonusType: 1,
      referenceType: 'order',
      referenceId: scn.orderNos.o4,
      day: '2026-10-20',
    });
    expect(record.remark).toBe(`bonus run #${o4.runId}`);
    await expectLedgerBalanced(api);
  });

  it('re-running a settled period pays nothing more', async () => {
    const before = await balances();
    const res = await settle({ period: '2026-10' });
    expect(res.body.data.run).toMatchObject({ payout_count: 0, total_amount: '0.00' });
    expect(await balances()).toEqual(before);
  });

  it('a refund reverses the bonuses of that order once', async () => {
    const before = await balances();
    const reversed = await api.db.transaction((tx) => reverseOrderBonuses(tx, scn.orderIds.o2!));
    expect(reversed.count).toBe(7);
    const after = await balances();
    for (const n of NAMES) expect(before[n] - after[n], n).toBe(sumOf(n, 'o2'));
    expect(await api.db.transaction((tx) => reverseOrderBonuses(tx, scn.orderIds.o2!))).toEqual({
      count: 0,
      cents: 0,
    });
    const rows = await api.db.select().from(bonusPayouts).where(eq(bonusPayouts.orderId, scn.orderIds.o2!));
    expect(rows.every((r) => r.reversedAt && r.reversalRecordId)).toBe(true);
    await expectLedgerBalanced(api);
  });

  it('lists the runs with their totals, newest first', async () => {
    const res = await api.get<{ list: SettlementRunDto[]; meta: { total: number } }>(
      '/api/bonus/settlements',
      { token: admin },
    );
    expect(res.body.data.meta.total).toBe(4);
    expect(res.body.data.list.map((r) => [r.period, r.dry_run])).toEqual([
      ['2026-10', false],
      ['2026-10', false],
      ['2026-10-10', false],
      ['2026-10', true],
    ]);
    expect(res.body.data.list[2]!.totals.map((t) => t.type_key)).toEqual([1, 2, 4, 5, 7, 8, 11]);
    expect(res.body.data.list[0]!.started_by?.id).toBeTypeOf('number');
  });

  it('puts every run in the audit log: who, period, type, dry run or not, totals', async () => {
    const logs = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entity, 'bonus_settlement_run'))
      .orderBy(asc(auditLogs.id));
    expect(logs.map((l) => [l.action, l.actorId, (l.after as { period: string }).period])).toEqual([
      ['dry_run', adminId, '2026-10'],
      ['settle', adminId, '2026-10-10'],
      ['settle', adminId, '2026-10'],
      ['settle', adminId, '2026-10'],
    ]);
    const runs = await api.get<{ list: SettlementRunDto[] }>('/api/bonus/settlements', { token: admin });
    const daily = runs.body.data.list.find((r) => r.period === '2026-10-10')!;
    expect(logs[1]).toMatchObject({ entityId: String(daily.id) });
    expect(logs[1]!.after).toMatchObject({
      typeKey: null,
      dryRun: false,
      status: 'done',
      startedBy: adminId,
      payoutCount: daily.payout_count,
      totalCents: parseCents(daily.total_amount),
    });
    expect((logs[1]!.after as { totals: unknown[] }).totals).toHaveLength(daily.totals.length);
    expect(logs[3]!.after).toMatchObject({ payoutCount: 0, totalCents: 0 });
  });

  it('refuses members, bad periods and periods that have not ended', async () => {
    expect((await settle({ period: '2026-10' }, member)).status).toBe(403);
    expect((await api.get('/api/bonus/settlements', { token: member })).status).toBe(403);
    const bad = await settle({ period: '2026-13' });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toMatchObject({ errors: [{ field: 'period' }] });
    const future = await settle({ period: '2999-01' }, admin);
    expect(future.status).toBe(400);
    expect(future.body.msg).toBe('A period that has not ended cannot be settled');
  });

  it('a run that fails is recorded as failed and audited too', async () => {
    const failing = new Proxy(api.db, {
      get: (target, prop) =>
        prop === 'transaction' ? () => Promise.reject(new Error('boom')) : Reflect.get(target, prop),
    });
    const run = runSettlement(failing, { period: '2026-09', dryRun: false, startedBy: adminId });
    await expect(run).rejects.toThrow('boom');
    const [log] = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entity, 'bonus_settlement_run'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(log).toMatchObject({ action: 'settle' });
    expect(log!.after).toMatchObject({
      period: '2026-09',
      status: 'failed',
      error: 'boom',
      startedBy: adminId,
    });
  });
});

import {
  type BonusTypeDto,
  type JobStarted,
  type Paged,
  Perm,
  parseCents,
  type RoleView,
  type SettlementPreviewItem,
  type SettlementResult,
  type SettlementRunDto,
  systemText,
  translate,
} from '@app/contracts';
import { asc, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../platform/audit/audit.schema';
import { jobs } from '../../platform/jobs/jobs.schema';
import { jobFile, pollJob } from '../../platform/jobs/test-jobs';
import { xlsxRows } from '../../platform/xlsx/test-files';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { walletBalance } from '../../wallet/ledger';
import { walletRecords } from '../../wallet/wallet.schema';
import { expectLedgerBalanced } from '../../wallet/wallet-fixtures';
import { bonusPayouts } from '../bonus.schema';
import { EXPECTED, NAMES, type Name } from '../engine/scenario.fixture';
import { reverseOrderBonuses } from '../payouts';
import { buildScenario } from '../scenario.db';
import { runSettlement, settlePeriod } from '.';

let api: TestApi;
let admin: string;
let adminId: number;
/** A second administrator, who approves the runs `admin` starts. */
let approver: string;
let approverId: number;
let member: string;
let scn: Awaited<ReturnType<typeof buildScenario>>;
/** The result of the first dry run, before anything of the period was paid. */
let firstDryRun: SettlementResult;

const sumOf = (name: Name, onlyOrder?: string) =>
  Object.values(EXPECTED[name])
    .flatMap((byRef) => Object.entries(byRef))
    .filter(([ref]) => !onlyOrder || ref === onlyOrder)
    .reduce((s, [, cents]) => s + cents, 0);
const balances = async () =>
  Object.fromEntries(
    await Promise.all(NAMES.map(async (n) => [n, (await walletBalance(api.db, scn.ids[n])).availableCents])),
  );
const SETTLE = '/api/bonus/settlements';
const PREVIEW = '/api/bonus/settlements/preview';
const settle = (body: object, token = admin, url = SETTLE) => api.post<JobStarted>(url, body, { token });
/** Follows a started job to the end: the job, its progress and its result. */
async function followed(res: { status: number; body: { data: JobStarted } }, token: string) {
  expect(res.status).toBe(200);
  const { job, seen } = await pollJob(api, res.body.data, token);
  expect(job, job.error ?? '').toMatchObject({ status: 'done', download_url: null });
  return { job, seen, result: job.result as SettlementResult };
}
/** Starts a run (or a dry run) and follows its job to the end: a real run then awaits approval. */
const settled = async (body: object, url = SETTLE) => followed(await settle(body, admin, url), admin);
/** Starts a real run, then another administrator approves it: the approval's job, its progress and result. */
async function approved(body: object) {
  const computed = await settled(body);
  expect(computed.result.run.status).toBe('awaiting_approval');
  const approval = await api.post<JobStarted>(
    `${SETTLE}/${computed.result.run.id}/approve`,
    {},
    { token: approver },
  );
  return followed(approval, approver);
}
const jobCount = async () => (await api.db.select({ n: count() }).from(jobs))[0]!.n;

beforeAll(async () => {
  api = await TestApi.start();
  const a = await api.factory.superAdmin();
  adminId = a.id;
  admin = await api.login(a.name, TEST_PASSWORD);
  const role = await api.post<RoleView>(
    '/api/permission/roles',
    { name: 'Settlement approvers', permission_ids: [Perm.approveSettlements] },
    { token: admin },
  );
  const second = await api.factory.admin({ roleIds: [role.body.data.id] });
  approverId = second.id;
  approver = await api.login(second.name, TEST_PASSWORD);
  scn = await buildScenario(api.db, api.factory);
  member = await api.login((await api.factory.member()).name, TEST_PASSWORD);
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

describe('bonus settlement runs on the database', () => {
  it('a dry run shows what would be paid and pays nothing', async () => {
    const { job, result } = await settled({ period: '2026-10' }, PREVIEW);
    const total = NAMES.reduce((s, n) => s + sumOf(n), 0);
    expect(result.run).toMatchObject({
      dry_run: true,
      status: 'done',
      total_amount: (total / 100).toFixed(2),
    });
    expect(result.items).toHaveLength(result.run.payout_count);
    firstDryRun = result;
    expect(job).toMatchObject({ kind: 'bonus.settlement.preview', processed: result.run.payout_count });
    expect(await api.db.select().from(bonusPayouts)).toHaveLength(0);
    expect(await api.db.select().from(walletRecords)).toHaveLength(0);
  });

  it('a daily run pays the order-driven bonuses of that day only', async () => {
    await approved({ period: '2026-10-10' });
    const paid = await balances();
    for (const n of NAMES) expect(paid[n], n).toBe(sumOf(n, 'o2'));
  });

  it('reports its progress: the payouts due once counted, then those paid', async () => {
    const reports: Array<[number, number]> = [];
    const { run } = await settlePeriod(api.db, {
      period: '2026-10',
      typeKey: 1,
      startedBy: adminId,
      progress: (processed, total) => reports.push([processed, total]),
    });
    const due = run.payout_count;
    expect(due).toBeGreaterThan(0);
    expect(reports).toEqual([
      [0, due],
      [due, due],
    ]);
  });

  it('the month run pays the rest: each member exactly the hand-computed amounts, one wallet record per payout', async () => {
    const { job, seen, result } = await approved({ period: '2026-10' });
    const { payout_count } = result.run;
    expect(result.run).toMatchObject({ status: 'done', approved_by: { id: approverId } });
    expect(job).toMatchObject({
      kind: 'bonus.settlement.approve',
      processed: payout_count,
      total: payout_count,
    });
    expect(seen.every((s, i) => i === 0 || s.processed >= seen[i - 1]!.processed)).toBe(true);
    const paidNow = await api.db.select().from(bonusPayouts).where(eq(bonusPayouts.runId, result.run.id));
    expect(paidNow).toHaveLength(payout_count);
    expect(result.run.total_amount).toBe((paidNow.reduce((s, p) => s + p.cents, 0) / 100).toFixed(2));
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
    expect(record.remark).toBe(systemText('remark.bonusRun', { runId: o4.runId! }));
    await expectLedgerBalanced(api);
  });

  it('re-running a settled period pays nothing more', async () => {
    const before = await balances();
    const { job, result } = await approved({ period: '2026-10' });
    expect(result.run).toMatchObject({ payout_count: 0, total_amount: '0.00' });
    expect(job).toMatchObject({ processed: 0, total: 0 });
    expect(await balances()).toEqual(before);
  });

  it('a refund reverses the bonuses of that order once', async () => {
    const before = await balances();
    const reversed = await api.db.transaction((tx) => reverseOrderBonuses(tx, scn.orderIds.o2!));
    expect(reversed.count).toBe(7);
    const after = await balances();
    for (const n of NAMES) expect(before[n] - after[n], n).toBe(sumOf(n, 'o2'));
    expect(await api.db.transaction((tx) => reverseOrderBonuses(tx, scn.orderIds.o2!))).toMatchObject({
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
    expect(res.body.data.meta.total).toBe(5);
    expect(res.body.data.list.map((r) => [r.period, r.type_key, r.dry_run, r.status])).toEqual([
      ['2026-10', null, false, 'done'],
      ['2026-10', null, false, 'done'],
      ['2026-10', 1, false, 'done'],
      ['2026-10-10', null, false, 'done'],
      ['2026-10', null, true, 'done'],
    ]);
    expect(res.body.data.list[0]!.time_zone).toBe('Asia/Hong_Kong');
    expect(res.body.data.list[3]!.totals.map((t) => t.type_key)).toEqual([1, 2, 4, 5, 7, 8, 11]);
    expect(res.body.data.list[0]!.started_by?.id).toBeTypeOf('number');
  });

  it('puts every run in the audit log: who, period, type, dry run or not, totals', async () => {
    const logs = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entity, 'bonus_settlement_run'))
      .orderBy(asc(auditLogs.id));
    // Each real run: computed by its starter, approved by another administrator, then settled (paid).
    const real = (period: string, actor: number | null) => [
      ['compute', actor, period],
      ['approve', actor === null ? null : approverId, period],
      ['settle', actor === null ? null : approverId, period],
    ];
    expect(logs.map((l) => [l.action, l.actorId, (l.after as { period: string }).period])).toEqual([
      ['dry_run', adminId, '2026-10'],
      ...real('2026-10-10', adminId),
      ...real('2026-10', null), // the run of type 1 called without a request
      ...real('2026-10', adminId),
      ...real('2026-10', adminId),
    ]);
    const runs = await api.get<{ list: SettlementRunDto[] }>('/api/bonus/settlements', { token: admin });
    const daily = runs.body.data.list.find((r) => r.period === '2026-10-10')!;
    expect(logs[3]).toMatchObject({ entityId: String(daily.id) });
    expect(logs[3]!.after).toMatchObject({
      typeKey: null,
      dryRun: false,
      status: 'done',
      startedBy: adminId,
      approvedBy: approverId,
      payoutCount: daily.payout_count,
      totalCents: parseCents(daily.total_amount),
    });
    expect(logs[1]!.after).toMatchObject({ status: 'awaiting_approval', approvedBy: null });
    expect((logs[3]!.after as { totals: unknown[] }).totals).toHaveLength(daily.totals.length);
    expect(logs[12]!.after).toMatchObject({ payoutCount: 0, totalCents: 0 });
  });

  it('refuses members, bad periods and periods that have not ended before starting any job', async () => {
    const before = await jobCount();
    for (const url of [SETTLE, PREVIEW]) {
      expect((await settle({ period: '2026-10' }, member, url)).status).toBe(403);
      const bad = await settle({ period: '2026-13' }, admin, url);
      expect(bad.status).toBe(422);
      expect(bad.body.data).toMatchObject({ errors: [{ field: 'period' }] });
      const noDay = await settle({ period: '2026-02-30' }, admin, url);
      expect(noDay.status).toBe(400);
      expect(noDay.body.msg).toBe(translate('validation.date', 'en-US'));
      const future = await settle({ period: '2999-01' }, admin, url);
      expect(future.status).toBe(400);
      expect(future.body.msg).toBe('A period that has not ended cannot be settled');
    }
    expect((await api.get('/api/bonus/settlements', { token: member })).status).toBe(403);
    expect(await jobCount()).toBe(before);
  });

  it("shows a run's job to the admin who started it only (404 for another admin with the permission)", async () => {
    const role = await api.post<RoleView>(
      '/api/permission/roles',
      { name: 'Bonus settlers', permission_ids: [Perm.bonusConfig] },
      { token: admin },
    );
    const other = await api.factory.admin({ roleIds: [role.body.data.id] });
    const otherToken = await api.login(other.name, TEST_PASSWORD);
    const started = await settle({ period: '2026-10' }, otherToken, PREVIEW);
    expect(started.status).toBe(200);
    const { job } = await pollJob(api, started.body.data, otherToken);
    expect(job.status).toBe('done');
    const { body } = await settle({ period: '2026-10' }, admin, PREVIEW);
    expect((await api.get(body.data.url, { token: otherToken })).status).toBe(404);
    await pollJob(api, body.data, admin);
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
    expect(log).toMatchObject({ action: 'compute' });
    expect(log!.after).toMatchObject({
      period: '2026-09',
      status: 'failed',
      error: 'boom',
      startedBy: adminId,
    });
  });
});

describe("a run's payouts, every one of them", () => {
  /** Every page of a run's payouts, `pageSize` at a time. */
  async function allPages(runId: number, pageSize: number) {
    const items: SettlementPreviewItem[] = [];
    for (let page = 1; ; page++) {
      const res = await api.get<Paged<SettlementPreviewItem>>(`${SETTLE}/${runId}/payouts`, {
        token: admin,
        query: { page, pageSize },
      });
      expect(res.status).toBe(200);
      items.push(...res.body.data.list);
      if (res.body.data.list.length < pageSize) return { items, total: res.body.data.meta.total };
    }
  }
  const keyOf = (i: SettlementPreviewItem) =>
    `${i.user.id}/${i.type_key}/${i.period}/${i.order_no}/${i.amount}`;
  const centsOf = (items: SettlementPreviewItem[]) =>
    items.reduce((s, i) => s + (parseCents(i.amount) ?? Number.NaN), 0);

  it('lists what a dry run would pay page by page, all of it, and exports it all', async () => {
    const { run } = firstDryRun;
    const { items, total } = await allPages(run.id, 7);
    expect(run.payout_count).toBeGreaterThan(7);
    expect(total).toBe(run.payout_count);
    expect(items.map(keyOf).sort()).toEqual(firstDryRun.items.map(keyOf).sort());
    expect(centsOf(items)).toBe(parseCents(run.total_amount));

    const started = await api.get<JobStarted>(`${SETTLE}/${run.id}/payouts`, {
      token: admin,
      query: { export: 1 },
    });
    expect(started.status).toBe(200);
    const { job, file } = await jobFile(api, started.body.data, admin);
    expect(job).toMatchObject({ status: 'done', processed: run.payout_count });
    const rows = await xlsxRows(file.raw);
    expect(rows.slice(1)).toHaveLength(run.payout_count);
    const typeColumn = rows[0]!.indexOf('Bonus type');
    const types = await api.get<BonusTypeDto[]>('/api/bonus/types', { token: admin });
    const known = new Set(types.body.data.map((type) => type.name));
    const named = rows.slice(1).map((r) => r[typeColumn]!);
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });

  it('lists what a real run paid, as recorded in bonus_payouts', async () => {
    const runs = await api.get<{ list: SettlementRunDto[] }>(SETTLE, { token: admin });
    const month = runs.body.data.list.find(
      (r) => !r.dry_run && r.period === '2026-10' && r.payout_count > 0,
    )!;
    const { items, total } = await allPages(month.id, 5);
    const paid = await api.db.select().from(bonusPayouts).where(eq(bonusPayouts.runId, month.id));
    expect([total, items.length]).toEqual([month.payout_count, month.payout_count]);
    expect(paid).toHaveLength(month.payout_count);
    expect(centsOf(items)).toBe(parseCents(month.total_amount));
  });

  it('answers 404 for a run that does not exist, and 403 to members', async () => {
    const missing = await api.get(`${SETTLE}/999999/payouts`, { token: admin });
    expect([missing.status, missing.body.msg]).toEqual([404, 'This settlement run does not exist']);
    const exportMissing = await api.get(`${SETTLE}/999999/payouts`, { token: admin, query: { export: 1 } });
    expect(exportMissing.status).toBe(404);
    expect((await api.get(`${SETTLE}/${firstDryRun.run.id}/payouts`, { token: member })).status).toBe(403);
  });
});

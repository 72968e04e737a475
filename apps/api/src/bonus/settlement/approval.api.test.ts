import {
  type JobStarted,
  type Paged,
  Perm,
  parseCents,
  type RoleView,
  type SettlementChangeItem,
  type SettlementFlagItem,
  type SettlementPayoutItem,
  type SettlementResult,
  type SettlementReview,
  type SettlementRunDto,
} from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../members/members.schema';
import { orders } from '../../orders/orders.schema';
import { auditLogs } from '../../platform/audit/audit.schema';
import { pollJob } from '../../platform/jobs/test-jobs';
import { xlsxRows } from '../../platform/xlsx/test-files';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { walletBalance } from '../../wallet/ledger';
import { walletRecords } from '../../wallet/wallet.schema';
import { expectLedgerBalanced } from '../../wallet/wallet-fixtures';
import { bonusPayouts, bonusTypes } from '../bonus.schema';
import { EXPECTED, NAMES } from '../engine/scenario.fixture';
import { buildScenario } from '../scenario.db';

const SETTLE = '/api/bonus/settlements';
let api: TestApi;
let starter: string;
let starterId: number;
let approver: string;
let approverId: number;
let bareAdmin: string;
let member: string;
let scn: Awaited<ReturnType<typeof buildScenario>>;

const expectedCents = (name: (typeof NAMES)[number]) =>
  Object.values(EXPECTED[name])
    .flatMap((byRef) => Object.values(byRef))
    .reduce((s, c) => s + c, 0);

/** Starts a job and follows it to its end (done or failed). */
async function jobOf(res: { status: number; body: { data: JobStarted; msg: string } }, token: string) {
  expect(res.status, res.body.msg).toBe(200);
  return (await pollJob(api, res.body.data, token)).job;
}
/** A real run of `period` computed by the starter: awaiting approval. */
async function computed(period: string): Promise<SettlementRunDto> {
  const job = await jobOf(await api.post<JobStarted>(SETTLE, { period }, { token: starter }), starter);
  expect(job.status, job.error ?? '').toBe('done');
  return (job.result as SettlementResult).run;
}
const approve = (id: number, token = approver) =>
  api.post<JobStarted>(`${SETTLE}/${id}/approve`, {}, { token });
const reject = (id: number, reason: unknown, token = approver) =>
  api.post<SettlementResult>(`${SETTLE}/${id}/reject`, { reason }, { token });
const review = async (id: number) =>
  (await api.get<SettlementReview>(`${SETTLE}/${id}/review`, { token: approver })).body.data;
const paidCount = async () => (await api.db.select().from(bonusPayouts)).length;

beforeAll(async () => {
  api = await TestApi.start();
  const a = await api.factory.superAdmin();
  starterId = a.id;
  starter = await api.login(a.name, TEST_PASSWORD);
  const role = await api.post<RoleView>(
    '/api/permission/roles',
    { name: 'Approvers', permission_ids: [Perm.approveSettlements] },
    { token: starter },
  );
  const b = await api.factory.admin({ roleIds: [role.body.data.id] });
  approverId = b.id;
  approver = await api.login(b.name, TEST_PASSWORD);
  bareAdmin = await api.login((await api.factory.admin()).name, TEST_PASSWORD);
  member = await api.login((await api.factory.member()).name, TEST_PASSWORD);
  scn = await buildScenario(api.db, api.factory);
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

describe('a settlement run awaits a second administrator', () => {
  let dryRunId: number;
  let awaiting: SettlementRunDto;

  it('computes into awaiting approval: its list is whole, and nothing reaches a wallet', async () => {
    const dry = await jobOf(
      await api.post<JobStarted>(`${SETTLE}/preview`, { period: '2026-10' }, { token: starter }),
      starter,
    );
    dryRunId = (dry.result as SettlementResult).run.id;
    awaiting = await computed('2026-10');
    expect(awaiting).toMatchObject({
      status: 'awaiting_approval',
      dry_run: false,
      time_zone: 'Asia/Hong_Kong',
      started_by: { id: starterId },
      approved_by: null,
    });
    expect(await paidCount()).toBe(0);
    expect(await api.db.select().from(walletRecords)).toHaveLength(0);
    const list = await api.get<Paged<SettlementPayoutItem>>(`${SETTLE}/${awaiting.id}/payouts`, {
      token: approver,
      query: { pageSize: 100 },
    });
    expect(list.body.data.meta.total).toBe(awaiting.payout_count);
    const listed = list.body.data.list.reduce((s, p) => s + parseCents(p.amount)!, 0);
    expect(listed).toBe(parseCents(awaiting.total_amount));
  });

  it('filters its payouts by member and by type', async () => {
    const memberNo = (await api.db.select().from(users).where(eq(users.id, scn.ids.A)))[0]!.userNo;
    const mine = await api.get<Paged<SettlementPayoutItem>>(`${SETTLE}/${awaiting.id}/payouts`, {
      token: approver,
      query: { member: memberNo, pageSize: 100 },
    });
    expect(mine.body.data.list.length).toBeGreaterThan(0);
    expect(mine.body.data.list.every((p) => p.user.id === scn.ids.A)).toBe(true);
    expect(mine.body.data.list.reduce((s, p) => s + parseCents(p.amount)!, 0)).toBe(expectedCents('A'));
    const type1 = await api.get<Paged<SettlementPayoutItem>>(`${SETTLE}/${awaiting.id}/payouts`, {
      token: approver,
      query: { type_key: 1, pageSize: 100 },
    });
    const total1 = awaiting.totals.find((t) => t.type_key === 1)!;
    expect(type1.body.data.meta.total).toBe(total1.count);
    expect(type1.body.data.list.every((p) => p.type_key === 1)).toBe(true);
    const unknown = await api.get(`${SETTLE}/${awaiting.id}/payouts`, {
      token: approver,
      query: { member: 'M0' },
    });
    expect(unknown.status).toBe(422);
  });

  it('refuses another run of an overlapping period while one awaits approval (a dry run is still allowed)', async () => {
    for (const period of ['2026-10', '2026-10-10']) {
      const res = await api.post(SETTLE, { period }, { token: starter });
      expect([res.status, res.body.msg]).toEqual([
        409,
        'This period already has a run awaiting approval or being paid: approve or reject it before starting another',
      ]);
    }
    expect((await api.post(`${SETTLE}/preview`, { period: '2026-10-10' }, { token: starter })).status).toBe(
      200,
    );
    // Another period is not held up.
    expect((await api.post(SETTLE, { period: '2026-09' }, { token: starter })).status).toBe(200);
  });

  it('shows its review: totals per type and level, receivers, largest payouts, flags, differences', async () => {
    await api.db.update(users).set({ commissionStatus: 'hold' }).where(eq(users.id, scn.ids.A));
    await api.db.update(users).set({ status: 2 }).where(eq(users.id, scn.ids.B));
    const r = await review(awaiting.id);
    await api.db.update(users).set({ commissionStatus: 'pay' }).where(eq(users.id, scn.ids.A));
    await api.db.update(users).set({ status: 1 }).where(eq(users.id, scn.ids.B));
    const receivers = NAMES.filter((n) => expectedCents(n) > 0);
    expect(r.receivers).toBe(receivers.length);
    const levelCents = r.by_level.reduce((s, l) => s + parseCents(l.amount)!, 0);
    expect(levelCents).toBe(parseCents(awaiting.total_amount));
    expect(r.by_level.reduce((s, l) => s + l.receivers, 0)).toBe(receivers.length);
    const largest = r.largest.map((p) => parseCents(p.amount)!);
    expect(largest).toEqual([...largest].sort((x, y) => y - x));
    expect(largest.length).toBe(Math.min(20, awaiting.payout_count));
    expect(r.flags).toMatchObject({ held: 1, disabled: 1, forfeit: 0, spike: 0, multiple: 5 });
    expect(r.dry_run).toMatchObject({ against: 'dry_run', run_id: dryRunId, amount: awaiting.total_amount });
    expect(r.dry_run!.other_amount).toBe(awaiting.total_amount);
    expect(r.previous).toMatchObject({
      against: 'previous',
      period: '2026-09',
      other_count: 0,
      other_amount: '0.00',
    });
    expect(r.rules_changed).toBe(false);
    const byType = r.previous.by_type.reduce((s, t) => s + parseCents(t.amount)!, 0);
    expect(byType).toBe(parseCents(awaiting.total_amount));
  });

  it('lists the flagged receivers and the members whose amount changed most', async () => {
    await api.db.update(users).set({ commissionStatus: 'forfeit' }).where(eq(users.id, scn.ids.C));
    const flags = await api.get<Paged<SettlementFlagItem>>(`${SETTLE}/${awaiting.id}/flags`, {
      token: approver,
    });
    await api.db.update(users).set({ commissionStatus: 'pay' }).where(eq(users.id, scn.ids.C));
    expect(flags.body.data.list).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: scn.ids.C }), flag: 'forfeit' }),
    ]);
    expect(parseCents(flags.body.data.list[0]!.amount)).toBe(expectedCents('C'));
    const changes = await api.get<Paged<SettlementChangeItem>>(`${SETTLE}/${awaiting.id}/changes`, {
      token: approver,
      query: { against: 'previous', pageSize: 3 },
    });
    const receivers = NAMES.filter((n) => expectedCents(n) > 0);
    expect(changes.body.data.meta.total).toBe(receivers.length);
    const moves = changes.body.data.list.map((c) => parseCents(c.change)!);
    expect(moves).toEqual([...moves].sort((x, y) => Math.abs(y) - Math.abs(x)));
    expect(moves[0]).toBe(Math.max(...receivers.map(expectedCents)));
    const againstDry = await api.get<Paged<SettlementChangeItem>>(`${SETTLE}/${awaiting.id}/changes`, {
      token: approver,
      query: { against: 'dry_run' },
    });
    expect(againstDry.body.data.meta.total).toBe(0);
    // Exported whole, in the reader's language.
    const sheet = await api.get(`${SETTLE}/${awaiting.id}/changes`, {
      token: approver,
      query: { against: 'previous', export: 1 },
      locale: 'zh-HK',
    });
    expect(sheet.status).toBe(200);
    const rows = await xlsxRows(sheet.raw);
    expect(rows[0]).toContain('變動');
    expect(rows.slice(1)).toHaveLength(receivers.length);
  });

  it('never lets the administrator who started it approve it; members and bare admins are refused', async () => {
    const own = await approve(awaiting.id, starter);
    expect([own.status, own.body.msg]).toEqual([
      403,
      'The administrator who started a run cannot approve it: another administrator must',
    ]);
    expect((await approve(awaiting.id, member)).status).toBe(403);
    expect((await approve(awaiting.id, bareAdmin)).status).toBe(403);
    expect((await reject(awaiting.id, 'no', bareAdmin)).status).toBe(403);
    expect((await api.get(`${SETTLE}/${awaiting.id}/review`, { token: bareAdmin })).status).toBe(403);
    expect((await api.get(`${SETTLE}/${awaiting.id}/review`, { token: member })).status).toBe(403);
    expect(await paidCount()).toBe(0);
  });

  it('refuses approval when an order of the period changed after it was computed: nothing is paid', async () => {
    const [late] = await api.db
      .insert(orders)
      .values({
        platformOrderNo: 'PO-late',
        userId: scn.ids.F,
        salesPoint: 500,
        amountCents: 50_000,
        sourceType: 2,
        productName: 'late order',
        orderAt: new Date('2026-10-12T04:00:00Z'),
        completedAt: new Date('2026-10-12T04:00:00Z'),
      })
      .returning();
    const job = await jobOf(await approve(awaiting.id), approver);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(
      "The period's orders, refunds, trees or rules changed after this run was computed: reject it and run the period again",
    );
    expect(await paidCount()).toBe(0);
    expect((await review(awaiting.id)).run.status).toBe('awaiting_approval');
    await api.db.delete(orders).where(eq(orders.id, late!.id));
  });

  it('refuses approval at once when the rules changed since it computed', async () => {
    const [type1] = await api.db.select().from(bonusTypes).where(eq(bonusTypes.key, 1));
    await api.db.update(bonusTypes).set({ enabled: false }).where(eq(bonusTypes.key, 1));
    expect((await review(awaiting.id)).rules_changed).toBe(true);
    const res = await approve(awaiting.id);
    expect(res.status).toBe(409);
    await api.db.update(bonusTypes).set({ enabled: type1!.enabled }).where(eq(bonusTypes.key, 1));
    expect(await paidCount()).toBe(0);
  });

  it('a rejection needs a reason and pays nothing; a rejected run cannot be approved', async () => {
    expect((await reject(awaiting.id, '  ')).status).toBe(422);
    const res = await reject(awaiting.id, 'Dry run and run differ: checking the tree');
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Run rejected: nothing of it was paid');
    expect(res.body.data.run).toMatchObject({
      status: 'rejected',
      rejected_by: { id: approverId },
      reject_reason: 'Dry run and run differ: checking the tree',
    });
    expect((await reject(awaiting.id, 'again')).status).toBe(409);
    expect((await approve(awaiting.id)).status).toBe(409);
    expect(await paidCount()).toBe(0);
  });

  it('another administrator approves a fresh run: it pays exactly what it computed, once', async () => {
    // The September run started above (no orders) still awaits: the starter withdraws it.
    const runs = await api.get<Paged<SettlementRunDto>>(SETTLE, {
      token: approver,
      query: { status: 'awaiting_approval' },
    });
    expect(runs.body.data.list.map((r) => r.period)).toEqual(['2026-09']);
    expect((await reject(runs.body.data.list[0]!.id, 'Nothing to pay', starter)).status).toBe(200);

    const run = await computed('2026-10');
    const job = await jobOf(await approve(run.id), approver);
    expect(job.status, job.error ?? '').toBe('done');
    const done = (job.result as SettlementResult).run;
    expect(done).toMatchObject({
      status: 'done',
      approved_by: { id: approverId },
      payout_count: run.payout_count,
      total_amount: run.total_amount,
    });
    for (const n of NAMES)
      expect((await walletBalance(api.db, scn.ids[n])).availableCents, n).toBe(expectedCents(n));
    const paid = await api.get<Paged<SettlementPayoutItem>>(`${SETTLE}/${run.id}/payouts`, {
      token: approver,
      query: { pageSize: 100 },
    });
    expect(paid.body.data.meta.total).toBe(run.payout_count);
    expect(await paidCount()).toBe(run.payout_count);
    expect((await approve(run.id)).status).toBe(409);
    const logs = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(run.id)))
      .orderBy(asc(auditLogs.id));
    expect(logs.map((l) => [l.action, l.actorId])).toEqual([
      ['compute', starterId],
      ['approve', approverId],
      ['settle', approverId],
    ]);
  });
});

import type { WecAssessmentDto } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusPayouts } from '../bonus/bonus.schema';
import type { UserRow } from '../members/members.schema';
import { users } from '../members/members.schema';
import { orders } from '../orders/orders.schema';
import { auditLogs } from '../platform/audit/audit.schema';
import { systemCaller } from '../platform/caller';
import { providers } from '../providers/providers.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { walletBalance } from '../wallet/ledger';
import { expectLedgerBalanced } from '../wallet/wallet-fixtures';
import { assessmentEnd } from './wec.conditions';
import {
  completeAssessment,
  completeMetAssessments,
  getAssessment,
  joinAssessment,
  startAssessment,
} from './wec.service';

let api: TestApi;
let admin: string;
const START = new Date('2026-08-01T09:30:00Z');
const END = assessmentEnd(START); // 2026-09-30T09:30Z: the first instant of day 61
const MINUTE = 60_000;
const day60 = new Date(END.getTime() - MINUTE);
const day61 = END;

let seq = 0;
async function order(buyer: UserRow, sp: number, completedAt: Date) {
  await api.db.insert(orders).values({
    platformOrderNo: `WEC-${++seq}`,
    sourceType: 2,
    userId: buyer.id,
    productName: 'course',
    amountCents: sp * 100,
    salesPoint: sp,
    orderAt: completedAt,
    completedAt,
  });
}

/**
 * A Pioneer whose team meets every condition exactly, on the last minute of day 60, and also does
 * everything once more on the first instant of day 61 (which must not count):
 * 8 new direct referrals (5 of them Pioneers), 17,500 SP from the 2nd generation, 35,000 SP from
 * the 3rd, one new channel provider.
 */
async function candidate(secondGenSp: number) {
  const me = await api.factory.member({ levelId: 2, createdAt: new Date('2026-01-01T00:00:00Z') });
  const directs: UserRow[] = [];
  for (let i = 0; i < 8; i++)
    directs.push(
      await api.factory.member({
        parentUserId: me.id,
        levelId: i < 5 ? 2 : 1,
        createdAt: i === 7 ? day60 : START,
      }),
    );
  await api.factory.member({ parentUserId: me.id, levelId: 2, createdAt: day61 });
  const second = await api.factory.member({ parentUserId: directs[0]!.id });
  const third = await api.factory.member({ parentUserId: second.id });
  await order(second, secondGenSp - 500, START);
  await order(second, 500, day60);
  await order(second, 9000, day61);
  await order(third, 35_000, day60);
  await order(third, 9000, new Date(START.getTime() - MINUTE));
  await api.db.insert(providers).values({
    name: `prov ${me.id}`,
    proportionBp: 0,
    email: 'p@x.test',
    referrerUserId: me.id,
    createdAt: day60,
  });
  await api.db.transaction(async (tx) => {
    await joinAssessment(tx, systemCaller(), me.id, START);
    await startAssessment(tx, systemCaller(), me.id, START);
  });
  return me;
}

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

describe('WEC assessment conditions', () => {
  it('counts what happened up to the last minute of day 60 and nothing from day 61', async () => {
    const me = await candidate(17_500);
    const a = await getAssessment(api.db, me.id, new Date(START.getTime() + 10 * 24 * 60 * MINUTE));
    expect(a).toMatchObject({ status: 'running', days_left: 50, ends_at: END.toISOString() });
    expect(a.conditions.map((c) => [c.key, c.current, c.completed])).toEqual([
      ['directReferrals', 8, true],
      ['directReferralsPioneer', 5, true],
      ['secondGenerationSp', 17_500, true],
      ['thirdGenerationSp', 35_000, true],
      ['directProviders', 1, true],
    ]);
    expect((await getAssessment(api.db, me.id, END)).status).toBe('expired');
  });

  it('completing makes the member a WEC and pays the 1,000.00 reward once', async () => {
    const me = await candidate(17_500);
    await api.db.transaction((tx) => completeAssessment(tx, systemCaller(), me.id, END));
    const [user] = await api.db.select().from(users).where(eq(users.id, me.id));
    expect(user!.isWec).toBe(true);
    expect((await walletBalance(api.db, me.id)).availableCents).toBe(100_000);
    await expect(
      api.db.transaction((tx) => completeAssessment(tx, systemCaller(), me.id, END)),
    ).rejects.toMatchObject({
      key: 'programme.alreadyWec',
    });
    expect(await api.db.select().from(bonusPayouts).where(eq(bonusPayouts.userId, me.id))).toHaveLength(1);
    const list = await api.get<{ list: WecAssessmentDto[] }>('/api/members/completeWec/list', {
      token: admin,
    });
    expect(list.body.data.list.map((a) => a.user.id)).toContain(me.id);
  });

  it('one SP short of 17,500 leaves the 2nd-generation condition open and refuses completion', async () => {
    const me = await candidate(17_499);
    const a = await getAssessment(api.db, me.id, START);
    expect(a.conditions[2]).toEqual({
      key: 'secondGenerationSp',
      current: 17_499,
      required: 17_500,
      completed: false,
    });
    const res = await api.post('/api/members/addWepComplete', { id: me.id }, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Not all assessment conditions are met');
    expect((await walletBalance(api.db, me.id)).availableCents).toBe(0);
  });
});

describe('WEC assessment completing by itself', () => {
  /** The audit row of the assessment's completion. */
  const completionOf = async (userId: number) =>
    (
      await api.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'wec_assessment'), eq(auditLogs.entityId, String(userId))))
    ).find((r) => (r.after as { completedAt?: string } | null)?.completedAt);

  it('makes the member WEC with the reward once the last condition is met, audited as the system', async () => {
    const me = await candidate(17_500);
    // Before the last minute of day 60 (the 8th referral, the last SP and the provider) nothing completes.
    expect(await completeMetAssessments(api.db, new Date(day60.getTime() - MINUTE))).not.toContain(me.id);
    expect((await getAssessment(api.db, me.id, day60)).status).toBe('running');

    const checkedAt = new Date(day60.getTime() + 30_000);
    expect(await completeMetAssessments(api.db, checkedAt)).toContain(me.id);
    const a = await getAssessment(api.db, me.id, checkedAt);
    expect([a.status, a.completed_at]).toEqual(['completed', checkedAt.toISOString()]);
    const [user] = await api.db.select().from(users).where(eq(users.id, me.id));
    expect(user!.isWec).toBe(true);
    const payouts = await api.db.select().from(bonusPayouts).where(eq(bonusPayouts.userId, me.id));
    expect(payouts.map((p) => [p.typeKey, p.cents, p.walletRecordId !== null])).toEqual([
      [10, 100_000, true],
    ]);
    expect((await walletBalance(api.db, me.id)).availableCents).toBe(100_000);
    const completion = await completionOf(me.id);
    expect(completion).toMatchObject({ action: 'status', actorKind: 'system', actorId: null });
    expect(completion?.after).toMatchObject({ completed_by: 'automatic', reward: 100_000 });

    // Checked again (or by another process): nothing more; the manual action says it is done.
    expect(await completeMetAssessments(api.db, END)).not.toContain(me.id);
    await expect(
      api.db.transaction((tx) => completeAssessment(tx, systemCaller(), me.id, END)),
    ).rejects.toMatchObject({
      key: 'programme.alreadyWec',
    });
    expect(await api.db.select().from(bonusPayouts).where(eq(bonusPayouts.userId, me.id))).toHaveLength(1);
  });

  it('leaves an assessment one condition short running, and the manual completion is audited as manual', async () => {
    const short = await candidate(17_499);
    expect(await completeMetAssessments(api.db, END)).not.toContain(short.id);
    expect((await getAssessment(api.db, short.id, day60)).status).toBe('running');
    expect((await walletBalance(api.db, short.id)).availableCents).toBe(0);

    const me = await candidate(17_500);
    const res = await api.post('/api/members/addWepComplete', { id: me.id }, { token: admin });
    expect(res.status).toBe(200);
    const completion = await completionOf(me.id);
    expect(completion).toMatchObject({ action: 'status', actorKind: 'admin' });
    expect(completion?.after).toMatchObject({ completed_by: 'manual', reward: 100_000 });
  });

  it('does not look at a period that ended more than a day ago', async () => {
    const me = await candidate(17_500);
    const late = new Date(END.getTime() + 25 * 60 * MINUTE);
    expect(await completeMetAssessments(api.db, late)).not.toContain(me.id);
    expect((await getAssessment(api.db, me.id, late)).status).toBe('expired');
  });
});

describe('WEC assessment calls', () => {
  it('lets a Pioneer join and start; refuses Pathfinders and Life-time Scholars', async () => {
    const pioneer = await api.factory.member({ levelId: 2 });
    const token = await api.login(pioneer.name, TEST_PASSWORD);
    const joined = await api.post<WecAssessmentDto>('/api/members/add', {}, { token });
    expect(joined.status).toBe(200);
    expect(joined.body.msg).toBe('Already entering the assessment');
    expect(joined.body.data.status).toBe('joined');
    expect(joined.body.data.days_left).toBeNull();
    const started = await api.post<WecAssessmentDto>(`/api/members/wec/${pioneer.id}`, {}, { token });
    expect(started.body.data.status).toBe('running');
    expect(started.body.data.days_left).toBe(60);
    expect((await api.post(`/api/members/wec/${pioneer.id}`, {}, { token })).body.msg).toBe(
      'The assessment has already started',
    );

    const pathfinder = await api.factory.member({ levelId: 1 });
    const p = await api.post(
      '/api/members/add',
      {},
      { token: await api.login(pathfinder.name, TEST_PASSWORD) },
    );
    expect([p.status, p.body.msg]).toEqual([400, 'Must meet joining conditions']);
    const scholar = await api.factory.member({ levelId: 4 });
    const s = await api.post(
      '/api/members/add',
      {},
      { token: await api.login(scholar.name, TEST_PASSWORD), locale: 'zh-HK' },
    );
    expect([s.status, s.body.msg]).toEqual([400, '您目前不符合成為會員的資格']);
  });

  it('keeps members to their own assessment and admin calls to admins', async () => {
    const a = await api.factory.member({ levelId: 3 });
    const b = await api.factory.member({ levelId: 3 });
    const token = await api.login(a.name, TEST_PASSWORD);
    expect((await api.post(`/api/members/wec/${b.id}`, {}, { token })).status).toBe(403);
    expect((await api.get(`/api/members/wec/${b.id}`, { token })).status).toBe(403);
    expect((await api.get('/api/members/list', { token })).status).toBe(403);
    expect((await api.post('/api/members/addWepComplete', { id: a.id }, { token })).status).toBe(403);
    expect((await api.post(`/api/members/addWecAssessment/${b.id}`, {}, { token: admin })).status).toBe(200);
    expect((await api.post('/api/members/add', {}, { token: admin })).status).toBe(422);
    expect((await api.post('/api/members/addWepComplete', { id: 'x' }, { token: admin })).status).toBe(422);
    const list = await api.get<{ list: WecAssessmentDto[] }>('/api/members/list', {
      token: admin,
      query: { status: 'joined' },
    });
    expect(list.body.data.list.map((x) => x.user.id)).toContain(b.id);
    const removed = await api.delete(`/api/members/removeWep?id=${b.id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect((await api.get(`/api/members/wec/${b.id}`, { token: admin })).status).toBe(404);
  });

  it('exports the WEP list as a spreadsheet', async () => {
    const res = await api.get('/api/members/list', { token: admin, query: { export: 1 } });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    expect(res.raw.subarray(0, 2).toString()).toBe('PK');
  });
});

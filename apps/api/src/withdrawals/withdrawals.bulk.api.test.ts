import { type BulkResult, translate, WithdrawalStatus } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../platform/audit/audit.schema';
import { TestApi } from '../test/test-app';
import {
  balanceOf,
  expectLedgerBalanced,
  fundedMember,
  idemKey,
  type SignedIn,
  signedInAdmin,
} from '../wallet/wallet-fixtures';
import { withdrawals } from './withdrawals.schema';

let api: TestApi;
let admin: SignedIn;
beforeAll(async () => {
  api = await TestApi.start();
  admin = await signedInAdmin(api);
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

const BANK = { bank_card_number: '6222 0000 1111', bank_code: 'HSBC', bank_name: 'HSBC Hong Kong' };

async function applications(member: SignedIn, n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await api.post<{ id: number }>(
      '/api/wallet/create-withdraw-record',
      { amount: '10', ...BANK },
      { token: member.token },
    );
    ids.push(res.body.data.id);
  }
  return ids;
}

const bulk = (body: object, headers = idemKey(), token = admin.token, locale?: 'zh-HK') =>
  api.post<BulkResult>('/api/wallet/admin/bulk', body, { token, headers, locale });

const audits = (ids: number[], action: string) =>
  api.db
    .select()
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entity, 'withdrawal'),
        eq(auditLogs.action, action),
        inArray(auditLogs.entityId, ids.map(String)),
      ),
    );

describe('POST /api/wallet/admin/bulk', () => {
  it('approves each application as the single step does; a refused row is reported and stops no other', async () => {
    const member = await fundedMember(api, 10_000);
    const [a, b, c] = await applications(member, 3);
    await api.post(`/api/wallet/admin/next/${b}`, { action: 'agree' }, { token: admin.token });
    const res = await bulk({ ids: [a, b, c], action: 'agree' }, idemKey(), admin.token, 'zh-HK');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      done: 2,
      refused: 1,
      results: [
        { id: a, done: true, code: 200, msg: translate('common.operationSuccessful', 'zh-HK') },
        { id: b, done: false, code: 400, msg: translate('common.statusError', 'zh-HK') },
        { id: c, done: true, code: 200, msg: translate('common.operationSuccessful', 'zh-HK') },
      ],
    });
    const statuses = await api.db
      .select({ id: withdrawals.id, status: withdrawals.status })
      .from(withdrawals)
      .where(inArray(withdrawals.id, [a!, b!, c!]));
    expect(statuses.every((w) => w.status === WithdrawalStatus.paymentInProgress)).toBe(true);
    // One audit row per acted row: b's is its single step's, none from the bulk.
    expect((await audits([a!, b!, c!], 'agree')).map((r) => Number(r.entityId)).sort()).toEqual(
      [a, b, c].sort(),
    );
  });

  it('a replay with the same Idempotency-Key answers the first result and acts on no row again', async () => {
    const member = await fundedMember(api, 10_000);
    const ids = await applications(member, 2);
    const key = idemKey();
    const first = await bulk({ ids, action: 'agree' }, key);
    const paid = await bulk({ ids, action: 'paid' }, idemKey());
    expect(paid.body.data.done).toBe(2);
    const before = await balanceOf(api, member.user.id);
    const replay = await bulk({ ids, action: 'agree' }, key);
    expect(replay.body.data).toEqual(first.body.data);
    expect(await balanceOf(api, member.user.id)).toEqual(before);
    expect(await audits(ids, 'agree')).toHaveLength(2);
    expect(await audits(ids, 'paid')).toHaveLength(2);
  });

  it('refuses with one reason for all, returning each frozen amount; a refusal needs its reason', async () => {
    const member = await fundedMember(api, 10_000);
    const ids = await applications(member, 2);
    expect((await bulk({ ids, action: 'refuse' })).status).toBe(422);
    const res = await bulk({ ids, action: 'refuse', reason: 'card name mismatch' });
    expect(res.body.data.done).toBe(2);
    const rows = await api.db.select().from(withdrawals).where(inArray(withdrawals.id, ids));
    expect(rows.map((r) => [r.status, r.reason])).toEqual([
      [WithdrawalStatus.rejected, 'card name mismatch'],
      [WithdrawalStatus.rejected, 'card name mismatch'],
    ]);
    expect((await balanceOf(api, member.user.id)).availableCents).toBe(10_000);
  });

  it('refuses members, an unknown action and an empty or repeated list', async () => {
    const member = await fundedMember(api, 10_000);
    const ids = await applications(member, 1);
    expect((await bulk({ ids, action: 'agree' }, idemKey(), member.token)).status).toBe(403);
    expect((await bulk({ ids, action: 'cancel' })).status).toBe(422);
    expect((await bulk({ ids: [], action: 'agree' })).status).toBe(422);
    expect((await bulk({ ids: [ids[0], ids[0]], action: 'agree' })).status).toBe(422);
  });
});

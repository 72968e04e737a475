import { type BulkResult, RechargeStatus, translate } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../platform/audit/audit.schema';
import { TestApi } from '../test/test-app';
import {
  balanceOf,
  expectLedgerBalanced,
  idemKey,
  type SignedIn,
  signedInAdmin,
} from '../wallet/wallet-fixtures';
import { recharges } from './recharge.schema';

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

async function pending(userId: number, n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await api.post<{ id: number }>(
      '/api/recharge/create',
      { user_id: userId, amount: '25' },
      { token: admin.token },
    );
    ids.push(res.body.data.id);
  }
  return ids;
}

const bulk = (body: object, headers = idemKey(), token = admin.token) =>
  api.post<BulkResult>('/api/recharge/bulk', body, { token, headers, locale: 'zh-CN' });

describe('POST /api/recharge/bulk', () => {
  it('completes each pending recharge once, reports one already rejected, audits each acted row', async () => {
    const member = await api.factory.member();
    const [a, b, c] = await pending(member.id, 3);
    await api.post(`/api/recharge/reject/${b}`, {}, { token: admin.token });
    const key = idemKey();
    const res = await bulk({ ids: [a, b, c], outcome: 'complete' }, key);
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r) => [r.id, r.done, r.msg])).toEqual([
      [a, true, translate('common.operationSuccessful', 'zh-CN')],
      [b, false, translate('common.statusError', 'zh-CN')],
      [c, true, translate('common.operationSuccessful', 'zh-CN')],
    ]);
    expect((await balanceOf(api, member.id)).availableCents).toBe(5_000);
    // The replay answers the first result and credits nothing again.
    expect((await bulk({ ids: [a, b, c], outcome: 'complete' }, key)).body.data).toEqual(res.body.data);
    expect((await balanceOf(api, member.id)).availableCents).toBe(5_000);
    const completed = await api.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.entity, 'recharge'),
          eq(auditLogs.action, 'complete'),
          inArray(auditLogs.entityId, [a, b, c].map(String)),
        ),
      );
    expect(completed.map((r) => Number(r.entityId)).sort()).toEqual([a, c].sort());
  });

  it('rejects without touching the wallet; members and unknown outcomes are refused', async () => {
    const member = await api.factory.member();
    const ids = await pending(member.id, 2);
    expect((await bulk({ ids, outcome: 'reject' })).body.data.done).toBe(2);
    const rows = await api.db
      .select({ status: recharges.status })
      .from(recharges)
      .where(inArray(recharges.id, ids));
    expect(rows.every((r) => r.status === RechargeStatus.rejected)).toBe(true);
    expect((await balanceOf(api, member.id)).availableCents).toBe(0);
    const memberToken = await api.login(member.name, 'secret123');
    expect((await bulk({ ids, outcome: 'complete' }, idemKey(), memberToken)).status).toBe(403);
    expect((await bulk({ ids, outcome: 'approve' })).status).toBe(422);
  });
});

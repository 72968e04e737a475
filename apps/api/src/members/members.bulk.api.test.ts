import { type BulkResult, translate } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../platform/audit/audit.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { idemKey } from '../wallet/wallet-fixtures';
import { users } from './members.schema';

let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
});
afterAll(() => api.close());

const bulk = (body: object, headers = idemKey(), token = admin) =>
  api.post<BulkResult>('/api/users/bulk-status', body, { token, headers, locale: 'zh-HK' });
const statuses = async (ids: number[]) =>
  (await api.db.select({ id: users.id, status: users.status }).from(users).where(inArray(users.id, ids)))
    .sort((a, b) => a.id - b.id)
    .map((u) => u.status);

describe('POST /api/users/bulk-status', () => {
  it('disables each member as the edit form does, reports one that does not exist, audits each acted row', async () => {
    const [a, b] = [await api.factory.member(), await api.factory.member({ phone: '85261234567' })];
    const other = await api.factory.admin();
    const res = await bulk({ ids: [a.id, other.id, b.id], status: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r) => [r.id, r.done, r.msg])).toEqual([
      [a.id, true, translate('common.operationSuccessful', 'zh-HK')],
      [other.id, false, translate('access.userNotFound', 'zh-HK')],
      [b.id, true, translate('common.operationSuccessful', 'zh-HK')],
    ]);
    expect(await statuses([a.id, b.id])).toEqual([2, 2]);
    const [kept] = await api.db.select().from(users).where(eq(users.id, b.id));
    expect([kept!.phone, kept!.levelId]).toEqual(['85261234567', b.levelId]);
    // A disabled member's sessions end, as an edit that disables them ends them.
    expect((await api.post('/api/login', { account: a.name, password: TEST_PASSWORD })).status).not.toBe(200);
    const audits = await api.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.entity, 'user'),
          eq(auditLogs.action, 'update'),
          inArray(
            auditLogs.entityId,
            [a, b, other].map((u) => String(u.id)),
          ),
        ),
      );
    expect(audits.map((r) => Number(r.entityId)).sort((x, y) => x - y)).toEqual(
      [a.id, b.id].sort((x, y) => x - y),
    );
  });

  it('a replay with the same key changes nothing again; members may not call it', async () => {
    const m = await api.factory.member();
    const key = idemKey();
    const first = await bulk({ ids: [m.id], status: 2 }, key);
    await bulk({ ids: [m.id], status: 1 }, idemKey());
    expect((await bulk({ ids: [m.id], status: 2 }, key)).body.data).toEqual(first.body.data);
    expect(await statuses([m.id])).toEqual([1]);
    const memberToken = await api.login(m.name, TEST_PASSWORD);
    expect((await bulk({ ids: [m.id], status: 2 }, idemKey(), memberToken)).status).toBe(403);
    expect((await bulk({ ids: [m.id], status: 3 })).status).toBe(422);
  });
});

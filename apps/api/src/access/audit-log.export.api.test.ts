import { type JobStarted, type Locale, translate } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../platform/audit/audit.schema';
import { jobFile } from '../platform/jobs/test-jobs';
import { xlsxRows } from '../platform/xlsx/test-files';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { fundedMember, type SignedIn, signedInAdmin } from '../wallet/wallet-fixtures';

let api: TestApi;
let admin: SignedIn;
beforeAll(async () => {
  api = await TestApi.start();
  admin = await signedInAdmin(api);
});
afterAll(() => api.close());

const HEADERS = [
  'walletUi.id',
  'audit.ui.time',
  'audit.ui.actor',
  'audit.ui.actorKind',
  'audit.ui.origin',
  'audit.ui.userAgent',
  'audit.ui.action',
  'audit.ui.targetType',
  'audit.ui.targetId',
  'audit.ui.changes',
] as const;

/** Starts the log's export with `query` as `token` and answers its file's rows. */
async function exported(token: string, query: Record<string, string | number>, locale: Locale, zone: string) {
  const res = await api.get<JobStarted>('/api/permission/audit', {
    token,
    locale,
    headers: { 'time-zone': zone },
    query: { ...query, export: 1 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { file } = await jobFile(api, res.body.data, token);
  return xlsxRows(file.raw);
}

describe('the operation log exports what its filters select (docs/audit.md, "Searching it")', () => {
  it('writes headers, actions, record types and operator kinds in the reader’s language, times in their zone', async () => {
    const alice = await fundedMember(api, 50_000);
    const bob = await fundedMember(api, 0);
    const ids: number[] = [];
    for (const amount of ['1.00', '2.00']) {
      const sent = await api.post<{ id: number }>(
        '/api/wallet/sendTransfer',
        { user_no: bob.user.userNo, amount, remark: 'lunch' },
        { token: alice.token, headers: { 'user-agent': 'export-test/1.0' } },
      );
      expect(sent.status).toBe(200);
      ids.push(sent.body.data.id);
    }
    // Another member's transfer and Alice's own withdrawal stay out of a filter on Alice's transfers.
    await api.post(
      '/api/wallet/sendTransfer',
      { user_no: alice.user.userNo, amount: '0.01' },
      { token: (await fundedMember(api, 100)).token },
    );
    await api.db
      .update(auditLogs)
      .set({ createdAt: new Date('2026-03-01T16:30:00Z') })
      .where(eq(auditLogs.actorId, alice.user.id));

    const rows = await exported(
      admin.token,
      { actor_id: alice.user.id, entity: 'wallet_transfer', action: 'transfer' },
      'zh-CN',
      'Asia/Shanghai',
    );
    expect(rows[0]).toEqual(HEADERS.map((key) => translate(key, 'zh-CN')));
    expect(rows).toHaveLength(3);
    // Newest first, as the list shows them.
    expect(rows.slice(1).map((r) => r[8])).toEqual([String(ids[1]), String(ids[0])]);
    expect(rows[1]!.slice(1, 9)).toEqual([
      '2026-03-02 00:30',
      alice.user.name,
      translate('audit.actorKind.member', 'zh-CN'),
      '127.0.0.1',
      'export-test/1.0',
      translate('audit.action.transfer', 'zh-CN'),
      translate('audit.target.wallet_transfer', 'zh-CN'),
      String(ids[1]),
    ]);
    expect(rows[1]![9]).toContain('amountCents: 200');
    expect(rows[1]![9]).toContain('remark: "lunch"');
  });

  it('honours the date range and the operator keyword', async () => {
    const carol = await fundedMember(api, 10_000);
    const dave = await fundedMember(api, 0);
    await api.post(
      '/api/wallet/sendTransfer',
      { user_no: dave.user.userNo, amount: '1.00' },
      { token: carol.token },
    );
    const none = await exported(
      admin.token,
      { keyword: carol.user.name, date_to: '2000-01-01' },
      'en-US',
      'UTC',
    );
    expect(none).toEqual([HEADERS.map((key) => translate(key, 'en-US'))]);
    const hers = await exported(admin.token, { keyword: carol.user.name }, 'zh-HK', 'UTC');
    expect(hers.slice(1).map((r) => [r[2], r[6]])).toEqual([
      [carol.user.name, translate('audit.action.transfer', 'zh-HK')],
    ]);
  });

  it('is refused to whoever may not read the log', async () => {
    const member = await fundedMember(api, 0);
    const bare = await api.login((await api.factory.admin()).name, TEST_PASSWORD);
    for (const token of [member.token, bare])
      expect((await api.get('/api/permission/audit', { token, query: { export: 1 } })).status).toBe(403);
  });
});

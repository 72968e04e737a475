import { type JobStarted, type Locale, maskName, translate } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../members/members.schema';
import { TestApi } from '../../test/test-app';
import { fundedMember, type SignedIn, signedInAdmin } from '../../wallet/wallet-fixtures';
import { withdrawals } from '../../withdrawals/withdrawals.schema';
import { xlsxRows } from '../xlsx/test-files';
import { jobFile } from './test-jobs';

let api: TestApi;
let admin: SignedIn;
beforeAll(async () => {
  api = await TestApi.start();
  admin = await signedInAdmin(api);
});
afterAll(() => api.close());

/** Starts a list's export (`export=1` with its filters) and answers the rows of its file. */
async function exported(
  path: string,
  query: Record<string, string | number>,
  locale: Locale,
  timeZone = 'UTC',
) {
  const res = await api.get<JobStarted>(path, {
    token: admin.token,
    locale,
    headers: { 'time-zone': timeZone },
    query: { ...query, export: 1 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { file } = await jobFile(api, res.body.data, admin.token);
  return xlsxRows(file.raw);
}

const BANK = { bank_card_number: '6222 0000 1111', bank_code: 'HSBC', bank_name: 'HSBC Hong Kong' };

describe('every list exports what it shows with its filters (one export job for all)', () => {
  it('withdrawals: translated headers and statuses, amounts as numbers, times in the reader zone, filters kept', async () => {
    const member = await fundedMember(api, 100_000);
    const other = await fundedMember(api, 100_000);
    for (const [who, amount] of [
      [member, '12.50'],
      [member, '300.00'],
      [other, '40.00'],
    ] as const)
      await api.post('/api/wallet/create-withdraw-record', { amount, ...BANK }, { token: who.token });
    await api.db.update(withdrawals).set({ createdAt: new Date('2026-03-01T16:30:00Z') });
    for (const locale of ['en-US', 'zh-HK', 'zh-CN'] as const) {
      const rows = await exported(
        '/api/wallet/admin/list',
        { user_id: member.user.id, amount_max: '100' },
        locale,
        'Asia/Hong_Kong',
      );
      expect(rows[0]).toEqual(
        [
          'walletUi.id',
          'walletUi.member',
          'walletUi.memberId',
          'walletUi.amount',
          'walletUi.bankCardNumber',
          'walletUi.bankCode',
          'walletUi.bankName',
          'walletUi.status',
          'walletUi.reason',
          'walletUi.remark',
          'walletUi.time',
        ].map((key) => translate(key as never, locale)),
      );
      expect(rows).toHaveLength(2);
      const [, row] = rows;
      expect(row!.slice(1, 4)).toEqual([member.user.name, member.user.userNo, '12.5']);
      expect(row![7]).toBe(translate('walletUi.withdraw.1', locale));
      expect(row![10]).toBe('2026-03-02 00:30');
    }
  });

  it('recharges: the filtered rows with translated statuses', async () => {
    const member = await api.factory.member();
    for (const amount of ['10', '20'])
      await api.post('/api/recharge/create', { user_id: member.id, amount }, { token: admin.token });
    const rows = await exported('/api/recharge/list', { user_id: member.id, amount_min: '15' }, 'zh-HK');
    expect(rows[0]![0]).toBe(translate('walletUi.id', 'zh-HK'));
    expect(rows.slice(1).map((r) => [r[2], r[3], r[6]])).toEqual([
      [member.userNo, '20', translate('walletUi.recharge.1', 'zh-HK')],
    ]);
  });

  it('members: every field an administrator reads, filtered by the keyword (a display name too)', async () => {
    const queenie = await api.factory.member({ displayName: 'Queenie Export', phone: '85290001111' });
    await api.db.update(users).set({ status: 2 }).where(eq(users.id, queenie.id));
    await api.factory.member({ displayName: 'Someone Else' });
    const rows = await exported('/api/users/list', { keyword: 'queenie export' }, 'zh-CN');
    expect(rows[0]!.slice(0, 3)).toEqual(
      ['members.ui.userNo', 'members.ui.name', 'members.ui.displayName'].map((k) =>
        translate(k as never, 'zh-CN'),
      ),
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 5)).toEqual([
      queenie.userNo,
      queenie.name,
      'Queenie Export',
      queenie.email,
      '85290001111',
    ]);
    expect(rows[1]![7]).toBe(translate('members.ui.disabled', 'zh-CN'));
  });

  it("transfers: a member exports their own, others' names masked as the list shows them, by direction", async () => {
    const sender = await fundedMember(api, 50_000);
    const receiver = await fundedMember(api, 10_000);
    await api.post(
      '/api/wallet/sendTransfer',
      { user_no: receiver.user.userNo, amount: '15.00' },
      { token: sender.token },
    );
    await api.post(
      '/api/wallet/sendTransfer',
      { user_no: sender.user.userNo, amount: '2.00' },
      { token: receiver.token },
    );
    const exportOf = async (query: Record<string, string | number>) => {
      const res = await api.get<JobStarted>('/api/wallet/transferList', {
        token: sender.token,
        locale: 'zh-HK',
        query: { ...query, export: 1 },
      });
      expect(res.status).toBe(200);
      return xlsxRows((await jobFile(api, res.body.data, sender.token)).file.raw);
    };
    const rows = await exportOf({ direction: 'out' });
    expect(rows[0]!.slice(2, 6)).toEqual(
      ['statement.direction', 'walletUi.from', 'walletUi.to', 'walletUi.amount'].map((k) =>
        translate(k as never, 'zh-HK'),
      ),
    );
    const sent = `${sender.user.name} (${sender.user.userNo})`;
    const received = `${maskName(receiver.user.name)} (${receiver.user.userNo})`;
    expect(rows.slice(1).map((r) => r.slice(2, 6))).toEqual([
      [translate('statement.direction.out', 'zh-HK'), sent, received, '15'],
    ]);
    const incoming = await exportOf({ direction: 'in' });
    expect(incoming.slice(1).map((r) => r.slice(2, 6))).toEqual([
      [translate('statement.direction.in', 'zh-HK'), received, sent, '2'],
    ]);
    expect((await exportOf({})).length).toBe(3);
    const list = await api.get<{ list: Array<{ amount: string }>; meta: { total: number } }>(
      '/api/wallet/transferList',
      { token: sender.token, query: { direction: 'in' } },
    );
    expect(list.body.data.meta.total).toBe(1);
    expect(list.body.data.list.map((t) => t.amount)).toEqual(['2.00']);
    const bad = await api.get('/api/wallet/transferList', {
      token: sender.token,
      query: { direction: 'up' },
    });
    expect(bad.status).toBe(422);
  });

  it('refuses the export to members and to administrators without the list', async () => {
    const member = await fundedMember(api, 0);
    expect((await api.get('/api/users/list', { token: member.token, query: { export: 1 } })).status).toBe(
      403,
    );
    expect(
      (await api.get('/api/wallet/admin/list', { token: member.token, query: { export: 1 } })).status,
    ).toBe(403);
    expect((await api.get('/api/recharge/list', { token: member.token, query: { export: 1 } })).status).toBe(
      403,
    );
  });
});

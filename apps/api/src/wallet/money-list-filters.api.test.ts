import type { RechargeList, WithdrawalList } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recharges } from '../recharge/recharge.schema';
import { TestApi } from '../test/test-app';
import { withdrawals } from '../withdrawals/withdrawals.schema';
import { fundedMember, type SignedIn, signedInAdmin } from './wallet-fixtures';

let api: TestApi;
let admin: SignedIn;
beforeAll(async () => {
  api = await TestApi.start();
  admin = await signedInAdmin(api);
});
afterAll(() => api.close());

const BANK = { bank_card_number: '6222 0000 1111', bank_code: 'HSBC', bank_name: 'HSBC Hong Kong' };

/** An application of `amount` made at `at` (the list filters by when it was made). */
async function withdrawalAt(member: SignedIn, amount: string, at: string) {
  const res = await api.post<{ id: number }>(
    '/api/wallet/create-withdraw-record',
    { amount, ...BANK },
    { token: member.token },
  );
  await api.db
    .update(withdrawals)
    .set({ createdAt: new Date(at) })
    .where(eq(withdrawals.id, res.body.data.id));
  return res.body.data.id;
}

async function rechargeAt(userId: number, amount: string, at: string) {
  const res = await api.post<{ id: number }>(
    '/api/recharge/create',
    { user_id: userId, amount },
    { token: admin.token },
  );
  expect(res.status).toBe(200);
  await api.db
    .update(recharges)
    .set({ createdAt: new Date(at) })
    .where(eq(recharges.id, res.body.data.id));
  return res.body.data.id;
}

const ids = (list: { list: { id: number }[] }) => list.list.map((r) => r.id).sort((a, b) => a - b);

describe('the withdrawal and recharge lists filter by member, business days, amount and status', () => {
  // 2026-03-01T15:59:59Z is 23:59:59 on 1 March in Hong Kong (the business time zone of a new database);
  // a second later is already 2 March there, though still 1 March in UTC.
  const lastSecondOfMarch1 = '2026-03-01T15:59:59Z';
  const firstSecondOfMarch2 = '2026-03-01T16:00:00Z';

  it('withdrawals', async () => {
    const member = await fundedMember(api, 100_000);
    const other = await fundedMember(api, 100_000);
    const late = await withdrawalAt(member, '10.00', lastSecondOfMarch1);
    const early = await withdrawalAt(member, '250.50', firstSecondOfMarch2);
    const others = await withdrawalAt(other, '99.99', firstSecondOfMarch2);
    const list = async (query: Record<string, string | number>) => {
      const res = await api.get<WithdrawalList>('/api/wallet/admin/list', { token: admin.token, query });
      expect(res.status, JSON.stringify(query)).toBe(200);
      return ids(res.body.data);
    };
    expect(await list({ user_id: member.user.id })).toEqual([late, early]);
    expect(await list({ user_id: member.user.id, date_to: '2026-03-01' })).toEqual([late]);
    expect(await list({ date_from: '2026-03-02', date_to: '2026-03-02' })).toEqual([early, others]);
    expect(await list({ date_from: '2026-03-01', date_to: '2026-03-01' })).toEqual([late]);
    expect(await list({ date_from: '2026-03-02', amount_min: '99.99', amount_max: '100' })).toEqual([others]);
    expect(await list({ user_id: member.user.id, amount_min: '10.01' })).toEqual([early]);
    expect(await list({ user_id: member.user.id, status: 6 })).toEqual([]);
    // The member filter also takes a display name (docs/product/withdrawals.md).
    expect(await list({ keyword: other.user.name.toUpperCase(), date_from: '2026-03-01' })).toEqual([others]);
    const bad = await api.get('/api/wallet/admin/list', {
      token: admin.token,
      query: { date_from: '1 March', amount_min: '-5' },
    });
    expect(bad.status).toBe(422);
    expect((bad.body.data as { errors: { field: string }[] }).errors.map((e) => e.field).sort()).toEqual([
      'amount_min',
      'date_from',
    ]);
  });

  it('recharges', async () => {
    const member = await api.factory.member();
    const other = await api.factory.member();
    const late = await rechargeAt(member.id, '10.00', lastSecondOfMarch1);
    const early = await rechargeAt(member.id, '300.00', firstSecondOfMarch2);
    const others = await rechargeAt(other.id, '300.00', firstSecondOfMarch2);
    const list = async (query: Record<string, string | number>) => {
      const res = await api.get<RechargeList>('/api/recharge/list', { token: admin.token, query });
      expect(res.status, JSON.stringify(query)).toBe(200);
      return ids(res.body.data);
    };
    expect(await list({ user_id: member.id })).toEqual([late, early]);
    expect(await list({ date_to: '2026-03-01' })).toEqual([late]);
    expect(await list({ date_from: '2026-03-02', date_to: '2026-03-02', amount_min: '300' })).toEqual([
      early,
      others,
    ]);
    expect(await list({ user_id: other.id, amount_max: '299.99' })).toEqual([]);
    expect(await list({ user_id: member.id, status: 1, amount_max: '10' })).toEqual([late]);
  });
});

import { maskName, type UserListResult } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { postEntry } from '../wallet/ledger';
import { users } from './members.schema';

let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await TestApi.start();
  const root = await api.factory.superAdmin();
  admin = await api.login(root.name, TEST_PASSWORD);
});
afterAll(() => api.close());

/** Member pickers and member filters find the display name the trees show ("Queenie Wong"), not only the account. */
describe('display names in member pickers and filters', () => {
  it('the member list and its picker find a member by display name, whatever the case (administrators)', async () => {
    const queenie = await api.factory.member({ name: 'qw_account_1', displayName: 'Queenie Wong' });
    for (const keyword of ['Queenie Wong', 'queenie', 'WONG']) {
      const res = await api.get<UserListResult>('/api/users/list', { token: admin, query: { keyword } });
      expect(res.status).toBe(200);
      expect(
        res.body.data.list.map((u) => u.id),
        keyword,
      ).toEqual([queenie.id]);
      expect(res.body.data.meta.total).toBe(1);
    }
  });

  it("a member's picker finds their downline by the display name as they see it (masked)", async () => {
    const [, mid, leaf] = await api.factory.chain(2);
    await api.factory.member({ displayName: 'Queenie Lee' });
    await api.db.update(users).set({ displayName: 'Queenie Lee' }).where(eq(users.id, leaf!.id));
    const token = await api.login(mid!.name, TEST_PASSWORD);
    const res = await api.get<UserListResult>('/api/users/list', { token, query: { keyword: 'Que***Lee' } });
    expect(res.body.data.list.map((u) => [u.id, u.display_name])).toEqual([
      [leaf!.id, maskName('Queenie Lee')],
    ]);
  });

  it('the wallet records filter finds records of a member by display name', async () => {
    const member = await api.factory.member({ displayName: 'Quentin Ho Display' });
    await postEntry(api.db, { userId: member.id, amountCents: 500, move: 'credit', kind: 'recharge' });
    const res = await api.get<{ list: { user: { id: number } }[] }>('/api/wallet/recordList', {
      token: admin,
      query: { keyword: 'quentin ho display' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((r) => r.user.id)).toEqual([member.id]);
  });
});

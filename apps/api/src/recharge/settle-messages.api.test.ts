import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../test/test-app';
import { idemKey, type SignedIn, signedInAdmin } from '../wallet/wallet-fixtures';

let api: TestApi;
let admin: SignedIn;
beforeAll(async () => {
  api = await TestApi.start();
  admin = await signedInAdmin(api);
});
afterAll(() => api?.close());

const create = async (userId: number) =>
  (
    await api.post<{ id: number }>(
      '/api/recharge/create',
      { user_id: userId, amount: '1234.50' },
      { token: admin.token, headers: idemKey() },
    )
  ).body.data.id;

describe('success messages that say what happened', () => {
  it('a completed recharge names the amount credited, a rejected one says nothing was', async () => {
    const member = await api.factory.member();
    const done = await api.post(
      `/api/recharge/complete/${await create(member.id)}`,
      {},
      {
        token: admin.token,
        headers: idemKey(),
        locale: 'zh-HK',
      },
    );
    expect(done.body.msg).toBe('充值已完成：1234.50 已存入會員錢包');
    const rejected = await api.post(
      `/api/recharge/reject/${await create(member.id)}`,
      {},
      {
        token: admin.token,
        headers: idemKey(),
      },
    );
    expect(rejected.body.msg).toBe('Recharge rejected: nothing was credited');
  });

  it('saving a member level names the level saved, in the reader language', async () => {
    const body = { invitation_ratio: '20', second_gen_ratio: '5', third_gen_ratio: '0', share_cap: 1 };
    const saved = await api.put<{ name: string }>('/api/levels/2', body, {
      token: admin.token,
      locale: 'zh-CN',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe(`已保存等级 ${saved.body.data.name}`);
    expect(saved.body.data.name).not.toBe('Pioneer');
  });
});

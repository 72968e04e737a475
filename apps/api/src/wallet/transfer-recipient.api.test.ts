import { maskName, type TransferRecipient } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../test/test-app';
import { fundedMember, signedInAdmin } from './wallet-fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.close());

const lookup = (token: string | undefined, userNo: string | undefined, locale?: 'zh-HK') =>
  api.get<TransferRecipient>('/api/wallet/recipient', { token, query: { user_no: userNo }, locale });

describe('GET /api/wallet/recipient', () => {
  it('names any member (not only the downline) by member id, masked, in any case and spacing', async () => {
    const alice = await fundedMember(api, 0);
    const stranger = await api.factory.member({ name: 'Alexander Wong' });
    const res = await lookup(alice.token, ` ${stranger.userNo.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ user_no: stranger.userNo, name: maskName('Alexander Wong') });
    expect(res.body.data.name).toBe('Ale***ong');
  });

  it('refuses an unknown member id, an administrator and oneself, translated, on the user_no field', async () => {
    const alice = await fundedMember(api, 0);
    const nobody = await lookup(alice.token, 'M999999999');
    expect(nobody.status).toBe(422);
    expect(nobody.body.msg).toBe('User does not exist');
    expect(nobody.body.data).toEqual({ errors: [{ field: 'user_no', message: 'User does not exist' }] });
    expect((await lookup(alice.token, 'M999999999', 'zh-HK')).body.msg).toBe('用戶不存在');
    const admin = await signedInAdmin(api);
    expect((await lookup(alice.token, admin.user.userNo)).body.msg).toBe('User does not exist');
    const self = await lookup(alice.token, alice.user.userNo);
    expect(self.status).toBe(422);
    expect(self.body.msg).toBe('You cannot transfer to yourself');
    const missing = await lookup(alice.token, undefined);
    expect(missing.status).toBe(422);
    expect(missing.body.msg).toContain('This field is required');
  });

  it('is for signed-in members only', async () => {
    const bob = await fundedMember(api, 0);
    expect((await lookup(undefined, bob.user.userNo)).status).toBe(401);
    const admin = await signedInAdmin(api);
    expect((await lookup(admin.token, bob.user.userNo)).status).toBe(403);
  });
});

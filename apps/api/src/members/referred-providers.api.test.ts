import type { ProviderView } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import type { UserRow } from './members.schema';

/** The channel providers a member referred (user detail, wallet accordion): the provider list's referrer filter. */
type Page = { list: ProviderView[]; meta: { total: number } };

let api: TestApi;
let adminToken: string;
let referrer: UserRow;
let other: UserRow;

const addProvider = async (name: string, referrerNo: string) => {
  const res = await api.post<{ id: number }>(
    '/api/provider/add',
    { name, proportion: '10', email: `${name}@providers.test`, phone: '', referrer_user_no: referrerNo },
    { token: adminToken },
  );
  expect(res.status).toBe(200);
  return res.body.data.id;
};

beforeAll(async () => {
  api = await TestApi.start();
  adminToken = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
  referrer = await api.factory.member();
  other = await api.factory.member();
  await addProvider('first_referred', referrer.userNo);
  await addProvider('second_referred', referrer.userNo);
  await addProvider('someone_elses', other.userNo);
  await addProvider('unreferred', '');
});
afterAll(() => api.close());

const list = (query: Record<string, string | number>, token = adminToken) =>
  api.get<Page>('/api/provider/list', { token, query });

describe('GET /api/provider/list?referrer_user_id', () => {
  it('lists only the providers the member referred, newest first', async () => {
    const res = await list({ referrer_user_id: referrer.id });
    expect(res.status).toBe(200);
    expect(res.body.data.meta.total).toBe(2);
    expect(res.body.data.list.map((p) => p.name)).toEqual(['second_referred', 'first_referred']);
    expect(res.body.data.list[0]).toMatchObject({
      referrer_user_id: referrer.id,
      referrer_user_no: referrer.userNo,
      proportion: '10.00',
      status: 1,
    });
    const none = await list({ referrer_user_id: 999999 });
    expect(none.body.data).toMatchObject({ list: [], meta: { total: 0 } });
    expect((await list({ referrer_user_id: other.id, keyword: 'someone' })).body.data.meta.total).toBe(1);
  });

  it('refuses a bad referrer id and members without the permission', async () => {
    for (const referrer_user_id of ['abc', 0, -1]) {
      const res = await api.get<{ errors: { field: string }[] }>('/api/provider/list', {
        token: adminToken,
        query: { referrer_user_id },
      });
      expect(res.status).toBe(422);
      expect(res.body.data.errors.map((e) => e.field)).toEqual(['referrer_user_id']);
    }
    // Members pick providers on orders (number and name) but may not ask who referred them.
    const memberToken = await api.login(referrer.name, TEST_PASSWORD);
    expect((await list({}, memberToken)).status).toBe(200);
    expect((await list({ referrer_user_id: referrer.id }, memberToken)).status).toBe(403);
    const plainAdmin = await api.login((await api.factory.admin()).name, TEST_PASSWORD);
    expect((await list({ referrer_user_id: referrer.id }, plainAdmin)).status).toBe(403);
  });
});

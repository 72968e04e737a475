import type { ListColumns, SavedView } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../test/test-app';
import { fundedMember, type SignedIn, signedInAdmin } from '../wallet/wallet-fixtures';

let api: TestApi;
let admin: SignedIn;
let member: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  api = await TestApi.start();
  admin = await signedInAdmin(api);
  member = await fundedMember(api, 0);
  other = await fundedMember(api, 0);
});
afterAll(() => api.close());

type FieldErrors = { errors: { field: string; message: string }[] };
const fieldsOf = (data: unknown) => (data as FieldErrors).errors.map((e) => e.field);

const save = (token: string, body: unknown, locale?: 'en-US' | 'zh-HK' | 'zh-CN') =>
  api.post<SavedView>('/api/views', body, { token, locale });
const viewsOf = async (token: string, list: string) =>
  (await api.get<SavedView[]>('/api/views', { token, query: { list } })).body.data;

describe('saved views', () => {
  it('are created, listed by list and name, and deleted', async () => {
    const made = await save(admin.token, {
      list: 'withdrawals',
      name: '  Waiting  ',
      filters: { status: '1', keyword: 'bank' },
    });
    expect(made.status).toBe(200);
    expect(made.body.msg).toBe('View "Waiting" saved');
    expect(made.body.data).toMatchObject({
      list: 'withdrawals',
      name: 'Waiting',
      filters: { status: '1', keyword: 'bank' },
    });
    await save(admin.token, { list: 'withdrawals', name: 'All paid', filters: { status: '6' } });
    await save(admin.token, { list: 'orders', name: 'Waiting', filters: {} });

    expect((await viewsOf(admin.token, 'withdrawals')).map((v) => v.name)).toEqual(['All paid', 'Waiting']);
    expect((await viewsOf(admin.token, 'orders')).map((v) => v.name)).toEqual(['Waiting']);

    const gone = await api.delete(`/api/views/${made.body.data.id}`, { token: admin.token, locale: 'zh-HK' });
    expect([gone.status, gone.body.msg]).toEqual([200, '檢視已刪除']);
    expect((await viewsOf(admin.token, 'withdrawals')).map((v) => v.name)).toEqual(['All paid']);
    expect((await api.delete(`/api/views/${made.body.data.id}`, { token: admin.token })).status).toBe(404);
  });

  it('are seen and deleted by their owner only: another member and an administrator get nothing, or 404', async () => {
    const mine = await save(member.token, { list: 'orders', name: 'Mine', filters: { keyword: 'x' } });
    expect(mine.status).toBe(200);
    expect(await viewsOf(other.token, 'orders')).toEqual([]);
    expect((await viewsOf(admin.token, 'orders')).map((v) => v.name)).not.toContain('Mine');
    for (const token of [other.token, admin.token])
      expect((await api.delete(`/api/views/${mine.body.data.id}`, { token })).status).toBe(404);
    expect((await viewsOf(member.token, 'orders')).map((v) => v.name)).toEqual(['Mine']);
    // The same name is free for another person.
    expect((await save(other.token, { list: 'orders', name: 'Mine', filters: {} })).status).toBe(200);
  });

  it('refuse a duplicate name on the same list with a translated 409', async () => {
    await save(member.token, { list: 'members', name: 'Twice', filters: {} });
    const again = await save(member.token, { list: 'members', name: 'Twice', filters: {} }, 'zh-CN');
    expect([again.status, again.body.msg]).toEqual([409, '此列表已有名为“Twice”的视图']);
    expect((await save(member.token, { list: 'recharges', name: 'Twice', filters: {} })).status).toBe(200);
  });

  it('validate the list, the name and the filters, naming the field (422)', async () => {
    const cases: [unknown, string][] = [
      [{ list: 'nope', name: 'a', filters: {} }, 'list'],
      [{ list: 'orders', name: '   ', filters: {} }, 'name'],
      [{ list: 'orders', name: 'x'.repeat(61), filters: {} }, 'name'],
      [{ list: 'orders', name: 'a', filters: { status: 1 } }, 'filters.status'],
      [{ list: 'orders', name: 'a', filters: { k: 'v'.repeat(201) } }, 'filters.k'],
      [
        {
          list: 'orders',
          name: 'a',
          filters: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, 'v'])),
        },
        'filters',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await save(member.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(fieldsOf(res.body.data)).toContain(field);
    }
    const bad = await api.get('/api/views', { token: member.token, query: { list: 'nope' } });
    expect([bad.status, fieldsOf(bad.body.data)]).toEqual([422, ['list']]);
  });

  it('are at most 50 per list and person', async () => {
    const user = await fundedMember(api, 0);
    for (let i = 0; i < 50; i++)
      expect((await save(user.token, { list: 'transfers', name: `v${i}`, filters: {} })).status).toBe(200);
    const full = await save(user.token, { list: 'transfers', name: 'one more', filters: {} });
    expect([full.status, full.body.msg]).toEqual([409, 'At most 50 saved views per list: delete one first']);
  });
});

describe('columns', () => {
  it('show every column until chosen, then are saved and read back in the list order, the first kept', async () => {
    const get = (token: string) =>
      api.get<ListColumns>('/api/views/columns', { token, query: { list: 'withdrawals' } });
    expect((await get(admin.token)).body.data).toEqual({ list: 'withdrawals', columns: null });
    const saved = await api.put<ListColumns>(
      '/api/views/columns',
      { list: 'withdrawals', columns: ['status', 'amount', 'amount'] },
      { token: admin.token },
    );
    expect([saved.status, saved.body.msg]).toEqual([200, 'Columns saved']);
    expect(saved.body.data.columns).toEqual(['id', 'amount', 'status']);
    expect((await get(admin.token)).body.data.columns).toEqual(['id', 'amount', 'status']);
    expect((await get(member.token)).body.data.columns).toBeNull();
  });

  it('refuse a column the list does not have (422 on columns)', async () => {
    const res = await api.put(
      '/api/views/columns',
      { list: 'orders', columns: ['bank_code'] },
      { token: member.token },
    );
    expect([res.status, fieldsOf(res.body.data)]).toEqual([422, ['columns']]);
  });

  it('are kept for the transfers (a member) and the wallet records (an administrator), each with its own columns', async () => {
    const put = (token: string, list: string, columns: string[]) =>
      api.put<ListColumns>('/api/views/columns', { list, columns }, { token });
    const transfers = await put(member.token, 'transfers', ['amount', 'dir']);
    expect([transfers.status, transfers.body.data.columns]).toEqual([200, ['time', 'dir', 'amount']]);
    const records = await put(admin.token, 'wallet-records', ['userNo', 'kind', 'amount']);
    expect([records.status, records.body.data.columns]).toEqual([200, ['user', 'userNo', 'kind', 'amount']]);
    expect((await put(admin.token, 'wallet-records', ['dir'])).status).toBe(422);
    expect((await put(member.token, 'transfers', ['kind'])).status).toBe(422);
    const view = await save(member.token, {
      list: 'transfers',
      name: 'Received',
      filters: { direction: 'in' },
    });
    expect(view.status).toBe(200);
    expect((await viewsOf(member.token, 'transfers')).map((v) => [v.name, v.filters])).toContainEqual([
      'Received',
      { direction: 'in' },
    ]);
  });
});

it('answers 401 without a sign-in', async () => {
  for (const [method, url] of [
    ['GET', '/api/views?list=orders'],
    ['POST', '/api/views'],
    ['DELETE', '/api/views/1'],
    ['GET', '/api/views/columns?list=orders'],
    ['PUT', '/api/views/columns'],
  ] as const)
    expect(
      (await api.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).status,
    ).toBe(401);
});

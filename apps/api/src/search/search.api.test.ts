import { maskName, Perm, type SearchResult } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../members/members.schema';
import { SalesFixtures } from '../orders/orders.fixtures';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';

let api: TestApi;
let admin: string;
let sales: SalesFixtures;
beforeAll(async () => {
  api = await TestApi.start();
  sales = new SalesFixtures(api.db);
  const root = await api.factory.superAdmin();
  admin = await api.login(root.name, TEST_PASSWORD);
});
afterAll(() => api.close());

const search = (token: string, q: string) => api.get<SearchResult>('/api/search', { token, query: { q } });
const memberIds = async (token: string, q: string) =>
  ((await search(token, q)).body.data.members ?? []).map((m) => m.id);

describe('GET /api/search', () => {
  it('finds a member by member id, account, display name, e-mail, phone and WordPress id (administrators)', async () => {
    const queenie = await api.factory.member({
      name: 'qwong_search',
      displayName: 'Queenie Wong',
      email: 'Queenie.Wong@example.test',
      phone: '85298765432',
      platformId: 'wp-77001',
    });
    for (const q of [
      queenie.userNo.toLowerCase(),
      'qwong_sea',
      'queenie wong',
      'QUEENIE.wong@',
      '85298765432',
      'wp-77001',
    ])
      expect(await memberIds(admin, q), q).toEqual([queenie.id]);
    // Under three characters a keyword matches names from their start only.
    expect(await memberIds(admin, 'Qu')).toContain(queenie.id);
    expect(await memberIds(admin, 'ng')).not.toContain(queenie.id);
    expect(await memberIds(admin, 'nobody-such-person')).toEqual([]);
  });

  it('puts identifier matches before name matches and stops at eight of a kind', async () => {
    const named = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        api.factory.member({ name: `ranker_${i}`, displayName: `Ranker ${i}` }),
      ),
    );
    const exact = await api.factory.member({ name: 'someone_else', platformId: 'ranker' });
    const found = await memberIds(admin, 'ranker');
    expect(found).toHaveLength(8);
    expect(found[0]).toBe(exact.id);
    expect(found.slice(1).every((id) => named.some((m) => m.id === id))).toBe(true);
  });

  it('finds an order by its number, from its start, or by its platform order number', async () => {
    const buyer = await api.factory.member();
    const order = await sales.order({ user_no: buyer.userNo, platform_order_no: 'WP-SEARCH-1' });
    for (const q of [order.orderNo, order.orderNo.toLowerCase(), order.orderNo.slice(0, -1), 'WP-SEARCH-1']) {
      const res = await search(admin, q);
      expect(res.status).toBe(200);
      expect(
        res.body.data.orders?.map((o) => o.order_no),
        q,
      ).toContain(order.orderNo);
    }
    const [hit] = (await search(admin, order.orderNo)).body.data.orders!;
    expect(hit).toMatchObject({ platform_order_no: 'WP-SEARCH-1', amount: '100.00', user: { id: buyer.id } });
  });

  it('lets a member find only their own downline, masked, and never by a private field', async () => {
    const [top, mid, leaf] = await api.factory.chain(2);
    await api.db
      .update(users)
      .set({ displayName: 'Queenie Chan', phone: '85211112222', platformId: 'wp-leaf-1' })
      .where(eq(users.id, leaf!.id));
    const outsider = await api.factory.member({ displayName: 'Queenie Chan' });
    const token = await api.login(mid!.name, TEST_PASSWORD);

    // A member searches what they see of others: the masked names ("Que***han"), and member ids.
    const res = await search(token, 'Que***han');
    expect(res.status).toBe(200);
    expect(res.body.data.members).toEqual([
      {
        id: leaf!.id,
        name: maskName(leaf!.name),
        display_name: maskName('Queenie Chan'),
        user_no: leaf!.userNo,
      },
    ]);
    expect(await memberIds(token, leaf!.userNo)).toEqual([leaf!.id]);
    expect(await memberIds(token, maskName(leaf!.name))).toEqual([leaf!.id]);
    expect(await memberIds(token, 'que')).toContain(leaf!.id);
    // The upline, the member themselves and anyone outside the downline are never found.
    for (const q of [top!.userNo, maskName(top!.name), mid!.userNo, outsider.userNo, maskName(outsider.name)])
      expect(await memberIds(token, q), q).toEqual([]);
    // Nothing the mask hides is searched: private fields, the hidden middle of a name.
    for (const q of [leaf!.email!, '85211112222', 'wp-leaf-1', leaf!.name, 'Queenie Chan', 'eenie'])
      expect(await memberIds(token, q), q).toEqual([]);
  });

  it('lets a member find only the orders of their own network', async () => {
    const [, mid, leaf] = await api.factory.chain(2);
    const outsider = await api.factory.member();
    const mine = await sales.order({ user_no: leaf!.userNo });
    const theirs = await sales.order({ user_no: outsider.userNo });
    const token = await api.login(mid!.name, TEST_PASSWORD);
    const own = (await search(token, mine.orderNo)).body.data.orders!;
    expect(own.map((o) => o.order_no)).toEqual([mine.orderNo]);
    expect(own[0]!.user!.name).toBe(maskName(leaf!.name));
    expect((await search(token, theirs.orderNo)).body.data.orders).toEqual([]);
    expect((await search(token, theirs.platformOrderNo)).body.data.orders).toEqual([]);
  });

  it('searches only the kinds the caller may list, and refuses a blank or signed-out search', async () => {
    const role = await api.post<{ id: number }>(
      '/api/permission/roles',
      { name: 'Order clerks', permission_ids: [Perm.orders] },
      { token: admin },
    );
    const clerk = await api.factory.admin({ roleIds: [role.body.data.id] });
    const clerkToken = await api.login(clerk.name, TEST_PASSWORD);
    const res = await search(clerkToken, 'anything');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ orders: [] });
    expect((await search(admin, '  ')).status).toBe(422);
    expect((await api.get('/api/search', { query: { q: 'x' } })).status).toBe(401);
  });
});

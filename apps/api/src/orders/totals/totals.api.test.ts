import { formatCents, type OrderFilter, type OrderListMeta, orderListBody } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCaller } from '../../access/caller';
import type { UserRow } from '../../members/members.schema';
import type { AccountCaller } from '../../platform/caller';
import { queryRows } from '../../platform/db/client';
import { importSheet } from '../../platform/xlsx/test-files';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { SalesFixtures, surfaced } from '../orders.fixtures';
import { orders } from '../orders.schema';
import { scopeHoursAndFresh } from '../scope-hours.testing';
import { type BuyerSetLimits, TOTALS_CONFIG } from './config';
import { orderWhere } from './filters';
import { orderPageAndTotals } from './index';
import { orderPage, orderTotals, pageRows, refererSortedRows } from './page';
import { scopesAdded } from './scopes';

/**
 * The list's totals from order_totals_daily must equal an exact count over the orders, for every
 * filter the rollup serves, after every kind of write: ingestion, import, refund marking,
 * updates of status / day / amounts / provider, deletes, rolled-back transactions.
 */

let api: TestApi;
let sales: SalesFixtures;
let adminToken: string;
let admin: AccountCaller;
const m: Record<string, UserRow> = {};
let p1: number;
let p2: number;

type Filter = Record<string, unknown>;
/** Filters whose totals the rollup serves (true) or that must fall back to counting orders (false). */
const cases = (): [Filter, boolean][] => [
  [{}, true],
  [{ subtype: 'renewal_order' }, true],
  [{ source_type: 2 }, true],
  [{ provider_id: p1 }, true],
  [{ provider_id: p2, subtype: 'normal_order', source_type: 3 }, true],
  [{ date_from: '2026-04-15' }, true],
  [{ date_to: '2026-04-14' }, true],
  [{ date_from: '2026-04-14', date_to: '2026-04-15' }, true],
  [{ date_from: '2026-04-15T08:00:00+08:00', date_to: '2026-04-16T00:00:00Z' }, true],
  [{ date_from: '2026-04-15', date_to: '2026-04-16', provider_id: p1, subtype: 'credit_order' }, true],
  [{ tags: ['vip'] }, true],
  [{ tags: ['vip', 'basic'], date_from: '2026-04-15', source_type: 2 }, true],
  [{ channel_sales: true, member_id: m.A!.userNo }, true],
  [{ channel_sales: true, member_id: m.A!.userNo, date_to: '2026-04-15' }, true],
  // Ranges starting or ending inside a day: the whole days from the rollup, the partial ones counted.
  [{ date_from: '2026-04-15T10:00:00Z' }, true],
  [{ date_to: '2026-04-15T23:59:59.999Z', subtype: 'normal_order' }, true],
  [{ date_from: '2026-04-14T00:00:00.001Z' }, true],
  [{ date_from: '2026-04-14T12:00:00Z', date_to: '2026-04-16T06:00:00Z' }, true],
  [{ date_from: '2026-04-14T23:59:59.999Z', date_to: '2026-04-16T10:00:00+08:00', provider_id: p1 }, true],
  [{ date_from: '2026-04-13T06:00:00Z', date_to: '2026-04-16T00:00:00.001Z', source_type: 3 }, true],
  [{ date_from: '2026-04-15T10:00:00Z', tags: ['basic'], subtype: 'renewal_order' }, true],
  [{ channel_sales: true, member_id: m.A!.userNo, date_to: '2026-04-15T10:00:01Z' }, true],
  // The states (refund rows and refunded originals are rollup dimensions too).
  [{ state: 'done' }, true],
  [{ state: 'not_done', subtype: 'normal_order' }, true],
  [{ state: 'refunded', date_from: '2026-04-14T12:00:00Z' }, true],
  [{ state: 'refund', provider_id: p1 }, true],
  [{ state: 'refund' }, true],
  [{ state: 'done', channel_sales: true, member_id: m.A!.userNo }, true],
  // No whole day inside: counted exactly. A bare date is a day of the business time zone (a new database's:
  // Hong Kong, 16:00 to 16:00 UTC), which holds no whole day of the rollup's (UTC).
  [{ date_from: '2026-04-15', date_to: '2026-04-15', provider_id: p1, subtype: 'credit_order' }, false],
  [{ date_from: '2026-04-15T05:00:00Z', date_to: '2026-04-15T23:59:59.999Z' }, false],
  [{ date_from: '2026-04-14T12:00:00Z', date_to: '2026-04-15T10:00:01Z', source_type: 2 }, false],
  [{ member_id: m.B!.userNo }, false],
  [{ name: 'tot_b', source_type: 2 }, false],
  [{ email: 'tot_c@test.local' }, false],
  [{ user_id: m.C!.id, provider_id: p1 }, false],
  [{ group_sales: true, member_id: m.A!.userNo }, false],
  [{ group_sales: true, member_id: m.A!.userNo, state: 'refunded' }, false],
];

const list = (body: Filter, token = adminToken) =>
  api.post<{ meta: OrderListMeta }>('/api/orders/list', { pageSize: 20, ...body }, { token });

/** The query once a scope it needs was added (the first request counts exactly and adds it in the background). */
async function whereOnceScoped(filter: OrderFilter, viewer: AccountCaller, limits: BuyerSetLimits) {
  await orderWhere(api.db, filter, viewer, { ...limits, onScopeError: surfaced });
  await scopesAdded(api.db);
  return orderWhere(api.db, filter, viewer, { ...limits, onScopeError: surfaced });
}

/** The exact count: the same filter with the switch that forces it (TotalsConfig.exact). */
async function exactly(filter: OrderFilter, viewer: AccountCaller, limits: BuyerSetLimits) {
  const query = await orderWhere(api.db, filter, viewer, { ...limits, exact: true, onScopeError: surfaced });
  expect(query.totals, 'the exact switch counts over the orders').toBeNull();
  expect(query.walk).toBeUndefined();
  return orderTotals(api.db, query);
}

async function exactAndRollup(filter: Filter, viewer: AccountCaller, limits: BuyerSetLimits = TOTALS_CONFIG) {
  const query = await whereOnceScoped(orderListBody.parse(filter), viewer, limits);
  const exact = await exactly(orderListBody.parse(filter), viewer, limits);
  return { query, exact, served: await orderTotals(api.db, query) };
}

/** Every case: the rollup is used exactly when expected, and its totals equal the exact ones and the API's. */
async function expectTotalsMatch() {
  let nonEmpty = 0;
  for (const [filter, rollup] of cases()) {
    const { query, exact, served } = await exactAndRollup(filter, admin);
    const label = JSON.stringify(filter);
    expect(query.totals !== null, label).toBe(rollup);
    expect(served, label).toEqual(exact);
    const res = await list(filter);
    expect(res.status, label).toBe(200);
    const shown = (s: typeof exact.done) => ({
      count: s.count,
      amount: formatCents(s.amountCents),
      sales_point: s.salesPoint,
    });
    expect(res.body.data.meta, label).toMatchObject({
      total: exact.total,
      done: shown(exact.done),
      refunded: shown(exact.refunded),
    });
    if (exact.total > 0) nonEmpty++;
  }
  expect(nonEmpty).toBeGreaterThan(15);
  await expectRollupEqualsOrders();
}

/**
 * The whole table: every non-empty bucket equals a fresh aggregate of the orders, those of every
 * order (scope null) and those of each scope, bought in its ancestor's downline (the ancestor included); and so do
 * the scopes' done sales per hour. Answers how many non-empty hours the scopes have.
 */
async function expectRollupEqualsOrders() {
  const rows = (q: ReturnType<typeof sql>) =>
    queryRows<Record<string, unknown>>(api.db, q).then((r) => r.map((x) => JSON.stringify(x)).sort());
  const rollup = await rows(sql`
    select scope_id, day::text, provider_id, product_id, source_type, subtype, status, refund, refunded,
           order_count::text as n, amount_cents::text as amount, sales_point::text as sp
    from order_totals_daily where order_count <> 0 or amount_cents <> 0 or sales_point <> 0`);
  const fresh = await rows(sql`
    select s.id as scope_id, ((o.completed_at at time zone 'UTC')::date)::text as day, o.provider_id,
           o.product_id, o.source_type, o.subtype, o.status, o.platform_order_no_origin is not null as refund,
           o.refunded_at is not null as refunded, count(*)::text as n,
           sum(o.amount_cents)::text as amount, sum(o.sales_point)::text as sp
    from orders o
    join users u on u.id = o.user_id
    join order_totals_scopes s on true
    join users a on a.id = s.ancestor_id
      and (s.tree = 'sponsor' and starts_with(u.tree_path, a.tree_path)
      or s.tree = 'iblommer' and starts_with(u.iblommer_path, a.iblommer_path))
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    union all
    select null::int, ((completed_at at time zone 'UTC')::date)::text, provider_id, product_id, source_type,
           subtype, status, platform_order_no_origin is not null, refunded_at is not null, count(*)::text,
           sum(amount_cents)::text, sum(sales_point)::text
    from orders group by 1, 2, 3, 4, 5, 6, 7, 8, 9`);
  expect(rollup).toEqual(fresh);
  // Each scope's done sales per UTC hour (scope_sales_hours), against the done orders bought in its downline.
  const { hours, fresh: freshHours } = await scopeHoursAndFresh(api.db);
  expect(hours).toEqual(freshHours);
  return hours.length;
}

/** A new member with one member below it, who bought one order. */
async function smallDownline(name: string) {
  const top = await api.factory.member({ name: `${name}_top` });
  const below = await api.factory.member({ name: `${name}_below`, parentUserId: top.id });
  await sales.order({
    platform_order_no: `${name}-1`,
    user_no: below.userNo,
    completed_at: '2026-04-15T01:00:00Z',
  });
  return { top, below };
}

beforeAll(async () => {
  api = await TestApi.start({ refundAdmin: 'tot_refunder', ordersIngestKey: 'shop-key' });
  sales = new SalesFixtures(api.db);
  const f = api.factory;
  // A root before A in path order and one after (X): the members outside A's downline lie on both sides of it.
  m.W = await f.member({ name: 'tot_w' });
  m.A = await f.member({ name: 'tot_a' });
  m.B = await f.member({ name: 'tot_b', parentUserId: m.A.id, iblommerParentUserId: m.A.id });
  m.C = await f.member({ name: 'tot_c', parentUserId: m.B.id, iblommerParentUserId: m.B.id });
  m.D = await f.member({ name: 'tot_d', parentUserId: m.C.id, iblommerParentUserId: m.C.id });
  // Below A's third generation: outside A's generational sales (the 2nd and 3rd generations).
  m.E = await f.member({ name: 'tot_e', parentUserId: m.D.id, iblommerParentUserId: m.D.id });
  m.X = await f.member({ name: 'tot_x' });
  m.Y = await f.member({ name: 'tot_y', parentUserId: m.X.id });
  p1 = (await sales.provider({ referrer_user_no: m.A.userNo })).id;
  p2 = (await sales.provider({})).id;
  const vip = await sales.product({ tags: ['vip'], provider_id: p1 });
  const basic = await sales.product({ tags: ['basic'], provider_id: p2, source_type: 3 });
  const membership = await sales.product({ source_type: 1, grants_level_id: 2, provider_id: p2 });
  adminToken = await api.login((await f.superAdmin({ name: 'tot_refunder' })).name, TEST_PASSWORD);
  admin = (await loadCaller(api.db, (await f.superAdmin()).id))!;

  // Completion times around the UTC day boundaries of 14–16 April, some not completed at all.
  const times = [
    '2026-04-13T12:00:00Z',
    '2026-04-14T00:00:00Z',
    '2026-04-14T23:59:59.999Z',
    '2026-04-15T00:00:00Z',
    '2026-04-15T10:00:00Z',
    '2026-04-15T23:59:59.999Z',
    '2026-04-16T00:00:00Z',
    '2026-04-16T07:30:00+08:00',
    undefined,
  ];
  const buyers = [m.A, m.B, m.C, m.X];
  const subtypes = ['credit_order', 'renewal_order', 'normal_order'] as const;
  for (let i = 0; i < 45; i++) {
    const kind = i % 5;
    const completed = times[i % times.length];
    await sales.order({
      platform_order_no: `TOT-${i}`,
      user_no: buyers[i % buyers.length]!.userNo,
      subtype: subtypes[i % 3],
      status: completed ? 1 : 0,
      completed_at: completed,
      order_at: '2026-04-13T00:00:00Z',
      amount: `${10 + i}.${String(i % 100).padStart(2, '0')}`,
      sales_point: i * 7,
      // Two in three orders name a referer; the rest have none (a null name when sorting).
      referer_user_no: i % 3 === 0 ? undefined : buyers[(i * 7) % buyers.length]!.userNo,
      ...(kind === 0
        ? { product_id: vip.id, source_type: 2 }
        : kind === 1
          ? { product_id: basic.id, source_type: 3 }
          : kind === 2
            ? { product_id: membership.id, source_type: 1 }
            : kind === 3
              ? { provider_no: undefined, source_type: 2 }
              : { source_type: 3 }),
    });
  }
  const outside: [UserRow, string][] = [
    [m.W, '2026-04-14T00:00:00Z'],
    [m.W, '2026-04-15T10:00:00Z'],
    [m.E, '2026-04-15T10:00:00Z'],
  ];
  for (const [i, [buyer, completed]] of outside.entries())
    await sales.order({
      platform_order_no: `TOT-OUT-${i}`,
      user_no: buyer.userNo,
      subtype: 'normal_order',
      status: 1,
      completed_at: completed,
      order_at: '2026-04-13T00:00:00Z',
      amount: '5.00',
      sales_point: 3,
      source_type: 3,
    });
});
afterAll(() => api.close());

describe('orders list totals from order_totals_daily', () => {
  it('equal the exact totals after ingestion', async () => {
    await expectTotalsMatch();
  });

  it('stay equal through shop ingestion, refund rows, an import and refund marking', async () => {
    const ingest = (body: Filter) =>
      api.post('/api/orders/ingest', body, { headers: { 'x-api-key': 'shop-key' } });
    expect(
      (
        await ingest({
          platform_order_no: 'TOT-SHOP',
          source_type: 2,
          user_no: m.C!.userNo,
          product_name: 'Course',
          provider_no: undefined,
          amount: '7.77',
          sales_point: 3,
          completed_at: '2026-04-15T12:00:00Z',
        })
      ).status,
    ).toBe(200);
    // A repeat changes nothing (idempotent by platform_order_no).
    await ingest({
      platform_order_no: 'TOT-SHOP',
      source_type: 2,
      user_no: m.C!.userNo,
      product_name: 'x',
      amount: 1,
    });
    // A refund row of its own, pointing at its original.
    await ingest({
      platform_order_no: 'TOT-SHOP-R',
      platform_order_no_origin: 'TOT-0',
      refund_no: 'R-1',
      source_type: 2,
      user_no: m.A!.userNo,
      product_name: 'Refund',
      amount: '10.00',
      completed_at: '2026-04-16T01:00:00Z',
    });
    const csv = Buffer.from(
      'platform_order_no,source_type,subtype,user_no,product_name,amount,sales_point,completed_at\n' +
        `TOT-IMP-1,2,renewal_order,${m.B!.userNo},Imported,5.50,11,2026-04-14T23:00:00Z\n` +
        `TOT-IMP-2,3,credit_order,${m.X!.userNo},Imported,6.25,12,2026-04-15T00:00:00Z\n` +
        'TOT-IMP-3,2,normal_order,M-nobody,Broken,1,1,2026-04-15T00:00:00Z\n',
    );
    const imported = await importSheet(api, '/api/orders/import', adminToken, 'orders.csv', csv);
    expect(imported).toMatchObject({ total: 3, imported: 2, failed: 1 });
    const refund = await api.post(
      '/api/orders/refund-wallet',
      { platform_order_no_origin: 'TOT-5' },
      { token: adminToken },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await expectTotalsMatch();
  });

  it('stay equal through status, day, amount and provider changes, deletes and rolled-back writes', async () => {
    await api.db.transaction(async (tx) => {
      // A session time zone other than UTC must not move an order to another day.
      await tx.execute(sql`set local time zone 'Asia/Hong_Kong'`);
      await tx
        .update(orders)
        .set({ status: 0, completedAt: null })
        .where(eq(orders.platformOrderNo, 'TOT-1'));
      await tx.execute(sql`update orders set status = 1, completed_at = '2026-04-15 23:59:59.999999+00'
                           where platform_order_no = 'TOT-8'`);
      await tx.execute(
        sql`update orders set completed_at = '2026-04-16 07:59:00+08' where platform_order_no = 'TOT-3'`,
      );
      await tx.execute(sql`update orders set amount_cents = amount_cents + 1, sales_point = 0
                           where platform_order_no in ('TOT-10', 'TOT-11', 'TOT-12')`);
      await tx.execute(sql`update orders set provider_id = ${p1}, subtype = 'credit_order'
                           where platform_order_no like 'TOT-2%'`);
      await tx.execute(sql`update orders set refunded_at = now()`);
    });
    await api.db.delete(orders).where(eq(orders.platformOrderNo, 'TOT-44'));
    await expect(
      api.db.transaction(async (tx) => {
        await tx.execute(sql`update orders set amount_cents = 0`);
        await tx.insert(orders).values({
          platformOrderNo: 'TOT-ROLLED-BACK',
          sourceType: 2,
          userId: m.A!.id,
          productName: 'Course',
          amountCents: 100,
          orderAt: new Date('2026-04-15T05:00:00Z'),
          completedAt: new Date('2026-04-15T05:00:00Z'),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectTotalsMatch();
  });

  it('serves a member the totals of channel sales from the rollup too', async () => {
    const member = (await loadCaller(api.db, m.A!.id))!;
    const filter = { channel_sales: true, member_id: m.A!.userNo, date_from: '2026-04-14' };
    const { query, exact, served } = await exactAndRollup(filter, member);
    expect(query.totals).not.toBeNull();
    expect(exact.total).toBeGreaterThan(0);
    expect(served).toEqual(exact);
    const token = await api.login('tot_a', TEST_PASSWORD);
    expect((await list(filter, token)).body.data.meta.total).toBe(exact.total);
    // Without a switch a member sees their own network: counted exactly.
    expect(
      (await orderWhere(api.db, orderListBody.parse({}), member, { onScopeError: surfaced })).totals,
    ).toBeNull();
  });

  it('count a large downline as all orders less those bought outside it', async () => {
    // Every downline counts as large here; A's is the whole tree but A itself and the roots W and X, whose paths
    // sort before and after A's.
    expect([m.W!.treePath < m.A!.treePath, m.X!.treePath > m.A!.treePath]).toEqual([true, true]);
    const limits = { directUpTo: 0, complementUpTo: 100 };
    const filters = [
      { group_sales: true, member_id: m.A!.userNo },
      { group_sales: true, member_id: m.A!.userNo, date_from: '2026-04-15' },
      { group_sales: true, member_id: m.A!.userNo, date_from: '2026-04-14T12:00:00Z', provider_id: p2 },
      { group_sales_not_referral: true, member_id: m.A!.userNo, date_to: '2026-04-15T10:00:00Z' },
      { generational_sales: true, member_id: m.A!.userNo, source_type: 3 },
    ];
    for (const filter of filters) {
      const { query, exact, served } = await exactAndRollup(filter, admin, limits);
      const label = JSON.stringify(filter);
      expect(query.totals, label).toContainEqual(expect.objectContaining({ from: 'orders', sign: -1 }));
      expect(exact.total, label).toBeGreaterThan(0);
      expect(served, label).toEqual(exact);
      expect((await list(filter)).body.data.meta.total, label).toBe(exact.total);
    }
    // The group's orders are B's, C's and E's: A's own orders are not part of A's group sales.
    const { served } = await exactAndRollup(filters[0]!, admin, limits);
    const [own] = await queryRows<{ n: number; a: number }>(
      api.db,
      sql`select count(*) filter (where user_id in (${m.B!.id}, ${m.C!.id}, ${m.E!.id}))::int as n,
                 count(*) filter (where user_id = ${m.A!.id})::int as a from orders`,
    );
    expect(own!.a).toBeGreaterThan(0);
    expect(served.total).toBe(own!.n);

    // A member's own network without a switch (A and the downline), the same way.
    const member = (await loadCaller(api.db, m.A!.id))!;
    const network = await exactAndRollup({ date_from: '2026-04-14T12:00:00Z' }, member, limits);
    expect(network.query.totals).not.toBeNull();
    expect(network.served).toEqual(network.exact);
    // More members outside than allowed: A's scope less A's own orders. A small downline: counted exactly.
    const scoped = await exactAndRollup(filters[0]!, admin, { directUpTo: 0, complementUpTo: 1 });
    expect(scoped.query.totals).not.toBeNull();
    expect(scoped.served).toEqual(scoped.exact);
    expect((await exactAndRollup(filters[0]!, admin)).query.totals).toBeNull();
  });

  it('count a large downline exactly until its scope, added in the background, is there', async () => {
    const { top } = await smallDownline('tot_bg');
    const filter = orderListBody.parse({ group_sales: true, member_id: top.userNo });
    const limits = { directUpTo: 0, complementUpTo: 0 };
    const first = await orderWhere(api.db, filter, admin, { ...limits, onScopeError: surfaced });
    expect(first.totals).toBeNull();
    await scopesAdded(api.db);
    const next = await orderWhere(api.db, filter, admin, { ...limits, onScopeError: surfaced });
    expect(next.totals).toContainEqual(expect.objectContaining({ from: 'rollup' }));
    expect(await orderTotals(api.db, next)).toEqual(await orderTotals(api.db, first));
    expect((await orderTotals(api.db, next)).total).toBe(1);
  });

  it('count a large downline from its scope, through writes, refunds and tree moves', async () => {
    // Every downline with a member counts as large here, and none is nearly the whole tree. Six scopes:
    // those of the filters below (the sponsor trees of A, B and X, the iBloomer trees of A and B) and the
    // previous test's.
    const limits = { directUpTo: 0, complementUpTo: 0 };
    const filters = () => [
      { group_sales: true, member_id: m.A!.userNo },
      { group_sales: true, member_id: m.B!.userNo, date_from: '2026-04-14T12:00:00Z', provider_id: p2 },
      { group_sales_not_referral: true, member_id: m.A!.userNo, date_to: '2026-04-15T10:00:00Z' },
      { group_sales: true, member_id: m.X!.userNo, tags: ['vip', 'basic'] },
      { iblommer_sales: true, member_id: m.A!.userNo, source_type: 3 },
      { iblommer_sales: true, member_id: m.B!.userNo },
    ];
    const member = async () => (await loadCaller(api.db, m.A!.id))!;
    const expectServedFromScopes = async () => {
      for (const filter of filters()) {
        const { query, exact, served } = await exactAndRollup(filter, admin, limits);
        const label = JSON.stringify(filter);
        expect(query.totals, label).toContainEqual(expect.objectContaining({ from: 'rollup' }));
        expect(served, label).toEqual(exact);
      }
      // A member's own network without a switch (A included), from the same scope.
      const network = await exactAndRollup({ date_from: '2026-04-14T12:00:00Z' }, await member(), limits);
      expect(network.query.totals).not.toBeNull();
      expect(network.served).toEqual(network.exact);
      // Generational sales (two levels) have no scope: counted exactly.
      const generational = { generational_sales: true, member_id: m.A!.userNo };
      expect((await exactAndRollup(generational, admin, limits)).query.totals).toBeNull();
      expect(await expectRollupEqualsOrders()).toBeGreaterThan(0);
    };
    await expectServedFromScopes();
    const [{ n: scopeCount }] = (await queryRows<{ n: number }>(
      api.db,
      sql`select count(*)::int as n from order_totals_scopes`,
    )) as [{ n: number }];
    expect(scopeCount).toBe(6);
    // The group sales of A are B's, C's, D's and E's orders (A's own are not part of them).
    const { served } = await exactAndRollup(filters()[0]!, admin, limits);
    const [own] = await queryRows<{ n: number }>(
      api.db,
      sql`select count(*)::int as n from orders where user_id in (${m.B!.id}, ${m.C!.id}, ${m.D!.id}, ${m.E!.id})`,
    );
    expect(served.total).toBe(own!.n);

    // Updates that move done sales into, out of and between the scopes' hours: refunds taken back, a refund marked,
    // an order no longer done and one done again, completion times moved across hours (in a session time zone half
    // an hour off UTC), amounts corrected.
    await api.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      await tx.execute(sql`update orders set refunded_at = null
                           where platform_order_no like 'TOT-1%' or platform_order_no like 'TOT-3%'`);
      await tx.execute(sql`update orders set refunded_at = now() where platform_order_no = 'TOT-12'`);
      await tx.execute(sql`update orders set status = 0 where platform_order_no = 'TOT-13'`);
      await tx.execute(sql`update orders set status = 1, completed_at = '2026-04-15 16:30:00+00'
                           where platform_order_no = 'TOT-17'`);
      await tx.execute(sql`update orders set completed_at = completed_at + interval '90 minutes'
                           where platform_order_no in ('TOT-30', 'TOT-31')`);
      await tx.execute(sql`update orders set amount_cents = amount_cents + 7, sales_point = sales_point + 2
                           where platform_order_no like 'TOT-3%'`);
    });
    await expectServedFromScopes();
    expect(await expectRollupEqualsOrders()).toBeGreaterThan(10);

    for (let i = 0; i < 3; i++)
      await sales.order({
        platform_order_no: `TOT-D-${i}`,
        user_no: m.D!.userNo,
        completed_at: `2026-04-1${4 + i}T0${i}:00:00Z`,
        amount: `${3 + i}.00`,
        sales_point: i,
      });
    await expectServedFromScopes();
    // D moves from C to Y (below X), then back, in each tree: the scopes of A and B lose its orders, X's
    // (sponsor tree) gains them.
    const move = async (user: UserRow, parent: UserRow, tree: 'refererUser' | 'iblommerUser') => {
      const res = await api.put(
        `/api/users/update/${tree}`,
        { user_id: user.id, parent_user_id: parent.id },
        { token: adminToken },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    for (const tree of ['refererUser', 'iblommerUser'] as const) {
      await move(m.D!, m.Y!, tree);
      await expectServedFromScopes();
      await move(m.D!, m.C!, tree);
      await expectServedFromScopes();
    }
    // Any writer of the paths: D leaves the iBloomer tree; an order changes buyer; one is deleted.
    await api.db.execute(sql`update users set iblommer_path = '/' || id || '/', iblommer_depth = 0,
                               iblommer_parent_user_id = null where id = ${m.D!.id}`);
    await api.db.execute(sql`update orders set user_id = ${m.X!.id} where platform_order_no = 'TOT-D-0'`);
    await api.db.delete(orders).where(eq(orders.platformOrderNo, 'TOT-D-1'));
    await expect(
      api.db.transaction(async (tx) => {
        await tx.execute(
          sql`update users set tree_path = '/' || id || '/', tree_depth = 0 where id = ${m.B!.id}`,
        );
        await tx.execute(sql`update orders set amount_cents = 1 where user_id = ${m.C!.id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectServedFromScopes();
  });

  // The test databases are PostgreSQL servers (a pool) exactly when DATABASE_URL is set (test-database.ts).
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'stay equal while orders arrive during tree moves, on PostgreSQL',
    async () => {
      const limits = { directUpTo: 0, complementUpTo: 0 };
      await exactAndRollup({ group_sales: true, member_id: m.A!.userNo }, admin, limits);
      await exactAndRollup({ group_sales: true, member_id: m.X!.userNo }, admin, limits);
      const ingest = (i: number) =>
        api.post(
          '/api/orders/ingest',
          {
            platform_order_no: `TOT-RACE-${i}`,
            source_type: 2,
            user_no: (i % 2 ? m.C! : m.D!).userNo,
            product_name: 'Course',
            amount: `${i}.00`,
            sales_point: i,
            completed_at: '2026-04-15T12:00:00Z',
          },
          { headers: { 'x-api-key': 'shop-key' } },
        );
      const moves = async () => {
        for (let i = 0; i < 6; i++) {
          const res = await api.put(
            '/api/users/update/refererUser',
            { user_id: m.C!.id, parent_user_id: (i % 2 ? m.B! : m.X!).id },
            { token: adminToken },
          );
          expect(res.status).toBe(200);
        }
      };
      const results = await Promise.all([moves(), ...Array.from({ length: 40 }, (_, i) => ingest(i))]);
      for (const res of results.slice(1)) expect((res as { status: number }).status).toBe(200);
      await expectRollupEqualsOrders();
    },
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'count exactly while a writer holds the orders table, and add the scope once it is done',
    async () => {
      const limits = { directUpTo: 0, complementUpTo: 0 };
      const { top, below } = await smallDownline('tot_held');
      const filter = { group_sales: true, member_id: top.userNo };
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted = () => {};
      const started = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const writer = api.db.transaction(async (tx) => {
        await tx.insert(orders).values({
          platformOrderNo: 'TOT-Z-2',
          sourceType: 2,
          userId: below.id,
          productName: 'Course',
          amountCents: 250,
          orderAt: new Date('2026-04-15T05:00:00Z'),
          completedAt: new Date('2026-04-15T05:00:00Z'),
        });
        inserted();
        await held;
      });
      await started;
      const during = await exactAndRollup(filter, admin, limits);
      expect(during.query.totals).toBeNull();
      expect(during.exact.total).toBe(1);
      release();
      await writer;
      const after = await exactAndRollup(filter, admin, limits);
      expect(after.query.totals).not.toBeNull();
      expect(after.served).toEqual(after.exact);
      expect(after.exact.total).toBe(2);
      await expectRollupEqualsOrders();
    },
  );

  it('are kept by the triggers the migrations install, planned without JIT (the move without nested loops)', async () => {
    const settings = await queryRows<{ name: string; settings: string[] | null }>(
      api.db,
      sql`select proname as name, proconfig as settings from pg_proc where proname like 'order_totals_%' order by 1`,
    );
    expect(settings).toEqual([
      { name: 'order_totals_apply', settings: ['jit=off'] },
      { name: 'order_totals_move', settings: ['jit=off', 'enable_nestloop=off'] },
    ]);
    await sales.order({
      platform_order_no: 'TOT-TRACKED',
      user_no: m.B!.userNo,
      completed_at: '2026-04-15T02:00:00Z',
    });
    await expectRollupEqualsOrders();
  });
});

describe('orders list sorted by referer', () => {
  it('reads the same pages in two parts (with, then without a referer) as in one sorted query', async () => {
    for (const filter of [{}, { subtype: 'normal_order' }, { date_from: '2026-04-15' }]) {
      const { where } = await orderWhere(api.db, orderListBody.parse(filter), admin, {
        onScopeError: surfaced,
      });
      const { total } = await orderTotals(api.db, { where, totals: null });
      expect(total).toBeGreaterThan(7);
      for (const order of ['asc', 'desc'] as const)
        for (let page = 1; page <= Math.ceil(total / 7) + 1; page++) {
          const spec = { sort: 'referer' as const, order, page, pageSize: 7 };
          const ids = (rows: { order: { id: number } }[]) => rows.map((r) => r.order.id);
          expect(ids(await refererSortedRows(api.db, spec, where, total)), `${order} ${page}`).toEqual(
            ids(await pageRows(api.db, spec, where)),
          );
        }
    }
  });
});

describe('orders list with exact totals', () => {
  it('reads the same pages along with the totals as in a separate sorted query', async () => {
    const filters = [
      { group_sales: true, member_id: m.A!.userNo },
      { name: 'tot_' },
      { date_from: '2026-04-15T05:00:00Z', date_to: '2026-04-15T23:59:59.999Z' },
    ];
    let laterPages = 0;
    for (const filter of filters) {
      const { where, totals } = await orderWhere(api.db, orderListBody.parse(filter), admin, {
        onScopeError: surfaced,
      });
      expect(totals, JSON.stringify(filter)).toBeNull();
      const exact = await orderTotals(api.db, { where, totals: null });
      expect(exact.total).toBeGreaterThan(0);
      for (const sort of ['completed_at', 'amount', 'sales_point', 'order_no'] as const)
        for (const order of ['asc', 'desc'] as const)
          for (let page = 1; page <= Math.ceil(exact.total / 20) + 1; page++) {
            const label = `${JSON.stringify(filter)} ${sort} ${order} ${page}`;
            const res = await api.post<{ list: { id: number }[]; meta: OrderListMeta }>(
              '/api/orders/list',
              { ...filter, sort, order, page, pageSize: 20 },
              { token: adminToken },
            );
            expect(res.status, `${label} ${JSON.stringify(res.body)}`).toBe(200);
            expect(res.body.data.meta.total, label).toBe(exact.total);
            const spec = { sort, order, page, pageSize: 20 };
            expect(
              res.body.data.list.map((o) => o.id),
              label,
            ).toEqual((await pageRows(api.db, spec, where)).map((r) => r.order.id));
            if (page > 1 && res.body.data.list.length > 0) laterPages++;
          }
    }
    expect(laterPages).toBeGreaterThan(0);
  });
});

describe('orders list of a downline counted from its scope', () => {
  it('reads the same pages walking a sort index as from the matching orders', async () => {
    const limits = { directUpTo: 0, complementUpTo: 0 };
    const filters = [
      { group_sales: true, member_id: m.A!.userNo },
      { group_sales: true, member_id: m.A!.userNo, provider_id: p2, date_from: '2026-04-14T12:00:00Z' },
    ];
    let pages = 0;
    for (const filter of filters) {
      const body = orderListBody.parse(filter);
      const query = await whereOnceScoped(body, admin, limits);
      expect(query.walk, JSON.stringify(filter)).toBeDefined();
      const { total } = await orderTotals(api.db, query);
      expect(total).toBeGreaterThan(2);
      for (const sort of ['completed_at', 'amount', 'order_no'] as const)
        for (const order of ['asc', 'desc'] as const)
          for (let page = 1; page <= Math.ceil(total / 2) + 1; page++) {
            const f = { ...body, sort, order, page, pageSize: 2 };
            const label = `${JSON.stringify(filter)} ${sort} ${order} ${page}`;
            const expected = (await pageRows(api.db, f, query.where)).map((r) => r.order.id);
            // Walked all the way, a few orders (found or not), none: the page from the matching orders.
            for (const walkUpTo of [Number.MAX_SAFE_INTEGER, 5, 0]) {
              const { list, meta } = await orderPage(api.db, admin, f, query, walkUpTo);
              expect(meta.total, label).toBe(total);
              expect(
                list.map((o) => o.id),
                `${label} ${walkUpTo}`,
              ).toEqual(expected);
            }
            if (expected.length > 0) pages++;
          }
    }
    expect(pages).toBeGreaterThan(12);
  });
});

describe('orders list with the exact switch (ORDERS_TOTALS_EXACT)', () => {
  it('answers the same page and totals as without it, every total counted over the orders', async () => {
    for (const [filter] of cases())
      for (const sort of ['completed_at', 'referer'] as const)
        for (const page of [1, 2]) {
          const body = orderListBody.parse({ ...filter, sort, page });
          const label = `${JSON.stringify(filter)} ${sort} ${page}`;
          const exact = await orderPageAndTotals(api.db, admin, body, {
            exact: true,
            onScopeError: surfaced,
          });
          const usual = await orderPageAndTotals(api.db, admin, body, { onScopeError: surfaced });
          expect(exact, label).toEqual(usual);
          const { totals } = await orderWhere(api.db, body, admin, { exact: true, onScopeError: surfaced });
          expect(totals, label).toBeNull();
        }
  });
});

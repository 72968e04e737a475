import { type OrderFilter, orderListBody } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCaller } from '../../access/caller';
import type { UserRow } from '../../members/members.schema';
import type { AccountCaller } from '../../platform/caller';
import { queryRows } from '../../platform/db/client';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { SalesFixtures, surfaced } from '../orders.fixtures';
import type { BuyerSetLimits } from './config';
import { orderWhere } from './filters';
import { orderTotals } from './page';
import { scopesAdded } from './scopes';
import { addScopesAhead, keepScopesAhead } from './scopes-ahead';

/**
 * Which scope counts a downline: its own, one above it that holds few other members, or one added
 * ahead of the first request. Small trees stand for large ones through lowered limits.
 */

let api: TestApi;
let sales: SalesFixtures;
let admin: AccountCaller;
let adminToken: string;
const m: Record<string, UserRow> = {};

const scopeOwners = async () =>
  (
    await queryRows<{ id: number }>(
      api.db,
      sql`select ancestor_id as id from order_totals_scopes where tree = 'sponsor' order by 1`,
    )
  ).map((r) => r.id);

/** The query of `filter` as the list builds it, its totals as served and as counted exactly. */
async function served(filter: Record<string, unknown>, limits: BuyerSetLimits) {
  const query = await orderWhere(api.db, orderListBody.parse(filter) as OrderFilter, admin, {
    ...limits,
    onScopeError: surfaced,
  });
  return {
    query,
    served: await orderTotals(api.db, query),
    exact: await orderTotals(api.db, { where: query.where, totals: null }),
  };
}

/** Moves `member` and its downline under `parent`, as an administrator does. */
async function moveUnder(member: UserRow, parent: UserRow) {
  const res = await api.put(
    '/api/users/update/refererUser',
    { user_id: member.id, parent_user_id: parent.id },
    { token: adminToken },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  api = await TestApi.start();
  sales = new SalesFixtures(api.db);
  const f = api.factory;
  // R → A1 → A2 → T1…T4, T1 → U1; R → S1, S2. Z → Z1, Z2, Z3.
  m.R = await f.member({ name: 'sc_r' });
  m.A1 = await f.member({ name: 'sc_a1', parentUserId: m.R.id });
  m.A2 = await f.member({ name: 'sc_a2', parentUserId: m.A1.id });
  for (const t of ['T1', 'T2', 'T3', 'T4']) m[t] = await f.member({ name: `sc_${t}`, parentUserId: m.A2.id });
  m.U1 = await f.member({ name: 'sc_u1', parentUserId: m.T1!.id });
  m.S1 = await f.member({ name: 'sc_s1', parentUserId: m.R.id });
  m.S2 = await f.member({ name: 'sc_s2', parentUserId: m.R.id });
  m.Z = await f.member({ name: 'sc_z' });
  for (const z of ['Z1', 'Z2', 'Z3']) m[z] = await f.member({ name: `sc_${z}`, parentUserId: m.Z.id });
  const superAdmin = await f.superAdmin();
  admin = (await loadCaller(api.db, superAdmin.id))!;
  adminToken = await api.login(superAdmin.name, TEST_PASSWORD);
  const buyers = ['R', 'A1', 'A2', 'T1', 'T2', 'U1', 'S1', 'Z1'];
  for (let i = 0; i < 24; i++)
    await sales.order({
      platform_order_no: `SC-${i}`,
      user_no: m[buyers[i % buyers.length]!]!.userNo,
      completed_at: `2026-05-${String(10 + (i % 5)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:30:00Z`,
      amount: `${20 + i}.50`,
      sales_point: i * 3,
      source_type: i % 2 ? 2 : 3,
    });
});

afterAll(async () => {
  await api?.close();
});

describe('orders totals scopes', () => {
  it('count a downline from the scope above it when few of its members are outside it', async () => {
    await api.db.execute(sql`delete from order_totals_scopes`);
    // Every downline of a member counts as large, and none is nearly the whole tree.
    await served({ group_sales: true, member_id: m.A1!.userNo }, { directUpTo: 0, complementUpTo: 0 });
    await scopesAdded(api.db);
    expect(await scopeOwners()).toEqual([m.A1!.id]);

    // A2's group sales: A1's scope holds two members outside it (A1, A2), one more for A2's group sales not referral.
    const near = { directUpTo: 0, complementUpTo: 2 };
    const filters = [
      { group_sales: true, member_id: m.A2!.userNo },
      { group_sales: true, member_id: m.A2!.userNo, date_from: '2026-05-11T12:00:00Z', source_type: 2 },
      { group_sales: true, member_id: m.A2!.userNo, date_to: '2026-05-13T06:00:00Z' },
    ];
    for (const filter of filters) {
      const first = await served(filter, near);
      expect(first.query.totals, JSON.stringify(filter)).toContainEqual(
        expect.objectContaining({ from: 'rollup' }),
      );
      expect(first.served, JSON.stringify(filter)).toEqual(first.exact);
      expect(first.exact.total).toBeGreaterThan(0);
    }
    await scopesAdded(api.db);
    expect(await scopeOwners()).toEqual([m.A1!.id]);

    // T1 and U1 move from A2's team to beside A2: still in A1's scope, no longer in A2's group.
    await moveUnder(m.T1!, m.A1!);
    const moved = await served(filters[0]!, { directUpTo: 0, complementUpTo: 4 });
    expect(moved.query.totals).not.toBeNull();
    expect(moved.served).toEqual(moved.exact);
    // Of the team only T2 bought.
    const [team] = await queryRows<{ n: number }>(
      api.db,
      sql`select count(*)::int as n from orders where user_id = ${m.T2!.id}`,
    );
    expect(moved.exact.total).toBe(team!.n);
    await moveUnder(m.T1!, m.A2!);

    // More members outside than allowed: counted exactly, and A2's own scope is added for the next time.
    const far = await served({ group_sales_not_referral: true, member_id: m.A2!.userNo }, near);
    expect(far.query.totals).toBeNull();
    await scopesAdded(api.db);
    expect(await scopeOwners()).toEqual([m.A1!.id, m.A2!.id].sort((a, b) => a - b));
    const own = await served({ group_sales_not_referral: true, member_id: m.A2!.userNo }, near);
    expect(own.query.totals).not.toBeNull();
    expect(own.served).toEqual(own.exact);
    expect(own.served).toEqual(far.exact);
  });

  it('are added ahead for large downlines, one for a chain of sponsors above one team', async () => {
    await api.db.execute(sql`delete from order_totals_scopes`);
    // Nothing when stopped before the first scope.
    expect(await addScopesAhead(api.db, { largerThan: 3, near: 2, stopped: () => true })).toBe(0);
    expect(await scopeOwners()).toEqual([]);

    // Downlines over 3 members: R (9), A1 (6), A2 (5). Z's (3) and T1's (1) are not large. A2's group
    // has two members of A1's scope outside it (A1, A2): A1's serves it. R's and A1's differ by 4.
    expect(await addScopesAhead(api.db, { largerThan: 3, near: 2 })).toBe(2);
    expect(await scopeOwners()).toEqual([m.R!.id, m.A1!.id].sort((a, b) => a - b));
    expect(await addScopesAhead(api.db, { largerThan: 3, near: 2 })).toBe(0);

    // The first request of each large downline is counted from a scope, and none is added.
    for (const member of ['R', 'A1', 'A2']) {
      const first = await served(
        { group_sales: true, member_id: m[member]!.userNo },
        { directUpTo: 3, complementUpTo: 2 },
      );
      expect(first.query.totals, member).toContainEqual(expect.objectContaining({ from: 'rollup' }));
      expect(first.served, member).toEqual(first.exact);
    }
    await scopesAdded(api.db);
    expect(await scopeOwners()).toHaveLength(2);

    // Nearer limits: A2 needs its own scope, and gets it.
    expect(await addScopesAhead(api.db, { largerThan: 3, near: 1 })).toBe(1);
    expect(await scopeOwners()).toContain(m.A2!.id);
  });

  it('are kept ahead by the server: now, then periodically, until it stops', async () => {
    await api.db.execute(sql`delete from order_totals_scopes`);
    const limits = { largerThan: 3, near: 2 };
    const until = async (owners: number) => {
      for (let i = 0; i < 200 && (await scopeOwners()).length !== owners; i++)
        await new Promise((r) => setTimeout(r, 25));
      expect(await scopeOwners()).toHaveLength(owners);
    };
    const stop = keepScopesAhead(api.db, surfaced, { ...limits, everyMs: 100 });
    await until(2);
    await api.db.execute(sql`delete from order_totals_scopes`);
    await until(2);
    await stop();
    await api.db.execute(sql`delete from order_totals_scopes`);
    await new Promise((r) => setTimeout(r, 300));
    expect(await scopeOwners()).toEqual([]);
  });
});

import type { TreeAnswer, UserListItem, Workplace } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../members/members.schema';
import { createMember } from '../members/members.service';
import { queryRows } from '../platform/db/client';
import { seedBulkMembers } from '../seed/bulk-members';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';

/**
 * The maintained counters (downline_counts, member_tallies; migration 0007; downline_joins, 0028) against a recount
 * from the rows after everything that changes them: creations (one by one, concurrent, the bulk seed), moves in
 * each tree (an iBloomer one also by an edit and out of the line), a level and status change, sign-up times
 * corrected across months, a delete.
 */
let api: TestApi;
let admin: string;
let top: UserRow;
let left: UserRow;
let right: UserRow;

/** Every member's downline in both trees, counted from the paths; members without one are left out. */
const recountDownlines = () =>
  queryRows<{ user_id: number; sponsor: number; iblommer: number }>(
    api.db,
    sql`select u.id as user_id,
          (select count(*)::int - 1 from users b where b.tree_path like u.tree_path || '%') as sponsor,
          (select count(*)::int - 1 from users b where b.iblommer_path like u.iblommer_path || '%') as iblommer
        from users u order by u.id`,
  ).then((rows) => rows.filter((r) => r.sponsor > 0 || r.iblommer > 0));

const storedDownlines = () =>
  queryRows<{ user_id: number; sponsor: number; iblommer: number }>(
    api.db,
    sql`select user_id, sponsor_count as sponsor, iblommer_count as iblommer from downline_counts
        where sponsor_count <> 0 or iblommer_count <> 0 order by user_id`,
  );

const recountTallies = () =>
  queryRows(
    api.db,
    sql`select is_admin, level_id, status, date_trunc('month', created_at at time zone 'UTC')::date::text as month,
          count(*)::int as accounts
        from users group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );

const storedTallies = () =>
  queryRows(
    api.db,
    sql`select is_admin, level_id, status, month::text as month, accounts from member_tallies
        where accounts <> 0 order by 1, 2, 3, 4`,
  );

/** Each member's sponsor downline per UTC month of sign-up, counted from the paths (downline_joins). */
const recountJoins = () =>
  queryRows(
    api.db,
    sql`select u.id as user_id, date_trunc('month', b.created_at at time zone 'UTC')::date::text as month,
          count(*)::int as joined
        from users u join users b on b.tree_path like u.tree_path || '%' and b.id <> u.id
        group by 1, 2 order by 1, 2`,
  );

const storedJoins = () =>
  queryRows(
    api.db,
    sql`select user_id, month::text as month, joined from downline_joins where joined <> 0 order by 1, 2`,
  );

async function expectExact() {
  expect(await storedDownlines()).toEqual(await recountDownlines());
  expect(await storedTallies()).toEqual(await recountTallies());
  expect(await storedJoins()).toEqual(await recountJoins());
}

beforeAll(async () => {
  api = await TestApi.start();
  const f = api.factory;
  admin = await api.login((await f.superAdmin()).name, TEST_PASSWORD);
  top = await f.member({ name: 'counts_top' });
  left = await f.member({ parentUserId: top.id, iblommerParentUserId: top.id });
  right = await f.member({ parentUserId: top.id });
  const chain = await f.chain(6, left);
  await f.member({ parentUserId: chain[3]!.id, iblommerParentUserId: chain[2]!.id });
  await f.member({ parentUserId: right.id, iblommerParentUserId: left.id });
});
afterAll(() => api.close());

describe('downline counts and member tallies', () => {
  it('are exact after members join one by one, through the API and concurrently', async () => {
    await expectExact();
    const res = await api.put(
      '/api/users',
      {
        name: 'counts_api_member',
        email: 'counts_api_member@test.local',
        phone: '85260123987',
        password: 'abc12345',
        level_id: 2,
        parent_user_id: right.id,
      },
      { token: admin },
    );
    expect(res.status).toBe(200);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createMember(api.db, {
          name: `counts_parallel_${i}`,
          email: `counts_parallel_${i}@test.local`,
          password: TEST_PASSWORD,
          parentUserId: i % 2 ? left.id : right.id,
          iblommerParentUserId: i % 3 ? null : top.id,
        }),
      ),
    );
    await expectExact();
  });

  it('are exact after the bulk seed appends a tree', async () => {
    await seedBulkMembers(api.db, { count: 300, batchSize: 100 });
    await expectExact();
  });

  it('are exact after one statement changes the level of many members, and another their sign-up times', async () => {
    const changed = await api.db.execute(
      sql`update users set level_id = 1 + level_id % 4 where name like 'bulk%' and id % 3 = 0`,
    );
    expect((changed as { rowCount?: number }).rowCount).toBeGreaterThan(50);
    await expectExact();
    const moved = await api.db.execute(
      sql`update users set created_at = created_at - (id % 4) * interval '32 days' where name like 'bulk%'`,
    );
    expect((moved as { rowCount?: number }).rowCount).toBeGreaterThan(50);
    await expectExact();
    // The triggers join the statement's old and new rows by id; planned as a nested loop that join compared
    // every pair (hours for 100,000 members: migration 0010), so their functions forbid nested loops.
    const config = await queryRows<{ proname: string; proconfig: string[] }>(
      api.db,
      sql`select proname, proconfig from pg_proc
          where proname in ('member_counters_apply', 'order_totals_move', 'downline_joins_apply')`,
    );
    expect(config).toHaveLength(3);
    for (const fn of config) expect(fn.proconfig).toContain('enable_nestloop=off');
  });

  it('are exact after a subtree moves in the sponsor tree and in the iBloomer tree (move, edit, out of the line)', async () => {
    const [subtree] = await queryRows<{ id: number }>(
      api.db,
      sql`select id from users where parent_user_id = ${left.id} order by id limit 1`,
    );
    const moved = await api.put(
      '/api/users/update/refererUser',
      { user_id: subtree!.id, parent_user_id: right.id },
      { token: admin },
    );
    expect(moved.status).toBe(200);
    await expectExact();
    const [ibChild] = await queryRows<{ id: number }>(
      api.db,
      sql`select id from users where iblommer_parent_user_id = ${top.id} and id <> ${left.id} order by id desc limit 1`,
    );
    const ibMove = await api.put(
      '/api/users/update/iblommerUser',
      { user_id: ibChild!.id, parent_user_id: left.id },
      { token: admin },
    );
    expect(ibMove.status).toBe(200);
    await expectExact();
    const [ibSubtree] = await queryRows<{ id: number; phone: string | null }>(
      api.db,
      sql`select id, phone from users where iblommer_parent_user_id = ${top.id} order by id limit 1`,
    );
    const edit = (parent: number | null) =>
      api.post(
        `/api/users/${ibSubtree!.id}`,
        { phone: ibSubtree!.phone ?? `ib-${ibSubtree!.id}`, level_id: 1, iblommer_parent_user_id: parent },
        { token: admin },
      );
    expect((await edit(right.id)).status).toBe(200);
    await expectExact();
    expect((await edit(null)).status).toBe(200);
    await expectExact();
  });

  it('are exact after a level and status change and a delete', async () => {
    const [leaf] = await queryRows<{ id: number }>(
      api.db,
      sql`select u.id from users u where not u.is_admin and u.parent_user_id = ${right.id}
            and not exists (select 1 from users b where b.parent_user_id = u.id or b.iblommer_parent_user_id = u.id)
          order by u.id limit 1`,
    );
    const edit = await api.post(
      `/api/users/${right.id}`,
      { phone: '85260123988', level_id: 3, status: 2, level_remark: 'counts' },
      { token: admin },
    );
    expect(edit.status).toBe(200);
    await expectExact();
    const removed = await api.delete(`/api/users/${leaf!.id}`, { token: admin });
    expect(removed.status).toBe(200);
    await expectExact();
  });

  it('are what the genealogy, the member list and the dashboard show', async () => {
    const recount = new Map((await recountDownlines()).map((r) => [r.user_id, r]));
    const tree = await api.get<TreeAnswer>('/api/users/tree', { token: admin, query: { user_id: top.id } });
    expect(tree.body.data.downline_count).toBe(recount.get(top.id)!.sponsor);
    const ib = await api.get<TreeAnswer>('/api/users/iblommeTree', {
      token: admin,
      query: { user_id: top.id },
    });
    expect(ib.body.data.downline_count).toBe(recount.get(top.id)!.iblommer);
    const list = await api.get<{ list: UserListItem[]; meta: { total: number } }>('/api/users/list', {
      token: admin,
      query: { sort: 'id', order: 'asc', pageSize: 50 },
    });
    for (const item of list.body.data.list)
      expect(item.downline_count).toBe(recount.get(item.id)?.sponsor ?? 0);
    const [members] = await queryRows<{ n: number }>(
      api.db,
      sql`select count(*)::int as n from users where not is_admin`,
    );
    expect(list.body.data.meta.total).toBe(members!.n);
    const topToken = await api.login(top.name, TEST_PASSWORD);
    const own = await api.get<{ list: UserListItem[]; meta: { total: number } }>('/api/users/list', {
      token: topToken,
    });
    expect(own.body.data.meta.total).toBe(recount.get(top.id)!.sponsor);
    const home = await api.get<Workplace>('/api/dashboard/workplace', { token: topToken });
    expect(home.body.data.figures.find((f) => f.key === 'downline')?.value).toBe(
      recount.get(top.id)!.sponsor,
    );
  });
});

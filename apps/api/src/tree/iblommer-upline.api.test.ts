import { Perm, type TreeAnswer, type UserDetail, type UserListResult } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../members/members.schema';
import { users } from '../members/members.schema';
import { auditLogs } from '../platform/audit/audit.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';

/** Setting and moving a member's iBloomer upline: on create, on edit and by the move (docs/product/tree.md). */
let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
});
afterAll(() => api.close());

type Errors = { errors: { field: string; message: string }[] };

const row = async (id: number) => (await api.db.select().from(users).where(eq(users.id, id)))[0]!;

/** The place of each member in the iBloomer tree, as stored. */
const places = async (...members: UserRow[]) =>
  Promise.all(
    members.map(async (m) => {
      const r = await row(m.id);
      return { parent: r.iblommerParentUserId, depth: r.iblommerDepth, path: r.iblommerPath };
    }),
  );

const moveAudits = (id: number) =>
  api.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entity, 'user.iblommer'), eq(auditLogs.entityId, String(id))));

const moveIblommer = (body: object, token = admin, locale?: 'zh-HK' | 'zh-CN') =>
  api.put<{ moved: number }>('/api/users/update/iblommerUser', body, { token, locale });

describe('PUT /api/users with iblommer_parent_user_id', () => {
  it('places the new member below its iBloomer upline, which shows in the list and the detail', async () => {
    const sponsor = await api.factory.member();
    const upline = await api.factory.member({ parentUserId: sponsor.id, iblommerParentUserId: sponsor.id });
    const res = await api.put<{ id: number }>(
      '/api/users',
      {
        name: `ib_new_${upline.id}`,
        email: `ib_new_${upline.id}@test.local`,
        phone: `8526${upline.id}`.padEnd(11, '0'),
        password: 'abc12345',
        level_id: 1,
        parent_user_id: sponsor.id,
        iblommer_parent_user_id: upline.id,
      },
      { token: admin },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = await row(res.body.data.id);
    expect(created).toMatchObject({ iblommerParentUserId: upline.id, iblommerDepth: 2 });
    expect(created.iblommerPath).toBe(`${upline.iblommerPath}${created.id}/`);
    expect(created.iblommerJoinedAt).not.toBeNull();
    const list = await api.get<UserListResult>('/api/users/list', {
      token: admin,
      query: { keyword: created.name },
    });
    expect(list.body.data.list[0]?.iblommer_parent_user).toMatchObject({ id: upline.id, name: upline.name });
    const detail = await api.get<UserDetail>(`/api/users/${created.id}`, { token: admin });
    expect(detail.body.data.iblommer_parent_user).toMatchObject({ id: upline.id, name: upline.name });
    const top = await api.get<UserDetail>(`/api/users/${sponsor.id}`, { token: admin });
    expect(top.body.data).toMatchObject({ iblommer_parent_user: null, iblommer_downline_count: 2 });
  });
});

describe('PUT /api/users/update/iblommerUser', () => {
  it('moves a member with its iBloomer downline, leaves the sponsor tree alone and audits the move', async () => {
    const [a, b] = [await api.factory.member(), await api.factory.member()];
    const x = await api.factory.member({ parentUserId: a.id, iblommerParentUserId: a.id });
    const y = await api.factory.member({ parentUserId: x.id, iblommerParentUserId: x.id });
    const res = await moveIblommer({ user_id: x.id, parent_user_id: b.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ msg: 'Upline changed successfully', data: { moved: 2 } });
    expect(await places(x, y)).toEqual([
      { parent: b.id, depth: 1, path: `/${b.id}/${x.id}/` },
      { parent: x.id, depth: 2, path: `/${b.id}/${x.id}/${y.id}/` },
    ]);
    expect(await row(x.id)).toMatchObject({ parentUserId: a.id, treeDepth: 1 });
    const tree = await api.get<TreeAnswer>('/api/users/iblommeTree', {
      token: admin,
      query: { user_id: b.id },
    });
    expect(tree.body.data.downline_count).toBe(2);
    expect(tree.body.data.roots[0]?.children.map((n) => n.id)).toEqual([x.id]);
    const [entry] = await moveAudits(x.id);
    expect(entry).toMatchObject({
      action: 'move',
      before: { parent_user_id: a.id },
      after: { parent_user_id: b.id, moved: 2 },
    });
  });

  it('takes a member out of its iBloomer line with null, and back in', async () => {
    const a = await api.factory.member();
    const x = await api.factory.member({ parentUserId: a.id, iblommerParentUserId: a.id });
    const y = await api.factory.member({ parentUserId: x.id, iblommerParentUserId: x.id });
    expect((await moveIblommer({ user_id: x.id, parent_user_id: null })).status).toBe(200);
    expect(await places(x, y)).toEqual([
      { parent: null, depth: 0, path: `/${x.id}/` },
      { parent: x.id, depth: 1, path: `/${x.id}/${y.id}/` },
    ]);
    expect((await row(x.id)).iblommerJoinedAt).toBeNull();
    expect((await row(y.id)).iblommerJoinedAt).not.toBeNull();
    expect((await moveIblommer({ user_id: x.id, parent_user_id: a.id })).status).toBe(200);
    expect((await row(x.id)).iblommerJoinedAt).not.toBeNull();
    expect(
      (await moveAudits(x.id)).map((e) => (e.after as { parent_user_id: number }).parent_user_id),
    ).toEqual(expect.arrayContaining([null, a.id]));
  });

  it('refuses a move under the member itself or its iBloomer downline, translated, changing nothing', async () => {
    const x = await api.factory.member();
    const y = await api.factory.member({ parentUserId: x.id, iblommerParentUserId: x.id });
    const z = await api.factory.member({ parentUserId: x.id, iblommerParentUserId: y.id });
    for (const parent of [x, z]) {
      const res = await moveIblommer({ user_id: x.id, parent_user_id: parent.id }, admin, 'zh-HK');
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('不能把會員移到自己或自己的下線之下');
    }
    expect(await places(x, z)).toEqual([
      { parent: null, depth: 0, path: `/${x.id}/` },
      { parent: y.id, depth: 2, path: `/${x.id}/${y.id}/${z.id}/` },
    ]);
    expect(await moveAudits(x.id)).toEqual([]);
  });

  it('refuses members, administrators without the member list permission and unknown parents', async () => {
    const x = await api.factory.member();
    const a = await api.factory.member();
    const role = await api.post<{ id: number }>(
      '/api/permission/roles',
      { name: 'Tree viewers', permission_ids: [Perm.organization] },
      { token: admin },
    );
    const viewer = await api.factory.admin({ roleIds: [role.body.data.id] });
    const body = { user_id: x.id, parent_user_id: a.id };
    expect((await moveIblommer(body, await api.login(a.name, TEST_PASSWORD))).status).toBe(403);
    expect((await moveIblommer(body, await api.login(viewer.name, TEST_PASSWORD))).status).toBe(403);
    const ghost = await moveIblommer({ user_id: x.id, parent_user_id: 999999 });
    expect([ghost.status, ghost.body.msg]).toEqual([400, 'Parent does not exist']);
    expect((await moveIblommer({ user_id: x.id })).status).toBe(422);
    expect((await row(x.id)).iblommerParentUserId).toBeNull();
  });
});

describe('POST /api/users/{id} with iblommer_parent_user_id', () => {
  const edit = (member: UserRow, over: object, locale?: 'zh-CN') =>
    api.post<Errors>(
      `/api/users/${member.id}`,
      { phone: `ib-${member.id}`, level_id: 1, ...over },
      { token: admin, locale },
    );

  it('moves the member to a new iBloomer upline, keeps it when absent and clears it with null', async () => {
    const a = await api.factory.member();
    const x = await api.factory.member({ parentUserId: a.id });
    const y = await api.factory.member({ parentUserId: x.id, iblommerParentUserId: x.id });
    expect((await edit(x, { iblommer_parent_user_id: a.id })).status).toBe(200);
    expect(await places(x, y)).toEqual([
      { parent: a.id, depth: 1, path: `/${a.id}/${x.id}/` },
      { parent: x.id, depth: 2, path: `/${a.id}/${x.id}/${y.id}/` },
    ]);
    expect(await moveAudits(x.id)).toHaveLength(1);
    expect((await edit(x, { level_id: 2 })).status).toBe(200);
    expect((await row(x.id)).iblommerParentUserId).toBe(a.id);
    expect((await edit(x, { iblommer_parent_user_id: a.id })).status).toBe(200);
    expect(await moveAudits(x.id)).toHaveLength(1);
    expect((await edit(x, { iblommer_parent_user_id: null })).status).toBe(200);
    expect(await places(x)).toEqual([{ parent: null, depth: 0, path: `/${x.id}/` }]);
  });

  it('refuses an iBloomer upline below the member or unknown, on the form field, translated', async () => {
    const x = await api.factory.member();
    const y = await api.factory.member({ parentUserId: x.id, iblommerParentUserId: x.id });
    const cycle = await edit(x, { iblommer_parent_user_id: y.id, level_id: 3 }, 'zh-CN');
    expect(cycle.status).toBe(422);
    expect(cycle.body.data.errors).toEqual([
      { field: 'iblommer_parent_user_id', message: '不能把会员移到自己或自己的下线之下' },
    ]);
    const ghost = await edit(x, { iblommer_parent_user_id: 999999 });
    expect(ghost.body.data.errors).toEqual([
      { field: 'iblommer_parent_user_id', message: 'Parent does not exist' },
    ]);
    expect(await row(x.id)).toMatchObject({ iblommerParentUserId: null, levelId: 1 });
  });
});

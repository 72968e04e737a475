import { maskName, type TreeAnswer, type TreeNode, translate } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../members/members.schema';
import { createMember } from '../members/members.service';
import { auditLogs } from '../platform/audit/audit.schema';
import { type AccountCaller, systemCaller } from '../platform/caller';
import { type Db, queryRows } from '../platform/db/client';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { legendSheet } from './legend-export';
import { moveSubtree } from './move.service';
import { downlineBatches, findPosition } from './tree.queries';

/**
 * The sponsor tree built for these tests (t = top):
 *   t ─ me ─ a ─ a1 ─ (chain of 12 below a1)
 *        │    └ a2
 *        └ b
 *   t ─ other
 */
let api: TestApi;
let adminToken: string;
let meToken: string;
/** An administrator without the organization permission. */
let plainAdminToken: string;
let t: UserRow;
let me: UserRow;
let a: UserRow;
let a1: UserRow;
let a2: UserRow;
let b: UserRow;
let other: UserRow;
let deep: UserRow[];

beforeAll(async () => {
  api = await TestApi.start();
  const f = api.factory;
  t = await f.member({ name: 'top_sponsor_one' });
  me = await f.member({ name: 'me_the_member', parentUserId: t.id });
  a = await f.member({ parentUserId: me.id, displayName: 'Alice Ambrose' });
  a1 = await f.member({ parentUserId: a.id, iblommerParentUserId: a.id });
  a2 = await f.member({ parentUserId: a.id });
  b = await f.member({ parentUserId: me.id });
  other = await f.member({ parentUserId: t.id });
  deep = (await f.chain(12, a1)).slice(1);
  adminToken = await api.login((await f.superAdmin()).name, TEST_PASSWORD);
  meToken = await api.login(me.name, TEST_PASSWORD);
  plainAdminToken = await api.login((await f.admin()).name, TEST_PASSWORD);
});
afterAll(() => api.close());

const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const find = (nodes: TreeNode[], id: number) => flatten(nodes).find((n) => n.id === id);

describe('GET /api/users/tree', () => {
  it('shows a member their own downline with other names masked on the server', async () => {
    const res = await api.get<TreeAnswer>('/api/users/tree', { token: meToken });
    expect(res.status).toBe(200);
    const [root] = res.body.data.roots;
    expect(root).toMatchObject({ id: me.id, name: 'me_the_member', tree_level: 1, child_count: 2 });
    expect(root!.children.map((n) => n.id)).toEqual([a.id, b.id]);
    const alice = find(res.body.data.roots, a.id)!;
    expect(alice.name).toBe(maskName(a.name));
    expect(alice.full_name).toBe('Ali***ose');
    expect(alice.level.name).toBe('Pathfinder');
    expect(res.body.data.downline_count).toBe(4 + 12);
    expect(flatten(res.body.data.roots).map((n) => n.id)).not.toContain(other.id);
  });

  it('loads 10 levels by default and exactly the asked depth, leaving deeper nodes to load lazily', async () => {
    const ten = await api.get<TreeAnswer>('/api/users/tree', { token: meToken });
    const levels = flatten(ten.body.data.roots).map((n) => n.tree_level);
    expect(Math.max(...levels)).toBe(me.treeDepth + 10);
    const frontier = flatten(ten.body.data.roots).filter((n) => n.tree_level === me.treeDepth + 10);
    expect(frontier).toHaveLength(1);
    expect(frontier[0]).toMatchObject({ has_children: true, child_count: 1, children: [] });

    const two = await api.get<TreeAnswer>('/api/users/tree', { token: meToken, query: { levels: 2 } });
    expect(
      flatten(two.body.data.roots)
        .map((n) => n.id)
        .sort(),
    ).toEqual([me.id, a.id, b.id, a1.id, a2.id].sort());
    expect(find(two.body.data.roots, a1.id)).toMatchObject({ has_children: true, children: [] });
  });

  it('lets a member open a node of their downline but nothing outside it', async () => {
    const inside = await api.get<TreeAnswer>('/api/users/tree', { token: meToken, query: { user_id: a.id } });
    expect(inside.body.data.roots[0]?.id).toBe(a.id);
    for (const id of [t.id, other.id]) {
      const res = await api.get('/api/users/tree', { token: meToken, query: { user_id: id } });
      expect(res.status).toBe(403);
    }
    const hk = await api.get('/api/users/tree', {
      token: meToken,
      query: { user_id: t.id },
      locale: 'zh-HK',
    });
    expect(hk.body.msg).toBe('你沒有權限執行此操作');
  });

  it('gives admins full names from any member, and the top sponsors when no root is chosen', async () => {
    const res = await api.get<TreeAnswer>('/api/users/tree', { token: adminToken, query: { user_id: t.id } });
    expect(find(res.body.data.roots, a.id)?.full_name).toBe('Alice Ambrose');
    expect(find(res.body.data.roots, other.id)?.name).toBe(other.name);

    const forest = await api.get<TreeAnswer>('/api/users/tree', { token: adminToken, query: { levels: 3 } });
    expect(forest.body.data.roots.map((n) => n.id)).toEqual([t.id]);
    expect(forest.body.data.downline_count).toBeNull();
    expect(Math.max(...flatten(forest.body.data.roots).map((n) => n.tree_level))).toBe(3);
  });

  it('refuses bad input with the field named, and unknown members', async () => {
    const bad = await api.get<{ errors: { field: string }[] }>('/api/users/tree', {
      token: adminToken,
      query: { levels: 0, user_id: 'abc' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.map((e) => e.field).sort()).toEqual(['levels', 'user_id']);
    const missing = await api.get('/api/users/tree', { token: adminToken, query: { user_id: 999999 } });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('User does not exist');
  });
});

describe('GET /api/users/tree/user', () => {
  it('returns the direct children of a node, or its whole subtree with isAll', async () => {
    const direct = await api.get<TreeNode[]>('/api/users/tree/user', {
      token: adminToken,
      query: { user_id: a.id },
    });
    expect(direct.body.data.map((n) => n.id)).toEqual([a1.id, a2.id]);
    expect(direct.body.data[0]?.children).toEqual([]);
    const all = await api.get<TreeNode[]>('/api/users/tree/user', {
      token: adminToken,
      query: { user_id: a.id, isAll: true },
    });
    expect(flatten(all.body.data)).toHaveLength(2 + 12);
    expect(find(all.body.data, deep.at(-1)!.id)?.tree_level).toBe(a1.treeDepth + 12);
  });

  it('answers an empty list saying there are no children, in every language', async () => {
    for (const [locale, msg] of [
      ['en-US', 'Not found children'],
      ['zh-HK', '未找到下級'],
      ['zh-CN', '未找到下级'],
    ] as const) {
      const res = await api.get('/api/users/tree/user', { token: meToken, query: { user_id: b.id }, locale });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 200, msg, data: [] });
    }
  });

  it('keeps members inside their own downline and masks names', async () => {
    const outside = await api.get('/api/users/tree/user', { token: meToken, query: { user_id: t.id } });
    expect(outside.status).toBe(403);
    const inside = await api.get<TreeNode[]>('/api/users/tree/user', {
      token: meToken,
      query: { user_id: a.id },
    });
    expect(inside.body.data.map((n) => n.name)).toEqual([maskName(a1.name), maskName(a2.name)]);
  });

  it('refuses bad input with the field named, unknown members and the wrong role', async () => {
    const get = (query: Record<string, string | number>, token: string | null = adminToken) =>
      api.get<{ errors: { field: string }[] }>('/api/users/tree/user', { token, query });
    const none = await get({});
    expect([none.status, none.body.data.errors.map((e) => e.field)]).toEqual([422, ['user_id']]);
    const bad = await get({ user_id: 'abc', isAll: 'maybe' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.map((e) => e.field).sort()).toEqual(['isAll', 'user_id']);
    for (const user_id of [0, -3, 1.5]) expect((await get({ user_id })).status).toBe(422);
    const missing = await get({ user_id: 999999 });
    expect([missing.status, missing.body.msg]).toEqual([404, 'User does not exist']);
    expect((await get({ user_id: a.id }, null)).status).toBe(401);
    expect((await get({ user_id: a.id }, plainAdminToken)).status).toBe(403);
  });
});

describe('GET /api/users/iblommeTree', () => {
  it('shows admins the iBloomer tree and refuses members', async () => {
    const res = await api.get<TreeAnswer>('/api/users/iblommeTree', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data.roots.map((n) => n.id)).toEqual([a.id]);
    expect(res.body.data.roots[0]?.children.map((n) => n.id)).toEqual([a1.id]);
    expect((await api.get('/api/users/iblommeTree', { token: meToken })).status).toBe(403);
  });

  it('refuses bad input with the field named, unknown members and the wrong role', async () => {
    const get = (query: Record<string, string | number>, token: string | null = adminToken) =>
      api.get<{ errors: { field: string }[] }>('/api/users/iblommeTree', { token, query });
    const bad = await get({ user_id: 'x', levels: 101 });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.map((e) => e.field).sort()).toEqual(['levels', 'user_id']);
    for (const levels of [0, 'ten', 2.5]) expect((await get({ levels })).status).toBe(422);
    const missing = await get({ user_id: 999999 }, adminToken);
    expect([missing.status, missing.body.msg]).toEqual([404, 'User does not exist']);
    expect((await get({}, null)).status).toBe(401);
    expect((await get({ user_id: a.id }, plainAdminToken)).status).toBe(403);
    expect((await get({ user_id: me.id }, meToken)).status).toBe(403);
  });
});

/** Every member's path is its parent's path plus its id, and its depth one more than the parent's. */
async function inconsistentRows(): Promise<unknown[]> {
  return queryRows(
    api.db,
    sql`select u.id from users u left join users p on p.id = u.parent_user_id
        where not u.is_admin and (
          (p.id is null and (u.tree_path <> '/' || u.id || '/' or u.tree_depth <> 0)) or
          (p.id is not null and (u.tree_path <> p.tree_path || u.id || '/' or u.tree_depth <> p.tree_depth + 1)))`,
  );
}

describe('PUT /api/users/update/refererUser', () => {
  it('moves a member with its whole downline in one go and audits it', async () => {
    const g = await api.factory.member();
    const x = await api.factory.member({ parentUserId: g.id });
    const xs = await api.factory.chain(5, x);
    await api.factory.member({ parentUserId: xs[2]!.id });
    const target = (await api.factory.chain(3))[3]!;
    const res = await api.put(
      '/api/users/update/refererUser',
      { user_id: x.id, parent_user_id: target.id },
      { token: adminToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ msg: 'Upline changed successfully', data: { moved: 7 } });
    expect(await inconsistentRows()).toEqual([]);
    const tree = await api.get<TreeAnswer>('/api/users/tree', {
      token: adminToken,
      query: { user_id: target.id },
    });
    expect(tree.body.data.roots[0]?.children.map((n) => n.id)).toEqual([x.id]);
    expect(find(tree.body.data.roots, xs[5]!.id)?.tree_level).toBe(target.treeDepth + 6);
    const g2 = await api.get<TreeAnswer>('/api/users/tree', { token: adminToken, query: { user_id: g.id } });
    expect(g2.body.data).toMatchObject({ downline_count: 0 });
    const [entry] = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'user.sponsor'), eq(auditLogs.entityId, String(x.id))));
    expect(entry).toMatchObject({ action: 'move', before: { parent_user_id: g.id } });
  });

  it('refuses a move under the member itself or its own downline, changing nothing', async () => {
    const [x, , z] = await api.factory.chain(2);
    for (const parent of [x!, z!]) {
      const res = await api.put(
        '/api/users/update/refererUser',
        { user_id: x!.id, parent_user_id: parent.id },
        { token: adminToken, locale: 'zh-CN' },
      );
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('不能把会员移到自己或自己的下线之下');
    }
    const tree = await api.get<TreeAnswer>('/api/users/tree', {
      token: adminToken,
      query: { user_id: x!.id },
    });
    expect(find(tree.body.data.roots, z!.id)?.tree_level).toBe(2);
    expect(await inconsistentRows()).toEqual([]);
  });

  it('refuses a missing parent, a missing member, bad input and non-admins', async () => {
    const x = await api.factory.member({ parentUserId: t.id });
    const put = (body: object, token = adminToken) =>
      api.put('/api/users/update/refererUser', body, { token });
    const noParent = await put({ user_id: x.id, parent_user_id: 999999 });
    expect([noParent.status, noParent.body.msg]).toEqual([400, 'Parent does not exist']);
    const noUser = await put({ user_id: 999999, parent_user_id: t.id });
    expect(noUser.status).toBe(404);
    const invalid = await put({ user_id: x.id });
    expect(invalid.status).toBe(422);
    const asMember = await put({ user_id: x.id, parent_user_id: me.id }, meToken);
    expect(asMember.status).toBe(403);
    const tree = await api.get<TreeAnswer>('/api/users/tree', {
      token: adminToken,
      query: { user_id: x.id },
    });
    expect(tree.body.data.roots[0]?.tree_level).toBe(1);
  });
});

async function readSheet(raw: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v)));
  });
  return rows;
}

describe('POST /api/users/exportLegend', () => {
  it('exports a downline as a real spreadsheet with neutralised formulas', async () => {
    const root = await api.factory.member();
    const c1 = await api.factory.member({ parentUserId: root.id, displayName: '=HYPERLINK("x")' });
    const c2 = await api.factory.member({ parentUserId: c1.id });
    const res = await api.post('/api/users/exportLegend', { user_id: root.id }, { token: adminToken });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toBe(
      `attachment; filename="downline-${root.userNo}.xlsx"`,
    );
    const rows = await readSheet(res.raw);
    expect(rows[0]).toEqual([
      'Generation',
      'Member ID',
      'Name',
      'Full name',
      'Level',
      'Sponsor member ID',
      'Joined at',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([
      ['1', c1.userNo, c1.name, `'=HYPERLINK("x")`, 'Pathfinder', root.userNo],
      ['2', c2.userNo, c2.name, c2.name, 'Pathfinder', c1.userNo],
    ]);
  });

  it('lets a member export only their own downline, masked, and honours the depth', async () => {
    const res = await api.post('/api/users/exportLegend', { user_id: me.id, levels: 1 }, { token: meToken });
    const rows = await readSheet(res.raw);
    expect(rows.slice(1).map((r) => r[2])).toEqual([maskName(a.name), maskName(b.name)]);
    const outside = await api.post('/api/users/exportLegend', { user_id: t.id }, { token: meToken });
    expect(outside.status).toBe(403);
  });

  it('exports the whole downline by default, every generation in order', async () => {
    const res = await api.post('/api/users/exportLegend', { user_id: me.id }, { token: meToken });
    expect(res.status).toBe(200);
    const rows = (await readSheet(res.raw)).slice(1);
    expect(rows).toHaveLength(4 + 12);
    const generations = rows.map((r) => Number(r[0]));
    expect(generations).toEqual([...generations].sort((x, y) => x - y));
    expect(Math.max(...generations)).toBe(14);
    expect(rows.at(-1)?.slice(1, 3)).toEqual([deep.at(-1)!.userNo, maskName(deep.at(-1)!.name)]);
    expect(rows.at(-1)?.[5]).toBe(deep.at(-2)!.userNo);
  });

  it('reads the downline in keyset batches without losing or repeating anyone', async () => {
    const root = (await findPosition(api.db, 'sponsor', me.id))!;
    const whole: number[] = [];
    for await (const batch of downlineBatches(api.db, 'sponsor', root)) whole.push(...batch.map((r) => r.id));
    const batched: number[][] = [];
    for await (const batch of downlineBatches(api.db, 'sponsor', root, { batchSize: 2 }))
      batched.push(batch.map((r) => r.id));
    expect(batched.every((b) => b.length <= 2)).toBe(true);
    expect(batched.flat()).toEqual(whole);
    expect(new Set(whole).size).toBe(4 + 12);
    const two: number[] = [];
    for await (const batch of downlineBatches(api.db, 'sponsor', root, { maxDepth: root.depth + 2 }))
      two.push(...batch.map((r) => r.id));
    expect(two.sort()).toEqual([a.id, b.id, a1.id, a2.id].sort());
  });

  it('refuses a downline larger than the cap with a translated message instead of cutting it', async () => {
    const root = (await findPosition(api.db, 'sponsor', me.id))!;
    const viewer = { id: me.id, isAdmin: false } as AccountCaller;
    await expect(
      legendSheet(api.db, { root, viewer, reader: { locale: 'zh-CN', timeZone: 'UTC' }, cap: 15 }),
    ).rejects.toMatchObject({
      code: 400,
      key: 'tree.export.tooLarge',
      params: { max: '15' },
    });
    expect(translate('tree.export.tooLarge', 'en-US', { max: '15' })).toContain('more than 15 members');
    // Exactly the cap, or fewer levels under it, still export.
    const ok = (cap: number, levelsDeep?: number) =>
      legendSheet(api.db, { root, viewer, reader: { locale: 'en-US', timeZone: 'UTC' }, cap, levelsDeep });
    await expect(ok(16)).resolves.toBeDefined();
    await expect(ok(4, 2)).resolves.toBeDefined();
  });

  it('refuses bad input with the field named, unknown members and the wrong role', async () => {
    const post = (body: Record<string, unknown>, token: string | null = adminToken) =>
      api.post<{ errors: { field: string }[] }>('/api/users/exportLegend', body, { token });
    const none = await post({});
    expect([none.status, none.body.data.errors.map((e) => e.field)]).toEqual([422, ['user_id']]);
    const bad = await post({ user_id: 'abc', levels: 0 }, adminToken);
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.map((e) => e.field).sort()).toEqual(['levels', 'user_id']);
    expect((await post({ user_id: me.id, levels: 101 })).status).toBe(422);
    const missing = await post({ user_id: 999999 });
    expect([missing.status, missing.body.msg]).toEqual([404, 'User does not exist']);
    expect((await post({ user_id: me.id }, null)).status).toBe(401);
    expect((await post({ user_id: me.id }, plainAdminToken)).status).toBe(403);
  });
});

describe('members created while their upline moves', () => {
  it('wait for the move and take the moved path', async () => {
    const [x, x1] = await api.factory.chain(1);
    const target = await api.factory.member({ parentUserId: t.id });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A move of x's subtree that keeps its transaction (and the tree lock) open until released.
    const moving = api.db.transaction(async (tx) => {
      await moveSubtree(tx as unknown as Db, systemCaller(), 'sponsor', {
        user_id: x!.id,
        parent_user_id: target.id,
      });
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const creating = createMember(api.db, {
      name: `late_${x1!.id}`,
      email: `late_${x1!.id}@test.local`,
      password: TEST_PASSWORD,
      parentUserId: x1!.id,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await moving;
    const late = await creating;
    expect(late.treePath).toBe(`${target.treePath}${x!.id}/${x1!.id}/${late.id}/`);
    expect(late.treeDepth).toBe(target.treeDepth + 3);
    expect(await inconsistentRows()).toEqual([]);
  });
});

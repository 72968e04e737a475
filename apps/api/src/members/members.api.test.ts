import { maskName, type UserListResult } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../platform/audit/audit.schema';
import { queryRows } from '../platform/db/client';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { postEntry } from '../wallet/ledger';
import { levelHistory, users } from './members.schema';
import { maskedName } from './viewer';

let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await TestApi.start();
  const root = await api.factory.superAdmin();
  admin = await api.login(root.name, TEST_PASSWORD);
});
afterAll(() => api.close());

type Errors = { errors: { field: string; message: string }[] };

describe('GET /api/users/list', () => {
  it('finds members by name, email, phone or member id with level, downline, balance and upline', async () => {
    const [top, mid, leaf] = await api.factory.chain(2);
    await api.db.update(users).set({ phone: '85291234567' }).where(eq(users.id, mid!.id));
    await postEntry(api.db, { userId: mid!.id, amountCents: 12345, move: 'credit', kind: 'recharge' });
    await postEntry(api.db, { userId: mid!.id, amountCents: 2345, move: 'freeze', kind: 'withdraw_freeze' });
    for (const keyword of [mid!.name.toUpperCase(), mid!.email!, '91234567', mid!.userNo]) {
      const res = await api.get<UserListResult>('/api/users/list', { token: admin, query: { keyword } });
      expect(res.status, keyword).toBe(200);
      expect(res.body.data.list.map((u) => u.id)).toEqual([mid!.id]);
    }
    const res = await api.get<UserListResult>('/api/users/list', {
      token: admin,
      query: { keyword: mid!.name },
    });
    expect(res.body.data.list[0]).toMatchObject({
      name: mid!.name,
      level: { id: 1, name: 'Pathfinder' },
      status: 1,
      downline_count: 1,
      balance: '100.00',
      frozen_balance: '23.45',
      parent_user: { id: top!.id, name: top!.name },
      tree_level: 1,
    });
    expect(res.body.data.meta).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    const leafRes = await api.get<UserListResult>('/api/users/list', {
      token: admin,
      query: { keyword: leaf!.name },
    });
    expect(leafRes.body.data.list[0]).toMatchObject({ downline_count: 0, balance: '0.00' });
  });

  it('pages, sorts and forces append_user_ids into the page', async () => {
    const chain = await api.factory.chain(4);
    const keyword = chain[0]!.name.slice(0, 7); // the factory's member_ prefix matches all
    const page = await api.get<UserListResult>('/api/users/list', {
      token: admin,
      query: { keyword, pageSize: 2, sort: 'id', order: 'asc' },
    });
    const ids = page.body.data.list.map((u) => u.id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeLessThan(ids[1]!);
    const withAppend = await api.get<UserListResult>('/api/users/list', {
      token: admin,
      query: { keyword: chain[1]!.name, append_user_ids: `${chain[4]!.id},${chain[3]!.id}` },
    });
    expect(withAppend.body.data.list.map((u) => u.id).sort()).toEqual(
      [chain[1]!.id, chain[3]!.id, chain[4]!.id].sort(),
    );
    expect(withAppend.body.data.meta.total).toBe(1);
  });

  it('refuses a bad sort with a translated 422 naming the field', async () => {
    const res = await api.get<Errors>('/api/users/list', {
      token: admin,
      locale: 'zh-HK',
      query: { sort: 'password_hash' },
    });
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual([{ field: 'sort', message: '不是允許的選項' }]);
  });

  it('lets a member pick only from their own downline, names masked; admins without the permission get 403', async () => {
    const [top, child, grandchild] = await api.factory.chain(2);
    const outsider = await api.factory.member({ name: 'Outsider Person' });
    const member = await api.login(top!.name, TEST_PASSWORD);
    const res = await api.get<UserListResult>('/api/users/list', {
      token: member,
      query: { pageSize: 10, append_user_ids: String(outsider.id) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((u) => u.id).sort()).toEqual([child!.id, grandchild!.id].sort());
    const shown = res.body.data.list.find((u) => u.id === grandchild!.id)!;
    expect(shown.name).toBe(`${grandchild!.name.slice(0, 3)}***${grandchild!.name.slice(-3)}`);
    expect(shown.email).toBeNull();
    expect(shown.parent_user?.name).toContain('***');
    const bare = await api.factory.admin();
    const denied = await api.get('/api/users/list', { token: await api.login(bare.name, TEST_PASSWORD) });
    expect(denied.status).toBe(403);
  });

  it('lets a member search only what they see: masked names and member numbers, not e-mails or phones', async () => {
    const [top, child] = await api.factory.chain(1);
    await api.db.update(users).set({ phone: '85298765432' }).where(eq(users.id, child!.id));
    const ids = async (keyword: string, token: string) =>
      (await api.get<UserListResult>('/api/users/list', { token, query: { keyword } })).body.data.list
        .map((u) => u.id)
        .filter((id) => id === child!.id);
    const member = await api.login(top!.name, TEST_PASSWORD);
    const hiddenMiddle = child!.name.slice(3, -3);
    expect(hiddenMiddle.length).toBeGreaterThan(2);
    for (const keyword of [hiddenMiddle, child!.name, child!.email!, '98765432']) {
      expect(await ids(keyword, member), keyword).toEqual([]);
      expect(await ids(keyword, admin), keyword).toEqual([child!.id]);
    }
    for (const keyword of [child!.name.slice(-3), `***${child!.name.slice(-3)}`, child!.userNo])
      expect(await ids(keyword, member), keyword).toEqual([child!.id]);
  });
});

describe('maskedName', () => {
  it('masks names in SQL exactly as the contracts maskName does', async () => {
    const names = [
      'a',
      'ab',
      'abcdef',
      'abcdefg',
      'Alexander Wong',
      '陳大文',
      '歐陽志明先生',
      '司徒陳大文先生',
    ];
    for (const name of names) {
      const [row] = await queryRows<{ m: string }>(
        api.db,
        sql`select ${maskedName(sql`${name}::text`)} as m`,
      );
      expect(row!.m, name).toBe(maskName(name));
    }
  });
});

describe('PUT /api/users', () => {
  const valid = (over: Record<string, unknown> = {}) => ({
    name: `new_${Math.random().toString(36).slice(2, 8)}`,
    email: `n${Math.random().toString(36).slice(2, 8)}@test.local`,
    phone: `85260${Math.floor(Math.random() * 1e6)}`,
    password: 'abc12345',
    level_id: 2,
    ...over,
  });

  it('creates a member under its sponsor with the level in its history and an audit entry', async () => {
    const sponsor = await api.factory.member();
    const body = valid({ parent_user_id: sponsor.id });
    const res = await api.put<{ id: number; user_no: string }>('/api/users', body, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('added successfully');
    const [created] = await api.db.select().from(users).where(eq(users.id, res.body.data.id));
    expect(created).toMatchObject({ parentUserId: sponsor.id, treeDepth: 1, levelId: 2 });
    expect(created!.treePath).toBe(`${sponsor.treePath}${created!.id}/`);
    const history = await api.db.select().from(levelHistory).where(eq(levelHistory.userId, created!.id));
    expect(history.map((h) => h.levelId)).toEqual([2]);
    const logs = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(created!.id)));
    expect(logs.map((l) => l.action)).toContain('create');
    expect(JSON.stringify(logs)).not.toContain('abc12345');
    await api.login(body.name, 'abc12345');
  });

  it('requires the upline, refuses a missing parent and duplicate names, emails and phones', async () => {
    const noParent = await api.put<Errors>('/api/users', valid(), { token: admin });
    expect(noParent.status).toBe(422);
    expect(noParent.body.data.errors).toEqual([
      { field: 'parent_user_id', message: 'Upline must be selected' },
    ]);
    const missing = await api.put('/api/users', valid({ parent_user_id: 99999 }), {
      token: admin,
      locale: 'zh-CN',
    });
    expect(missing.body.msg).toBe('上级不存在');
    const existing = await api.factory.member({ phone: '85277776666' });
    for (const [over, msg] of [
      [{ name: existing.name.toUpperCase() }, 'Username already exists'],
      [{ email: existing.email }, 'Email already exists'],
      [{ phone: '85277776666' }, 'mobile number already taken'],
    ] as const) {
      const res = await api.put('/api/users', valid({ ...over, parent_user_id: existing.id }), {
        token: admin,
      });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe(msg);
    }
    const badEmail = await api.put<Errors>('/api/users', valid({ email: 'nope', password: 'x'.repeat(19) }), {
      token: admin,
    });
    expect(badEmail.body.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'email format incorrect' },
        { field: 'password', message: 'Must be at most 18 characters' },
      ]),
    );
  });

  it('is for administrators only', async () => {
    const member = await api.factory.member();
    const res = await api.put('/api/users', valid({ parent_user_id: member.id }), {
      token: await api.login(member.name, TEST_PASSWORD),
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/users/{id}', () => {
  it('edits the member, keeps name and email, leaves a blank password unchanged and logs the level change', async () => {
    const member = await api.factory.member({ phone: '85211112222' });
    const res = await api.post(
      `/api/users/${member.id}`,
      {
        name: 'renamed',
        email: 'x@y.z',
        phone: '85233334444',
        level_id: 3,
        level_remark: 'promo',
        password: '',
      },
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Edit Successful');
    const [row] = await api.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ name: member.name, email: member.email, phone: '85233334444', levelId: 3 });
    await api.login(member.name, TEST_PASSWORD);
    const history = await api.db.select().from(levelHistory).where(eq(levelHistory.userId, member.id));
    expect(history.map((h) => [h.levelId, h.remark])).toContainEqual([3, 'promo']);
    await api.post(
      `/api/users/${member.id}`,
      { phone: '85233334444', level_id: 3, password: 'newpass1' },
      { token: admin },
    );
    await api.login(member.name, 'newpass1');
  });

  it('refuses a password over 18 characters and an unknown level, naming the field', async () => {
    const member = await api.factory.member();
    const long = await api.post<Errors>(
      `/api/users/${member.id}`,
      { phone: '1', level_id: 1, password: 'p'.repeat(19) },
      { token: admin },
    );
    expect(long.status).toBe(422);
    expect(long.body.data.errors[0]?.field).toBe('password');
    const level = await api.post<Errors>(
      `/api/users/${member.id}`,
      { phone: '1', level_id: 77 },
      { token: admin },
    );
    expect(level.body.data.errors).toEqual([{ field: 'level_id', message: 'This level does not exist' }]);
    const ghost = await api.post('/api/users/999999', { phone: '1', level_id: 1 }, { token: admin });
    expect(ghost.status).toBe(404);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a member without downline or money', async () => {
    const member = await api.factory.member();
    const res = await api.delete(`/api/users/${member.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(await api.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    const logs = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(member.id)));
    expect(logs.map((l) => l.action)).toContain('delete');
  });

  it('refuses while the member has downline, money or ledger history, saying why', async () => {
    const [top] = await api.factory.chain(2);
    const withDownline = await api.delete(`/api/users/${top!.id}`, { token: admin });
    expect(withDownline.status).toBe(409);
    expect(withDownline.body.msg).toBe('This member cannot be deleted: 2 members are still below them');
    const rich = await api.factory.member();
    await postEntry(api.db, { userId: rich.id, amountCents: 5050, move: 'credit', kind: 'recharge' });
    const withMoney = await api.delete(`/api/users/${rich.id}`, { token: admin, locale: 'zh-HK' });
    expect(withMoney.body.msg).toBe('無法刪除此會員：錢包仍有 50.50');
    await postEntry(api.db, { userId: rich.id, amountCents: 5050, move: 'debit', kind: 'adjustment' });
    const withHistory = await api.delete(`/api/users/${rich.id}`, { token: admin });
    expect(withHistory.status).toBe(409);
    expect(withHistory.body.msg).toMatch(/orders or wallet records/);
    expect(await api.db.select().from(users).where(eq(users.id, rich.id))).toHaveLength(1);
  });
});

import { maskName, PRIVATE_USER_FIELDS, type UserDetail, type UserListResult } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../access/passwords';
import { auditLogs } from '../platform/audit/audit.schema';
import { queryRows } from '../platform/db/client';
import type { AppError } from '../platform/http/errors';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { postEntry } from '../wallet/ledger';
import { levelHistory, users } from './members.schema';
import { createMember } from './members.service';
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
    expect(shown).not.toHaveProperty('email');
    expect(shown.parent_user?.name).toContain('***');
    const bare = await api.factory.admin();
    const denied = await api.get('/api/users/list', { token: await api.login(bare.name, TEST_PASSWORD) });
    expect(denied.status).toBe(403);
  });

  it("gives a member none of the downline's private fields (money, contact, platform id), admins all of them", async () => {
    const [top, child] = await api.factory.chain(1);
    await api.db
      .update(users)
      .set({ phone: '85290001111', platformId: 'wp-4711', identity: 'A1234567' })
      .where(eq(users.id, child!.id));
    await postEntry(api.db, { userId: child!.id, amountCents: 5000, move: 'credit', kind: 'recharge' });
    await postEntry(api.db, {
      userId: child!.id,
      amountCents: 1000,
      move: 'freeze',
      kind: 'withdraw_freeze',
    });
    const member = await api.login(top!.name, TEST_PASSWORD);
    const listed = await api.get<UserListResult>('/api/users/list', { token: member });
    const row = listed.body.data.list.find((u) => u.id === child!.id)!;
    expect(row).toMatchObject({ user_no: child!.userNo, status: 1, tree_level: child!.treeDepth });
    for (const field of PRIVATE_USER_FIELDS) expect(row, field).not.toHaveProperty(field);
    const detail = await api.get<UserDetail>(`/api/users/${child!.id}`, { token: member });
    for (const field of PRIVATE_USER_FIELDS) expect(detail.body.data, field).not.toHaveProperty(field);

    const asAdmin = await api.get<UserListResult>('/api/users/list', {
      token: admin,
      query: { keyword: child!.userNo },
    });
    expect(asAdmin.body.data.list[0]).toMatchObject({
      email: child!.email,
      phone: '85290001111',
      platform_id: 'wp-4711',
      balance: '40.00',
      frozen_balance: '10.00',
    });
    const adminDetail = await api.get<UserDetail>(`/api/users/${child!.id}`, { token: admin });
    expect(adminDetail.body.data).toMatchObject({ identity: 'A1234567', platform_id: 'wp-4711' });
  });

  it('refuses a member sorting by balance with a translated 422, which admins may', async () => {
    const [top] = await api.factory.chain(1);
    const member = await api.login(top!.name, TEST_PASSWORD);
    const refused = await api.get<Errors>('/api/users/list', {
      token: member,
      locale: 'zh-CN',
      query: { sort: 'balance' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors).toEqual([{ field: 'sort', message: '不是允许的选项' }]);
    const byName = await api.get('/api/users/list', { token: member, query: { sort: 'name' } });
    expect(byName.status).toBe(200);
    const asAdmin = await api.get('/api/users/list', { token: admin, query: { sort: 'balance' } });
    expect(asAdmin.status).toBe(200);
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
    for (const [over, field, message] of [
      [{ name: existing.name.toUpperCase() }, 'name', 'Username already exists'],
      [{ email: existing.email }, 'email', 'Email already exists'],
      [{ phone: '85277776666' }, 'phone', 'mobile number already taken'],
    ] as const) {
      const res = await api.put<Errors>('/api/users', valid({ ...over, parent_user_id: existing.id }), {
        token: admin,
      });
      expect(res.status).toBe(422);
      expect(res.body.data.errors).toEqual([{ field, message }]);
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

  it("refuses a name that is another account's e-mail and an e-mail that is another's name, in any case", async () => {
    const sponsor = await api.factory.member();
    const nameLikeEmail = await api.factory.member({ name: `Carol.${sponsor.id}@test.local` });
    const create = (over: object, locale?: 'zh-HK') =>
      api.put<Errors>('/api/users', valid({ ...over, parent_user_id: sponsor.id }), { token: admin, locale });
    const nameTaken = await create({ name: sponsor.email!.toUpperCase() });
    expect(nameTaken.status).toBe(422);
    expect(nameTaken.body.data.errors).toEqual([
      { field: 'name', message: "This name is already another account's e-mail" },
    ]);
    const emailTaken = await create({ email: nameLikeEmail.name.toUpperCase() }, 'zh-HK');
    expect(emailTaken.status).toBe(422);
    expect(emailTaken.body.data.errors).toEqual([{ field: 'email', message: '此郵箱已是另一帳戶的用戶名' }]);
    for (const account of [sponsor.email!, nameLikeEmail.name.toUpperCase()])
      expect(await api.login(account, TEST_PASSWORD)).toBeTruthy();
  });

  it('lets only one of two concurrent creates claim a sign-in name, one as name and one as e-mail', async () => {
    const sponsor = await api.factory.member();
    const passwordHash = await hashPassword(TEST_PASSWORD);
    const claims = Array.from({ length: 8 }, (_, i) => `race${i}.${sponsor.id}@test.local`);
    const claim = (fields: { name: string; email: string }) =>
      createMember(api.db, { ...fields, password: '', passwordHash, parentUserId: sponsor.id }).then(
        () => 'created',
        (error: AppError) => error.key,
      );
    // The service directly, with the hash made once: both transactions of a pair check and insert together.
    const pairs = await Promise.all(
      claims.map((claimed, i) =>
        Promise.all([
          claim({ name: claimed, email: `by-name${i}.${sponsor.id}@test.local` }),
          claim({ name: `by_email${i}_${sponsor.id}`, email: claimed }),
        ]),
      ),
    );
    for (const [asName, asEmail] of pairs)
      expect([
        ['created', 'access.emailIsAName'],
        ['access.nameIsAnEmail', 'created'],
      ]).toContainEqual([asName, asEmail]);
    const holders = await api.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.name}) in ${claims} or lower(${users.email}) in ${claims}`);
    expect(holders).toHaveLength(claims.length);
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

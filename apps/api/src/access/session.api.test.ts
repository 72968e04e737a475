import type { CurrentUser, MenuEntry, MeProfile, MeUpdateResult } from '@app/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../members/members.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { roles, userRoles } from './access.schema';
import { ADMIN_ROLE, MEMBER_ROLE } from './bootstrap';
import { loadCaller } from './caller';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.close());

describe('POST /api/login', () => {
  it('signs in by account name or email and returns a working token', async () => {
    const member = await api.factory.member({ name: 'Alice_Login' });
    const byName = await api.post<{ access_token: string; user: CurrentUser }>('/api/login', {
      account: 'alice_login',
      password: TEST_PASSWORD,
    });
    expect(byName.status).toBe(200);
    expect(byName.body.code).toBe(200);
    expect(byName.body.data.user.id).toBe(member.id);
    const byEmail = await api.post('/api/login', { account: member.email, password: TEST_PASSWORD });
    expect(byEmail.status).toBe(200);
    const info = await api.get<CurrentUser>('/api/user/info', { token: byName.body.data.access_token });
    expect(info.body.data).toMatchObject({ id: member.id, is_admin: false, name: 'Alice_Login' });
  });

  it('refuses a wrong password with the translated message', async () => {
    const member = await api.factory.member();
    const en = await api.post('/api/login', { account: member.name, password: 'nope-nope' });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('Incorrect username or password');
    const hk = await api.post(
      '/api/login',
      { account: member.name, password: 'nope-nope' },
      { locale: 'zh-HK' },
    );
    expect(hk.body.msg).toBe('用戶名或密碼錯誤');
    const cn = await api.post('/api/login', { account: 'nobody-at-all', password: 'x' }, { locale: 'zh-CN' });
    expect(cn.body.msg).toBe('用户名或密码错误');
  });

  it('answers 422 naming the field when input is missing', async () => {
    const res = await api.post<{ errors: { field: string; message: string }[] }>('/api/login', {
      account: '',
    });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.map((e) => e.field).sort()).toEqual(['account', 'password']);
    expect(res.body.data.errors[0]?.message).toBe('This field is required');
  });

  it('makes an account wait after repeated failures from one address, even with the right password', async () => {
    const member = await api.factory.member();
    for (let i = 0; i < 5; i++)
      await api.post('/api/login', { account: member.name, password: 'wrong-pass' });
    const res = await api.post('/api/login', { account: member.name, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/Too many failed sign-in attempts/);
  });

  it('refuses a disabled account', async () => {
    const admin = await api.factory.admin({ status: 2 });
    const res = await api.post('/api/login', { account: admin.name, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('This account is disabled');
  });
});

describe('session codes', () => {
  it('401 without a token, 50008 for a forged one', async () => {
    const none = await api.get('/api/user/info');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(401);
    const forged = await api.get('/api/user/info', { token: 'abc.def.ghi' });
    expect(forged.body.code).toBe(50008);
  });

  it('50014 for an expired token', async () => {
    const shortLived = await TestApi.start({ tokenTtlSeconds: 1 });
    try {
      const m = await shortLived.factory.member();
      const token = await shortLived.login(m.name, TEST_PASSWORD);
      await new Promise((r) => setTimeout(r, 2100));
      const res = await shortLived.get('/api/user/info', { token });
      expect(res.body.code).toBe(50014);
    } finally {
      await shortLived.close();
    }
  });

  it('logout ends the session: the old token answers 50012', async () => {
    const m = await api.factory.member();
    const token = await api.login(m.name, TEST_PASSWORD);
    const out = await api.post('/api/logout', {}, { token });
    expect(out.body.msg).toBe('Log out successfully');
    const after = await api.get('/api/user/info', { token });
    expect(after.body.code).toBe(50012);
  });
});

describe('GET/POST /api/me', () => {
  it('updates profile and bank details, and changes the password only with the old one', async () => {
    const m = await api.factory.member();
    const token = await api.login(m.name, TEST_PASSWORD);
    const update = await api.post(
      '/api/me',
      {
        display_name: 'Alice',
        bank_account_name: 'Alice Chan',
        bank_country: 'HK',
        bank_account_no: '123-456',
      },
      { token },
    );
    expect(update.status).toBe(200);
    expect(update.body.msg).toBe('Edit Successful');
    const me = await api.get<{ display_name: string; bank_account_no: string }>('/api/me', { token });
    expect(me.body.data).toMatchObject({ display_name: 'Alice', bank_account_no: '123-456' });

    const wrongOld = await api.post(
      '/api/me',
      { old_password: 'not-it', password: 'newpass1', password_confirmation: 'newpass1' },
      { token },
    );
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.body.msg).toContain('wrong password');
    const mismatch = await api.post(
      '/api/me',
      { old_password: TEST_PASSWORD, password: 'newpass1', password_confirmation: 'other' },
      { token },
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.msg).toContain('Two passwords are inconsistent');
    const ok = await api.post(
      '/api/me',
      { old_password: TEST_PASSWORD, password: 'newpass1', password_confirmation: 'newpass1' },
      { token },
    );
    expect(ok.status).toBe(200);
    await expect(api.login(m.name, 'newpass1')).resolves.toBeTruthy();
  });

  it('a password change ends the other sessions; this one goes on', async () => {
    const m = await api.factory.member();
    const here = await api.login(m.name, TEST_PASSWORD);
    const elsewhere = await api.login(m.name, TEST_PASSWORD);
    await api.post<MeUpdateResult>('/api/me', { display_name: 'Kept' }, { token: here });
    expect((await api.get('/api/user/info', { token: elsewhere })).status).toBe(200);

    const changed = await api.post<MeUpdateResult>(
      '/api/me',
      { old_password: TEST_PASSWORD, password: 'newpass2', password_confirmation: 'newpass2' },
      { token: here },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: m.id, display_name: 'Kept' });
    expect((await api.get('/api/user/info', { token: elsewhere })).body.code).toBe(50012);
    const info = await api.get<CurrentUser>('/api/user/info', { token: here });
    expect(info.status).toBe(200);
    expect(info.body.data.id).toBe(m.id);
  });
});

describe('GET /api/me profile', () => {
  it("shows the member's level, sponsor and role names, and an admin's sorted role names without a level", async () => {
    const sponsor = await api.factory.member();
    const m = await api.factory.member({ parentUserId: sponsor.id });
    const me = await api.get<MeProfile>('/api/me', { token: await api.login(m.name, TEST_PASSWORD) });
    expect(me.body.data).toMatchObject({
      id: m.id,
      user_no: m.userNo,
      is_admin: false,
      level_id: m.levelId,
      level: { id: m.levelId, name: expect.any(String) },
      parent_user: { id: sponsor.id, name: sponsor.name, user_no: sponsor.userNo },
      role_names: [MEMBER_ROLE],
      tree_level: m.treeDepth,
      created_at: m.createdAt.toISOString(),
    });
    expect(me.body.data).not.toHaveProperty('password_hash');

    const both = await api.db
      .select({ id: roles.id })
      .from(roles)
      .where(inArray(roles.name, [MEMBER_ROLE, ADMIN_ROLE]));
    const admin = await api.factory.admin({ roleIds: both.map((r) => r.id) });
    const adminMe = await api.get<MeProfile>('/api/me', {
      token: await api.login(admin.name, TEST_PASSWORD),
    });
    expect(adminMe.body.data).toMatchObject({
      id: admin.id,
      is_admin: true,
      level: null,
      parent_user: null,
      role_names: [MEMBER_ROLE, ADMIN_ROLE].sort(),
    });
  });
});

describe('GET /api/me and /api/user/info load their caller with the profile', () => {
  it('check that caller like every route: a changed role, a disabled account and a logout show on the next read', async () => {
    const m = await api.factory.member();
    const token = await api.login(m.name, TEST_PASSWORD);
    const me = async () => api.get<MeProfile>('/api/me', { token });
    const info = async () => api.get<CurrentUser>('/api/user/info', { token });
    const granted = (await loadCaller(api.db, m.id))!.roleIds;
    expect(granted.length).toBeGreaterThan(0);
    expect((await me()).body.data).toMatchObject({ role_ids: granted, role_names: [MEMBER_ROLE] });
    expect((await info()).body.data).toMatchObject({ role_ids: granted, role_names: [MEMBER_ROLE] });

    await api.db.delete(userRoles).where(eq(userRoles.userId, m.id));
    expect((await me()).body.data).toMatchObject({ role_ids: [], role_names: [] });
    expect((await info()).body.data).toMatchObject({ role_ids: [], role_names: [] });

    await api.db.update(users).set({ status: 2 }).where(eq(users.id, m.id));
    expect((await me()).body.code).toBe(50012);
    expect((await info()).body.code).toBe(50012);
    await api.db.update(users).set({ status: 1 }).where(eq(users.id, m.id));
    expect((await me()).status).toBe(200);

    await api.post('/api/logout', {}, { token });
    expect((await me()).body.code).toBe(50012);
    expect((await info()).body.code).toBe(50012);
  });
});

describe('POST /api/user/menu', () => {
  it('gives members the member menu and admins the admin menu', async () => {
    const member = await api.factory.member();
    const admin = await api.factory.superAdmin();
    const memberMenu = await api.post<{ menu: MenuEntry[] }>(
      '/api/user/menu',
      {},
      { token: await api.login(member.name, TEST_PASSWORD) },
    );
    const adminMenu = await api.post<{ menu: MenuEntry[] }>(
      '/api/user/menu',
      {},
      { token: await api.login(admin.name, TEST_PASSWORD) },
    );
    const memberPaths = memberMenu.body.data.menu.map((e) => e.path);
    const adminPaths = adminMenu.body.data.menu.map((e) => e.path);
    expect(memberPaths).toContain('/transfer');
    expect(memberPaths).toContain('/wallet');
    expect(memberPaths).not.toContain('/user');
    expect(memberPaths).not.toContain('/withdraw');
    expect(memberPaths).not.toContain('/wep'); // staging host only
    expect(adminPaths).toContain('/user');
    expect(adminPaths).toContain('/withdraw');
    expect(adminPaths).not.toContain('/transfer');
    expect(adminPaths).not.toContain('/me');
  });
});

import type { AdminView, AuditView, CurrentUser, Paged, RoleView } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { roles } from './access.schema';
import { ADMIN_ROLE } from './bootstrap';

type Errors = { errors: { field: string; message: string }[] };
const URL = '/api/permission/admins';
let api: TestApi;
let root: Awaited<ReturnType<TestApi['factory']['superAdmin']>>;
let token: string;
let salesRole: RoleView;

beforeAll(async () => {
  api = await TestApi.start();
  root = await api.factory.superAdmin();
  token = await api.login(root.name, TEST_PASSWORD);
  salesRole = (
    await api.post<RoleView>('/api/permission/roles', { name: 'Sales', permission_ids: [6, 7] }, { token })
  ).body.data;
});
afterAll(() => api.close());

let serial = 0;
const form = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    name: `clerk${serial}`,
    phone: `8529000${serial}`,
    account: `Clerk${serial}@Example.com`,
    role_ids: [salesRole.id],
    password: 'abc123',
    password_confirmation: 'abc123',
    ...overrides,
  };
};
const create = (body: object, t = token) => api.post<AdminView>(URL, body, { token: t });

describe('creating administrators', () => {
  it('applies the account rules of docs/product/access.md with translated field errors', async () => {
    const mismatch = await api.post<Errors>(URL, form({ password_confirmation: 'abc124' }), { token });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.data.errors).toEqual([
      { field: 'password_confirmation', message: 'Passwords do not match' },
    ]);
    const hk = await api.post<Errors>(
      URL,
      { name: 'x'.repeat(31), phone: '', account: 'not-mail', password: '12345', password_confirmation: '' },
      { token, locale: 'zh-HK' },
    );
    expect(hk.body.data.errors).toEqual([
      { field: 'name', message: '最多 30 個字元' },
      { field: 'phone', message: '此欄位為必填' },
      { field: 'account', message: '郵箱格式不正確' },
      { field: 'password', message: '最少 6 個字元' },
      { field: 'password_confirmation', message: '密碼不一致' },
    ]);
    const tooLong = await api.post<Errors>(URL, form({ password: 'x'.repeat(17) }), { token });
    expect(tooLong.body.data.errors[0]).toEqual({
      field: 'password',
      message: 'Must be at most 16 characters',
    });
  });

  it('creates an administrator who signs in with exactly the role’s permissions', async () => {
    const res = await create(
      form({ name: 'Ada_Admin', account: 'Ada@Example.com', avatar: 'https://x/a.png' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('added successfully');
    expect(res.body.data).toMatchObject({
      name: 'Ada_Admin',
      account: 'ada@example.com',
      is_super: false,
      status: 1,
      role_ids: [salesRole.id],
      role_names: ['Sales'],
      last_login_at: null,
    });
    const adaToken = await api.login('ada_admin', 'abc123');
    const info = await api.get<CurrentUser>('/api/user/info', { token: adaToken });
    expect(info.body.data).toMatchObject({ is_admin: true, is_super: false, role_ids: [6, 7] });
    expect((await api.get(URL, { token: adaToken })).status).toBe(403);
  });

  it('refuses duplicates on the field they concern', async () => {
    const first = form();
    await create(first);
    const name = await api.post<Errors>(URL, form({ name: first.name.toUpperCase() }), { token });
    expect(name.status).toBe(422);
    expect(name.body.msg).toBe('Username already exists');
    expect(name.body.data.errors[0]?.field).toBe('name');
    const email = await api.post<Errors>(URL, form({ account: first.account.toLowerCase() }), { token });
    expect(email.body.msg).toBe('Email already exists');
    expect(email.body.data.errors[0]?.field).toBe('account');
    const member = await api.factory.member();
    const memberName = await api.post(URL, form({ name: member.name }), { token, locale: 'zh-CN' });
    expect(memberName.body.msg).toBe('用户名已存在');
    const nameIsEmail = await api.post<Errors>(URL, form({ name: member.email!.toUpperCase() }), { token });
    expect(nameIsEmail.status).toBe(422);
    expect(nameIsEmail.body.data.errors).toEqual([
      { field: 'name', message: "This name is already another account's e-mail" },
    ]);
    const badRole = await api.post<Errors>(URL, form({ role_ids: [424242] }), { token });
    expect(badRole.body.data.errors[0]?.field).toBe('role_ids');
  });

  it('lists administrators only, with keyword and status filters', async () => {
    const member = await api.factory.member({ name: 'listed_member' });
    const off = await create(form({ name: 'listed_off', status: 2 }));
    const all = await api.get<Paged<AdminView>>(URL, { token, query: { pageSize: 1000 } });
    const ids = all.body.data.list.map((a) => a.id);
    expect(ids).toContain(root.id);
    expect(ids).not.toContain(member.id);
    expect(all.body.data.meta.total).toBe(ids.length);
    const search = await api.get<Paged<AdminView>>(URL, { token, query: { keyword: 'listed_' } });
    expect(search.body.data.list.map((a) => a.name)).toEqual(['listed_off']);
    const disabled = await api.get<Paged<AdminView>>(URL, { token, query: { status: 2 } });
    expect(disabled.body.data.list.map((a) => a.id)).toEqual([off.body.data.id]);
    expect((await api.put(`${URL}/${member.id}`, form(), { token })).status).toBe(404);
  });
});

describe('editing administrators', () => {
  it("refuses renaming to another account's e-mail or taking another account's name as e-mail", async () => {
    const body = form();
    const { id } = (await create(body)).body.data;
    const member = await api.factory.member({ name: `dora.${serial}@test.local` });
    const renamed = await api.put<Errors>(
      `${URL}/${id}`,
      { ...body, name: member.email!.toUpperCase() },
      { token },
    );
    expect(renamed.status).toBe(422);
    expect(renamed.body.data.errors).toEqual([
      { field: 'name', message: "This name is already another account's e-mail" },
    ]);
    const reEmailed = await api.put<Errors>(
      `${URL}/${id}`,
      { ...body, account: member.name.toUpperCase() },
      { token, locale: 'zh-CN' },
    );
    expect(reEmailed.status).toBe(422);
    expect(reEmailed.body.data.errors).toEqual([{ field: 'account', message: '此邮箱已是另一账户的用户名' }]);
    const ownNameAsEmail = await api.put(
      `${URL}/${id}`,
      { ...body, account: `${body.name}@example.com` },
      { token },
    );
    expect(ownNameAsEmail.status).toBe(200);
  });

  it('keeps the password when blank and ends sessions when it changes', async () => {
    const body = form();
    const { id } = (await create(body)).body.data;
    const session = await api.login(body.name, 'abc123');
    const keep = await api.put<AdminView>(
      `${URL}/${id}`,
      { ...body, phone: '85277777777', password: '', password_confirmation: '' },
      { token },
    );
    expect(keep.body.msg).toBe('Edit Successful');
    expect(keep.body.data.phone).toBe('85277777777');
    expect((await api.get('/api/user/info', { token: session })).status).toBe(200);

    const mismatch = await api.put(
      `${URL}/${id}`,
      { ...body, password: 'newpass1', password_confirmation: '' },
      { token },
    );
    expect(mismatch.body.msg).toBe('password_confirmation: Passwords do not match');
    await api.put(
      `${URL}/${id}`,
      { ...body, password: 'newpass1', password_confirmation: 'newpass1' },
      { token },
    );
    const old = await api.get('/api/user/info', { token: session });
    expect(old.body.code).toBe(50012);
    await expect(api.login(body.name, 'newpass1')).resolves.toBeTruthy();
  });

  it('disabling ends the sessions; enabling lets the admin back in', async () => {
    const body = form();
    const { id } = (await create(body)).body.data;
    const session = await api.login(body.name, 'abc123');
    const off = await api.post<AdminView>(`${URL}/${id}/status`, { status: 2 }, { token });
    expect(off.body.data.status).toBe(2);
    expect((await api.get('/api/user/info', { token: session })).body.code).toBe(50012);
    expect((await api.post('/api/login', { account: body.name, password: 'abc123' })).status).toBe(403);
    await api.post(`${URL}/${id}/status`, { status: 1 }, { token });
    expect((await api.get('/api/user/info', { token: session })).body.code).toBe(50012);
    await expect(api.login(body.name, 'abc123')).resolves.toBeTruthy();
  });

  it('protects the caller’s own account', async () => {
    const self = await api.post(`${URL}/${root.id}/status`, { status: 2 }, { token });
    expect(self.status).toBe(409);
    expect(self.body.msg).toBe('You cannot disable or delete your own account');
    expect((await api.delete(`${URL}/${root.id}`, { token, locale: 'zh-HK' })).body.msg).toBe(
      '不能停用或刪除自己的帳戶',
    );
  });

  it('leaves super administrator rights to super administrators', async () => {
    const [operatorRole] = await api.db.select().from(roles).where(eq(roles.name, ADMIN_ROLE));
    const manager = await api.post<RoleView>(
      '/api/permission/roles',
      { name: 'Managers', permission_ids: [23] },
      { token },
    );
    const body = form({ role_ids: [manager.body.data.id] });
    await create(body);
    const managerToken = await api.login(body.name, 'abc123');
    const grant = await create(form({ is_super: true }), managerToken);
    expect(grant.status).toBe(403);
    expect(grant.body.msg).toBe('Only a super administrator may grant or change super administrator rights');
    const touchRoot = await api.post(`${URL}/${root.id}/status`, { status: 2 }, { token: managerToken });
    expect(touchRoot.status).toBe(403);
    const plain = await create(form({ role_ids: [operatorRole!.id] }), managerToken);
    expect(plain.status).toBe(200);
    const superAdmin = await create(form({ is_super: true }));
    expect(superAdmin.body.data.is_super).toBe(true);
  });

  it('deletes an administrator and audits every change without secrets', async () => {
    const body = form();
    const { id } = (await create(body)).body.data;
    await api.put(
      `${URL}/${id}`,
      { ...body, name: 'renamed_clerk', password: 'secret99', password_confirmation: 'secret99' },
      { token },
    );
    await api.post(`${URL}/${id}/status`, { status: 2 }, { token });
    const gone = await api.delete(`${URL}/${id}`, { token });
    expect(gone.body.msg).toBe('Deleted successfully');
    expect((await api.delete(`${URL}/${id}`, { token })).status).toBe(404);

    const log = await api.get<Paged<AuditView>>('/api/permission/audit', {
      token,
      query: { entity: 'admin', entity_id: String(id) },
    });
    const entries = log.body.data.list;
    expect(entries.map((e) => e.action)).toEqual(['delete', 'status', 'update', 'create']);
    expect(entries.every((e) => e.actor_id === root.id && e.actor_name === root.name)).toBe(true);
    expect(entries[2]).toMatchObject({ before: { name: body.name }, after: { name: 'renamed_clerk' } });
    expect(JSON.stringify(entries)).not.toMatch(/password|secret99|scrypt/);
  });
});

describe('deleting an administrator that records point at', () => {
  it('refuses with a clear message and keeps the account', async () => {
    const body = form();
    const { id } = (await create(body)).body.data;
    await api.db.execute(sql`create table kept_refs (user_id integer references users(id))`);
    await api.db.execute(sql`insert into kept_refs values (${id})`);
    const res = await api.delete(`${URL}/${id}`, { token });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(
      'This administrator has records and cannot be deleted; disable the account instead',
    );
    const still = await api.get<Paged<AdminView>>(URL, { token, query: { keyword: body.name } });
    expect(still.body.data.list.map((a) => a.id)).toEqual([id]);
  });
});

describe('the last super administrator', () => {
  it('cannot give up the rights while no other enabled super administrator remains', async () => {
    const solo = await TestApi.start();
    try {
      const only = await solo.factory.superAdmin();
      const soloToken = await solo.login(only.name, TEST_PASSWORD);
      const self = { name: only.name, phone: '85211111111', account: only.email, is_super: false };
      const res = await solo.put(`${URL}/${only.id}`, self, { token: soloToken });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('At least one enabled super administrator must remain');
      const other = await solo.factory.superAdmin({ status: 2 });
      expect((await solo.put(`${URL}/${only.id}`, self, { token: soloToken })).status).toBe(409);
      await solo.post(`${URL}/${other.id}/status`, { status: 1 }, { token: soloToken });
      const ok = await solo.put<AdminView>(`${URL}/${only.id}`, self, { token: soloToken });
      expect(ok.body.data.is_super).toBe(false);
    } finally {
      await solo.close();
    }
  });
});

describe('who may manage administrators', () => {
  it('refuses members and operators without permission 23', async () => {
    const [operatorRole] = await api.db.select().from(roles).where(eq(roles.name, ADMIN_ROLE));
    const member = await api.factory.member();
    const operator = await api.factory.admin({ roleIds: [operatorRole!.id] });
    for (const who of [member, operator]) {
      const whoToken = await api.login(who.name, TEST_PASSWORD);
      expect((await api.get(URL, { token: whoToken })).status).toBe(403);
      expect((await api.post(URL, form(), { token: whoToken })).status).toBe(403);
      expect((await api.post(`${URL}/${root.id}/status`, { status: 2 }, { token: whoToken })).status).toBe(
        403,
      );
    }
  });
});

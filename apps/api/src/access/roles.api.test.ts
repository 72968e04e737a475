import type { AuditView, CurrentUser, Paged, RoleView } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { roles } from './access.schema';
import { ADMIN_ROLE, MEMBER_ROLE } from './bootstrap';

let api: TestApi;
let token: string;
const URL = '/api/permission/roles';

beforeAll(async () => {
  api = await TestApi.start();
  const root = await api.factory.superAdmin();
  token = await api.login(root.name, TEST_PASSWORD);
});
afterAll(() => api.close());

const roleIdByName = async (name: string) =>
  (await api.db.select().from(roles).where(eq(roles.name, name)))[0]!.id;

describe('roles', () => {
  it('creates, lists, filters and edits a role with its permissions', async () => {
    const created = await api.post<RoleView>(
      URL,
      { name: 'Finance', description: 'Money desk', permission_ids: [10, 24, 22] },
      { token },
    );
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('added successfully');
    expect(created.body.data).toMatchObject({
      name: 'Finance',
      status: 1,
      is_system: false,
      permission_ids: [10, 22, 24],
      admin_count: 0,
    });
    const id = created.body.data.id;

    const found = await api.get<Paged<RoleView>>(URL, { token, query: { keyword: 'finan' } });
    expect(found.body.data.meta).toEqual({ total: 1, page: 1, pageSize: 20 });
    expect(found.body.data.list[0]?.id).toBe(id);
    const all = await api.get<Paged<RoleView>>(URL, { token, query: { pageSize: 1 } });
    expect(all.body.data.list).toHaveLength(1);
    expect(all.body.data.meta.total).toBeGreaterThanOrEqual(3);

    const edited = await api.put<RoleView>(
      `${URL}/${id}`,
      { name: 'Finance team', permission_ids: [10] },
      { token },
    );
    expect(edited.body.msg).toBe('Edit Successful');
    expect(edited.body.data).toMatchObject({ name: 'Finance team', description: null, permission_ids: [10] });
  });

  it('refuses a duplicate name and bad input with translated field errors', async () => {
    await api.post(URL, { name: 'Auditors' }, { token });
    const dup = await api.post<{ errors: { field: string }[] }>(URL, { name: 'auditors' }, { token });
    expect(dup.status).toBe(422);
    expect(dup.body.msg).toBe('The character name already exists');
    expect(dup.body.data.errors[0]?.field).toBe('name');
    const dupHk = await api.post(URL, { name: 'Auditors' }, { token, locale: 'zh-HK' });
    expect(dupHk.body.msg).toBe('角色名稱已存在');

    const blank = await api.post<{ errors: { field: string; message: string }[] }>(
      URL,
      { name: ' ', status: 3 },
      { token, locale: 'zh-HK' },
    );
    expect(blank.status).toBe(422);
    expect(blank.body.data.errors).toEqual([
      { field: 'name', message: '此欄位為必填' },
      { field: 'status', message: '不是允許的選項' },
    ]);
    const unknownPerm = await api.post<{ errors: { field: string }[] }>(
      URL,
      { name: 'Ghost', permission_ids: [99999] },
      { token },
    );
    expect(unknownPerm.status).toBe(422);
    expect(unknownPerm.body.data.errors[0]?.field).toBe('permission_ids');
    const list = await api.get<Paged<RoleView>>(URL, { token, query: { keyword: 'Ghost' } });
    expect(list.body.data.meta.total).toBe(0);
  });

  it('disabling a role takes its permissions from its holders at once', async () => {
    const role = await api.post<RoleView>(URL, { name: 'Reporters', permission_ids: [12] }, { token });
    const holder = await api.factory.admin({ roleIds: [role.body.data.id] });
    const holderToken = await api.login(holder.name, TEST_PASSWORD);
    const before = await api.get<CurrentUser>('/api/user/info', { token: holderToken });
    expect(before.body.data.role_ids).toEqual([12]);

    const off = await api.post<RoleView>(`${URL}/${role.body.data.id}/status`, { status: 2 }, { token });
    expect(off.body.msg).toBe('Operation successful');
    expect(off.body.data).toMatchObject({ status: 2, admin_count: 1 });
    const after = await api.get<CurrentUser>('/api/user/info', { token: holderToken });
    expect(after.body.data.role_ids).toEqual([]);
    const disabled = await api.get<Paged<RoleView>>(URL, { token, query: { status: 2 } });
    expect(disabled.body.data.list.map((r) => r.name)).toEqual(['Reporters']);
  });

  it('keeps built-in roles and roles still assigned', async () => {
    const memberRole = await roleIdByName(MEMBER_ROLE);
    const builtIn = await api.delete(`${URL}/${memberRole}`, { token });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.msg).toBe('The built-in roles cannot be deleted');
    const rename = await api.put(`${URL}/${memberRole}`, { name: 'Everyone' }, { token });
    expect(rename.status).toBe(422);
    expect(rename.body.msg).toBe('The name of a built-in role cannot be changed');

    const operatorRole = await roleIdByName(ADMIN_ROLE);
    await api.factory.admin({ roleIds: [operatorRole] });
    const inUse = await api.delete(`${URL}/${operatorRole}`, { token, locale: 'zh-CN' });
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toBe('此角色仍分配给管理员');

    const spare = await api.post<RoleView>(URL, { name: 'Spare' }, { token });
    const gone = await api.delete(`${URL}/${spare.body.data.id}`, { token });
    expect(gone.body.msg).toBe('Deleted successfully');
    const again = await api.delete(`${URL}/${spare.body.data.id}`, { token });
    expect(again.status).toBe(404);
  });

  it('writes who changed what in the audit log', async () => {
    const role = await api.post<RoleView>(URL, { name: 'Audited', permission_ids: [1] }, { token });
    const id = role.body.data.id;
    await api.put(`${URL}/${id}`, { name: 'Audited', permission_ids: [1, 2] }, { token });
    await api.delete(`${URL}/${id}`, { token });
    const log = await api.get<Paged<AuditView>>('/api/permission/audit', {
      token,
      query: { entity: 'role', entity_id: String(id) },
    });
    expect(log.body.data.list.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, updated] = log.body.data.list;
    expect(updated).toMatchObject({
      before: { permission_ids: [1] },
      after: { permission_ids: [1, 2] },
    });
    expect(deleted?.actor_name).toMatch(/^admin_/);
    expect(deleted?.after).toBeNull();
  });

  it('is for holders of permission 23 only', async () => {
    const member = await api.factory.member();
    const operator = await api.factory.admin({ roleIds: [await roleIdByName(ADMIN_ROLE)] });
    for (const who of [member, operator]) {
      const whoToken = await api.login(who.name, TEST_PASSWORD);
      expect((await api.get(URL, { token: whoToken })).status).toBe(403);
      expect((await api.post(URL, { name: 'Sneaky' }, { token: whoToken })).status).toBe(403);
      expect((await api.get('/api/permission/audit', { token: whoToken })).status).toBe(403);
    }
  });
});

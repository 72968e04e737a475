import type { CurrentUser, Paged, PermissionView, RoleView } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';

let api: TestApi;
let token: string;
const URL = '/api/permission/permissions';
const custom = { name: 'Export centre', path: '/exports', method: 'GET', is_menu: true, icon: 'download' };

beforeAll(async () => {
  api = await TestApi.start();
  const root = await api.factory.superAdmin();
  token = await api.login(root.name, TEST_PASSWORD);
});
afterAll(() => api.close());

describe('permissions', () => {
  it('lists the built-in permission numbers and searches them', async () => {
    const all = await api.get<Paged<PermissionView>>(URL, { token, query: { pageSize: 100 } });
    expect(all.body.data.list.map((p) => p.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 21, 22, 23, 24, 25, 26,
    ]);
    expect(all.body.data.list.every((p) => p.is_system)).toBe(true);
    const found = await api.get<Paged<PermissionView>>(URL, { token, query: { keyword: '/permission/' } });
    expect(found.body.data.list.map((p) => p.id)).toEqual([23]);
  });

  it('creates a permission numbered above 100 and refuses a duplicate name', async () => {
    const created = await api.post<PermissionView>(URL, custom, { token });
    expect(created.status).toBe(200);
    expect(created.body.data.id).toBeGreaterThan(100);
    expect(created.body.data).toMatchObject({ ...custom, status: 1, is_system: false, classification: null });
    const dup = await api.post(URL, { ...custom, name: 'EXPORT CENTRE' }, { token, locale: 'zh-HK' });
    expect(dup.status).toBe(422);
    expect(dup.body.msg).toBe('權限名稱已存在');
    const bad = await api.post<{ errors: { field: string; message: string }[] }>(
      URL,
      { name: 'x', path: '', method: 'FETCH' },
      { token },
    );
    expect(bad.body.data.errors.map((e) => e.field)).toEqual(['method', 'path']);
  });

  it('lets a built-in permission change description, icon and status only, never go', async () => {
    const [orders] = (await api.get<Paged<PermissionView>>(URL, { token, query: { keyword: '/orders/' } }))
      .body.data.list;
    const { id, created_at, is_system, ...fields } = orders!;
    const edited = await api.put<PermissionView>(
      `${URL}/${id}`,
      { ...fields, description: 'Order list', icon: 'cart' },
      { token },
    );
    expect(edited.body.data).toMatchObject({
      id: 6,
      description: 'Order list',
      icon: 'cart',
      path: '/orders/orders',
    });
    const moved = await api.put<{ errors: { field: string }[] }>(
      `${URL}/${id}`,
      { ...fields, path: '/elsewhere' },
      { token },
    );
    expect(moved.status).toBe(422);
    expect(moved.body.data.errors[0]?.field).toBe('path');
    expect(moved.body.msg).toBe('This field of a built-in permission cannot be changed');
    const removed = await api.delete(`${URL}/${id}`, { token });
    expect(removed.status).toBe(400);
    expect(removed.body.msg).toBe('The built-in permissions cannot be deleted');

    const holder = await api.factory.admin({
      roleIds: [
        (
          await api.post<RoleView>(
            '/api/permission/roles',
            { name: 'Sales', permission_ids: [6, 7] },
            { token },
          )
        ).body.data.id,
      ],
    });
    const holderToken = await api.login(holder.name, TEST_PASSWORD);
    await api.post(`${URL}/${id}/status`, { status: 2 }, { token });
    const info = await api.get<CurrentUser>('/api/user/info', { token: holderToken });
    expect(info.body.data.role_ids).toEqual([7]);
    await api.post(`${URL}/${id}/status`, { status: 1 }, { token });
  });

  it('deleting an admin-made permission takes it out of every role', async () => {
    const perm = await api.post<PermissionView>(
      URL,
      { ...custom, name: 'Temporary', path: '/tmp' },
      { token },
    );
    const role = await api.post<RoleView>(
      '/api/permission/roles',
      { name: 'Temps', permission_ids: [1, perm.body.data.id] },
      { token },
    );
    const gone = await api.delete(`${URL}/${perm.body.data.id}`, { token });
    expect(gone.body.msg).toBe('Deleted successfully');
    const after = await api.get<Paged<RoleView>>('/api/permission/roles', {
      token,
      query: { keyword: 'Temps' },
    });
    expect(after.body.data.list[0]?.permission_ids).toEqual([1]);
    expect(role.body.data.permission_ids).toEqual([1, perm.body.data.id]);
  });

  it('refuses members and operators', async () => {
    const member = await api.factory.member();
    const operator = await api.factory.admin({
      roleIds: [
        (
          await api.post<RoleView>(
            '/api/permission/roles',
            { name: 'Ops', permission_ids: [1, 6, 11] },
            { token },
          )
        ).body.data.id,
      ],
    });
    for (const who of [member, operator]) {
      const whoToken = await api.login(who.name, TEST_PASSWORD);
      expect((await api.get(URL, { token: whoToken })).status).toBe(403);
      expect((await api.delete(`${URL}/1`, { token: whoToken })).status).toBe(403);
    }
  });
});

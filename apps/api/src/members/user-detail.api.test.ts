import type { ReportPackage, UserDetail, UserShow } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualifiedCps } from '../programmes/programmes.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { postEntry } from '../wallet/ledger';
import { credLogs } from './members.schema';

let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await TestApi.start();
  const root = await api.factory.superAdmin();
  admin = await api.login(root.name, TEST_PASSWORD);
});
afterAll(() => api.close());

type Errors = { errors: { field: string; message: string }[] };
const REPORT = {
  free_number: 0,
  professional_number: 0,
  expert_number: 0,
  foundation_number: 0,
  love_number: 0,
  work_wealth_number: 0,
  essential_life_number: 0,
  remark: 'gift',
};

describe('GET /api/users/{id}', () => {
  it('shows an admin every section: info, upstream chain, iBloomer, level history, CP, packages, credit logs', async () => {
    const [top, mid, leaf] = await api.factory.chain(2);
    const child = await api.factory.member({ parentUserId: leaf!.id, iblommerParentUserId: leaf!.id });
    await api.db
      .insert(qualifiedCps)
      .values({ userId: leaf!.id, createdAt: new Date('2026-01-02T00:00:00Z') });
    await api.post(
      `/api/users/${leaf!.id}`,
      { phone: '85200001111', level_id: 2, level_remark: 'upgrade' },
      { token: admin },
    );
    await api.post(
      `/api/users/add/reportNumber/${leaf!.id}`,
      { ...REPORT, expert_number: 3 },
      { token: admin },
    );
    const res = await api.get<UserDetail>(`/api/users/${leaf!.id}`, { token: admin });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: leaf!.id,
      name: leaf!.name,
      email: leaf!.email,
      level: { id: 2, name: 'Pioneer' },
      tree_level: 2,
      downline_count: 1,
      direct_count: 1,
      parent_user: { id: mid!.id, name: mid!.name },
      is_cp: true,
      cp_joined_at: '2026-01-02T00:00:00.000Z',
      iblommer_parent_user: null,
      iblommer_downline_count: 1,
    });
    expect(d.upstream_users?.map((u) => [u.id, u.tree_level])).toEqual([
      [top!.id, 0],
      [mid!.id, 1],
    ]);
    expect(d.level_history?.map((h) => [h.name, h.remark, h.pivot.level_id])).toEqual([
      ['Pioneer', 'upgrade', 2],
      ['Pathfinder', 'Registration', 1],
    ]);
    expect(d.packages?.[0]).toMatchObject({ expert_number: 3, remark: 'gift' });
    expect(d.cred_logs).toMatchObject({
      total: 1,
      logs: [{ creds: 3, ctype: 'report_package', entry: 'in' }],
    });
    const childDetail = await api.get<UserDetail>(`/api/users/${child.id}`, {
      token: admin,
      query: { append: 'iblommer' },
      locale: 'zh-HK',
    });
    expect(childDetail.body.data.iblommer_parent_user).toMatchObject({ id: leaf!.id, name: leaf!.name });
    expect(childDetail.body.data.iblommer_user?.created_at).toBeTruthy();
    expect(childDetail.body.data.level?.name).toBe('探路者');
    expect(childDetail.body.data.upstream_users).toBeUndefined();
  });

  it('pages credit logs', async () => {
    const member = await api.factory.member();
    await api.db.insert(credLogs).values(
      Array.from({ length: 12 }, (_, i) => ({
        userId: member.id,
        ref: `R${i}`,
        creds: i,
        ctype: 'use',
        entry: 'out',
      })),
    );
    const res = await api.get<UserDetail>(`/api/users/${member.id}`, {
      token: admin,
      query: { append: 'cred_logs', cred_page: 2, cred_page_size: 5 },
    });
    expect(res.body.data.cred_logs?.total).toBe(12);
    expect(res.body.data.cred_logs?.logs.map((l) => l.ref)).toEqual(['R6', 'R5', 'R4', 'R3', 'R2']);
  });

  it('lets a member open themselves and their downline with other names masked, and nobody else', async () => {
    const [top, member, below] = await api.factory.chain(
      2,
      await api.factory.member({ name: 'Sponsor Alexander' }),
    );
    const sibling = await api.factory.member({ parentUserId: top!.id });
    const token = await api.login(member!.name, TEST_PASSWORD);
    const own = await api.get<UserDetail>(`/api/users/${member!.id}`, { token });
    expect(own.status).toBe(200);
    expect(own.body.data.name).toBe(member!.name);
    expect(own.body.data.email).toBe(member!.email);
    expect(own.body.data.parent_user?.name).toBe('Spo***der');
    expect(own.body.data.upstream_users?.[0]?.name).toBe('Spo***der');
    const down = await api.get<UserDetail>(`/api/users/${below!.id}`, { token });
    expect(down.status).toBe(200);
    expect(down.body.data.name).toMatch(/^mem\*\*\*.{3}$/);
    expect(down.body.data).not.toHaveProperty('email');
    // Their AI report numbers and credit logs are theirs: absent even when asked for; the member's own are there.
    expect(down.body.data).not.toHaveProperty('packages');
    expect(down.body.data).not.toHaveProperty('cred_logs');
    const asked = await api.get<UserDetail>(`/api/users/${below!.id}`, {
      token,
      query: { append: 'packages,cred_logs' },
    });
    expect(asked.body.data).not.toHaveProperty('packages');
    expect(asked.body.data).not.toHaveProperty('cred_logs');
    expect(own.body.data).toHaveProperty('packages');
    expect(own.body.data).toHaveProperty('cred_logs');
    for (const other of [top!, sibling]) {
      const res = await api.get(`/api/users/${other.id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('User does not exist');
    }
  });

  it('answers 404 for an unknown id and 422 for an unknown section', async () => {
    expect((await api.get('/api/users/987654', { token: admin })).status).toBe(404);
    const bad = await api.get<Errors>('/api/users/1', { token: admin, query: { append: 'passwords' } });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors[0]?.field).toMatch(/^append/);
  });
});

describe('POST /api/users/add/reportNumber/{id}', () => {
  it('adds a package; free -1 (unlimited) alone is enough', async () => {
    const member = await api.factory.member();
    const res = await api.post<ReportPackage>(
      `/api/users/add/reportNumber/${member.id}`,
      { ...REPORT, free_number: -1 },
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('added successfully');
    expect(res.body.data).toMatchObject({ free_number: -1, remark: 'gift' });
  });

  it('refuses an all-zero package, out-of-range counts and a missing remark, naming the field, in each language', async () => {
    const member = await api.factory.member();
    const url = `/api/users/add/reportNumber/${member.id}`;
    const zero = await api.post<Errors>(url, REPORT, { token: admin });
    expect(zero.status).toBe(422);
    expect(zero.body.data.errors).toEqual([
      { field: 'free_number', message: 'at least one report number must be set' },
    ]);
    const zh = await api.post<Errors>(url, REPORT, { token: admin, locale: 'zh-CN' });
    expect(zh.body.data.errors[0]?.message).toBe('至少须设置一项报告次数');
    const bad = await api.post<Errors>(
      url,
      {
        ...REPORT,
        free_number: -2,
        love_number: 101,
        expert_number: -1,
        remark: '',
        essential_life_number: '',
      },
      { token: admin },
    );
    expect(bad.body.data.errors.map((e) => e.field).sort()).toEqual(
      ['essential_life_number', 'expert_number', 'free_number', 'love_number', 'remark'].sort(),
    );
  });

  it('is for administrators only and only for existing members', async () => {
    const member = await api.factory.member();
    const asMember = await api.post(
      `/api/users/add/reportNumber/${member.id}`,
      { ...REPORT, love_number: 1 },
      {
        token: await api.login(member.name, TEST_PASSWORD),
      },
    );
    expect(asMember.status).toBe(403);
    const ghost = await api.post(
      '/api/users/add/reportNumber/999999',
      { ...REPORT, love_number: 1 },
      { token: admin },
    );
    expect(ghost.status).toBe(404);
  });
});

describe('GET /api/users/user/show', () => {
  it("gives a member their own summary with balance and report totals, the sponsors' names masked", async () => {
    const sponsor = await api.factory.member({ name: 'Sponsor Bartholomew' });
    const member = await api.factory.member({
      parentUserId: sponsor.id,
      iblommerParentUserId: sponsor.id,
      levelId: 3,
    });
    await api.factory.member({ parentUserId: member.id });
    await postEntry(api.db, { userId: member.id, amountCents: 999, move: 'credit', kind: 'recharge' });
    for (const free of [-1, 5])
      await api.post(
        `/api/users/add/reportNumber/${member.id}`,
        { ...REPORT, free_number: free, love_number: 2 },
        { token: admin },
      );
    const res = await api.get<UserShow>('/api/users/user/show', {
      token: await api.login(member.name, TEST_PASSWORD),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: member.id,
      name: member.name,
      level: { id: 3, name: 'Special' },
      direct_count: 1,
      downline_count: 1,
      balance: '9.99',
      parent_user: { id: sponsor.id, name: 'Spo***mew' },
      iblommer_parent_user: { id: sponsor.id, name: 'Spo***mew' },
      report_numbers: { free_number: -1, love_number: 4, expert_number: 0 },
    });
  });

  it('is for members only', async () => {
    expect((await api.get('/api/users/user/show', { token: admin })).status).toBe(403);
  });
});

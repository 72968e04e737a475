import type { Workplace } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.close());

const figuresOf = (workplace: Workplace) =>
  Object.fromEntries(workplace.figures.map((figure) => [figure.key, figure.value]));

describe('GET /api/dashboard/workplace', () => {
  it('refuses callers without a session or without the dashboard permission', async () => {
    expect((await api.get('/api/dashboard/workplace')).status).toBe(401);
    const admin = await api.factory.admin();
    const token = await api.login(admin.name, TEST_PASSWORD);
    const res = await api.get('/api/dashboard/workplace', { token });
    expect(res.status).toBe(403);
  });

  it('gives an admin the network totals and the members per level', async () => {
    const admin = await api.factory.superAdmin();
    const token = await api.login(admin.name, TEST_PASSWORD);
    const before = (await api.get<Workplace>('/api/dashboard/workplace', { token })).body.data;
    await api.factory.member({ levelId: 3 });
    await api.factory.member({ levelId: 3 });
    await api.factory.admin();
    const res = await api.get<Workplace>('/api/dashboard/workplace', { token, locale: 'zh-HK' });
    expect(res.status).toBe(200);
    const [was, now] = [figuresOf(before), figuresOf(res.body.data)];
    expect(now.totalMembers).toBe(Number(was.totalMembers) + 2);
    expect(now.newMembersThisMonth).toBe(Number(was.newMembersThisMonth) + 2);
    expect(now.admins).toBe(Number(was.admins) + 1);
    const levels = res.body.data.members_per_level!;
    expect(levels.map((l) => l.level_id)).toEqual([1, 2, 3, 4]);
    const special = (data: Workplace) => data.members_per_level!.find((l) => l.level_id === 3)!.count;
    expect(special(res.body.data)).toBe(special(before) + 2);
    expect(levels.reduce((sum, l) => sum + l.count, 0)).toBe(now.totalMembers);
    expect(levels[0]?.name).not.toBe('Pathfinder');
  });

  it('gives a member their own downline, direct referrals and level only', async () => {
    const [top, child] = await api.factory.chain(2);
    await api.factory.member({ parentUserId: top!.id });
    await api.factory.member();
    const token = await api.login(top!.name, TEST_PASSWORD);
    const res = await api.get<Workplace>('/api/dashboard/workplace', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.members_per_level).toBeNull();
    expect(figuresOf(res.body.data)).toEqual({ downline: 3, directReferrals: 2, level: 'Pathfinder' });
    const childToken = await api.login(child!.name, TEST_PASSWORD);
    const own = await api.get<Workplace>('/api/dashboard/workplace', { token: childToken });
    expect(figuresOf(own.body.data)).toMatchObject({ downline: 1, directReferrals: 1 });
  });
});

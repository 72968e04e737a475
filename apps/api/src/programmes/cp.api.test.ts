import type { CpBonusRow, CpInfo, CpListItem, KeyNumberDto } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScenario } from '../bonus/scenario.db';
import { settlePeriod } from '../bonus/settlement';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { expectLedgerBalanced } from '../wallet/wallet-fixtures';

let api: TestApi;
let admin: string;
let scn: Awaited<ReturnType<typeof buildScenario>>;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
  scn = await buildScenario(api.db, api.factory);
  await settlePeriod(api.db, { period: '2026-10', startedBy: null });
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

describe('Qualified CP', () => {
  it("gives a CP's channel figures: SP this month and ever, the sponsor's referral reward and its own profit", async () => {
    const token = await api.login(scn.logins.C, TEST_PASSWORD);
    const res = await api.get<CpInfo>(`/api/members/wecCpInfo/${scn.ids.C}`, { token });
    expect(res.body.data).toMatchObject({
      is_cp: true,
      currentTotal: 0,
      total: 2000,
      referralRewardGim: '60.00',
      cpProfit: '200.00',
    });
    const bonuses = await api.get<{ list: CpBonusRow[] }>(`/api/members/bounsByGimCpId/${scn.ids.C}`, {
      token,
    });
    expect(bonuses.body.data.list.map((b) => [b.type_key, b.user.id, b.order_no, b.amount])).toEqual([
      [11, scn.ids.C, scn.orderNos.o2, '200.00'],
      [8, scn.ids.B, scn.orderNos.o2, '60.00'],
    ]);
    const named = await api.get<{ list: CpBonusRow[] }>(`/api/members/bounsByGimCpId/${scn.ids.C}`, {
      token,
      locale: 'zh-CN',
    });
    expect(named.body.data.list.map((b) => b.type_name)).toEqual(['CP 利润', 'CP 推荐奖励']);
    expect((await api.get(`/api/members/wecCpInfo/${scn.ids.B}`, { token })).status).toBe(403);
  });

  it('lets an admin mark and unmark a CP, list and export them; members may not', async () => {
    const add = await api.post<CpInfo>('/api/members/addGimCpComplete', { id: scn.ids.D }, { token: admin });
    expect(add.body.data).toMatchObject({ is_cp: true, total: 333 });
    const again = await api.post('/api/members/addGimCpComplete', { id: scn.ids.D }, { token: admin });
    expect([again.status, again.body.msg]).toEqual([409, 'The member is already a Qualified CP']);
    const list = await api.get<{ list: CpListItem[] }>('/api/members/cp/list', { token: admin });
    expect(list.body.data.list.map((c) => c.user.id).sort()).toEqual([scn.ids.C, scn.ids.D].sort());
    const file = await api.get('/api/members/cp/list', { token: admin, query: { export: 1 } });
    expect(file.raw.subarray(0, 2).toString()).toBe('PK');
    expect((await api.delete(`/api/members/removeGimCp?id=${scn.ids.D}`, { token: admin })).status).toBe(200);
    expect((await api.delete(`/api/members/removeGimCp?id=${scn.ids.D}`, { token: admin })).status).toBe(404);
    const member = await api.login(scn.logins.D, TEST_PASSWORD);
    expect(
      (await api.post('/api/members/addGimCpComplete', { id: scn.ids.D }, { token: member })).status,
    ).toBe(403);
    expect((await api.post('/api/members/addGimCpComplete', {}, { token: admin })).status).toBe(422);
  });
});

describe('Key Number Category', () => {
  it('creates, lists, edits and deletes categories with validation and unique names', async () => {
    const created = await api.post<KeyNumberDto>('/api/rk', { name: 'Life path', sort: 2 }, { token: admin });
    expect(created.status).toBe(200);
    await api.post('/api/rk', { name: 'Destiny', sort: 1, description: 'd' }, { token: admin });
    const dup = await api.post('/api/rk', { name: 'Destiny' }, { token: admin });
    expect([dup.status, dup.body.msg]).toEqual([409, 'A category with this name already exists']);
    expect((await api.post('/api/rk', { name: ' ' }, { token: admin })).status).toBe(422);
    const list = await api.get<{ list: KeyNumberDto[] }>('/api/rk/list', { token: admin });
    expect(list.body.data.list.map((k) => k.name)).toEqual(['Destiny', 'Life path']);
    const id = created.body.data.id;
    expect(
      (await api.put<KeyNumberDto>(`/api/rk/${id}`, { name: 'Soul urge', sort: 0 }, { token: admin })).body
        .data.name,
    ).toBe('Soul urge');
    expect((await api.delete(`/api/rk/${id}`, { token: admin })).status).toBe(200);
    expect((await api.delete(`/api/rk/${id}`, { token: admin })).status).toBe(404);
    const member = await api.login(scn.logins.A, TEST_PASSWORD);
    expect((await api.get('/api/rk/list', { token: member })).status).toBe(403);
  });
});

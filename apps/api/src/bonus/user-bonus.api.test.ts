import type { BonusDetail, BonusTypeDto, LevelDto, UserWalletBonus } from '@app/contracts';
import { maskName } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { expectLedgerBalanced } from '../wallet/wallet-fixtures';
import { buildScenario } from './scenario.db';
import { settlePeriod } from './settlement';

let api: TestApi;
let admin: string;
let scn: Awaited<ReturnType<typeof buildScenario>>;
const token: Record<string, string> = {};
const october = ['2026-10-01', '2026-10-31'];

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
  scn = await buildScenario(api.db, api.factory);
  await settlePeriod(api.db, { period: '2026-10', startedBy: null });
  for (const n of ['B', 'C', 'D'] as const) token[n] = await api.login(scn.logins[n], TEST_PASSWORD);
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

const value = (items: { key: string; value: string }[], key: number) =>
  items.find((i) => i.key === String(key))?.value;

describe('bonus by day / month (getUserWallet)', () => {
  it('gives a member its own totals per type and per period', async () => {
    const res = await api.post<UserWalletBonus>(
      `/api/users/${scn.ids.C}/getUserWallet`,
      { filter: october, type: 'day' },
      { token: token.C },
    );
    expect(res.status).toBe(200);
    const { cashBack, list, user } = res.body.data;
    expect(user.id).toBe(scn.ids.C);
    expect(value(cashBack, 1)).toBe('200.00');
    expect(value(cashBack, 3)).toBe('193.74');
    expect(value(cashBack, 6)).toBe('0.00');
    expect(list.map((r) => [r.period, r.total])).toEqual([
      ['2026-10-10', '340.00'],
      ['2026-10-03', '200.00'],
      ['2026-10-01', '208.74'],
    ]);
    const month = await api.post<UserWalletBonus>(
      `/api/users/${scn.ids.C}/getUserWallet`,
      { filter: october, type: 'month' },
      { token: admin, locale: 'zh-HK' },
    );
    expect(month.body.data.list).toEqual([expect.objectContaining({ period: '2026-10', total: '748.74' })]);
    expect(month.body.data.cashBack[0]).toEqual({ key: '1', text: '推薦獎金', value: '200.00' });
  });

  it("refuses another member's bonuses and a missing date range", async () => {
    expect(
      (await api.post(`/api/users/${scn.ids.B}/getUserWallet`, { filter: october }, { token: token.C }))
        .status,
    ).toBe(403);
    const res = await api.post(`/api/users/${scn.ids.C}/getUserWallet`, { type: 'day' }, { token: token.C });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ errors: [{ field: 'filter', message: 'please select time' }] });
    const reversed = await api.post(
      `/api/users/${scn.ids.C}/getUserWallet`,
      { filter: ['2026-10-31', '2026-10-01'] },
      { token: token.C },
    );
    expect(reversed.status).toBe(422);
  });
});

describe('bonus detail per type (cash_back)', () => {
  it('lists the payouts of one type with its columns and total, masking other buyers for members', async () => {
    const res = await api.post<BonusDetail>(
      `/api/users/cash_back/${scn.ids.B}`,
      { key: 1, filter: october },
      { token: token.B },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      key: 1,
      total: '833.25',
      meta: { total: 2, page: 1, pageSize: 11 },
    });
    expect(res.body.data.columns).toContain('orderNo');
    expect(res.body.data.list.map((r) => [r.order_no, r.sales_point, r.ratio, r.amount, r.buyer])).toEqual([
      [scn.orderNos.o4, 3000, '25%', '750.00', maskName(scn.logins.C)],
      [scn.orderNos.o3, 333, '25%', '83.25', maskName(scn.logins.D)],
    ]);
    const asAdmin = await api.post<BonusDetail>(
      `/api/users/cash_back/${scn.ids.B}`,
      { key: 1, filter: october, pageSize: 20 },
      { token: admin },
    );
    expect(asAdmin.body.data.list[0]!.buyer).toBe(scn.logins.C);
  });

  it('shows the pool figures of type 3 and links type 9 to the downline', async () => {
    const pool = await api.post<BonusDetail>(
      `/api/users/cash_back/${scn.ids.B}`,
      { key: 3, filter: october },
      { token: token.B },
    );
    expect(pool.body.data.pool_rule).toEqual({ ratio: '15', sp_per_share: 1000 });
    expect(pool.body.data.list).toEqual([
      expect.objectContaining({
        shares: 3,
        total_shares: 8,
        pool: '1549.95',
        sales_point: 7333,
        amount: '581.23',
      }),
    ]);
    const team = await api.post<BonusDetail>(
      `/api/users/cash_back/${scn.ids.B}`,
      { key: 9, filter: october },
      { token: token.B },
    );
    expect(team.body.data.list).toEqual([
      expect.objectContaining({ downline_user_id: scn.ids.B, amount: '31.66' }),
    ]);
  });

  it('tells a Pathfinder it cannot enjoy type 3, and refuses bad keys and page sizes', async () => {
    const res = await api.post(
      `/api/users/cash_back/${scn.ids.D}`,
      { key: 3, filter: october },
      { token: token.D },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Pathfinder cannot enjoy this bonus');
    const zh = await api.post(
      `/api/users/cash_back/${scn.ids.D}`,
      { key: 3, filter: october },
      { token: token.D, locale: 'zh-CN' },
    );
    expect(zh.body.msg).toBe('探路者不能享受此奖金');
    expect(
      (await api.post(`/api/users/cash_back/${scn.ids.B}`, { key: 22, filter: october }, { token: token.B }))
        .status,
    ).toBe(422);
    expect(
      (
        await api.post(
          `/api/users/cash_back/${scn.ids.B}`,
          { key: 1, filter: october, pageSize: 15 },
          { token: token.B },
        )
      ).status,
    ).toBe(422);
    expect(
      (await api.post(`/api/users/cash_back/${scn.ids.B}`, { key: 1, filter: october }, { token: token.C }))
        .status,
    ).toBe(403);
  });
});

describe('levels and bonus types', () => {
  it('lists the levels with their settings to anyone signed in', async () => {
    const res = await api.get<LevelDto[]>('/api/common/all-level', { token: token.D });
    expect(res.body.data.map((l) => [l.name, l.invitation_ratio, l.share_cap])).toEqual([
      ['Pathfinder', '10', 0],
      ['Pioneer', '20', 1],
      ['Special', '25', 3],
      ['Life-time Scholar', '30', 5],
    ]);
  });

  it('lets an admin edit a level, validated and audited; members may not', async () => {
    const body = { invitation_ratio: '22.5', second_gen_ratio: 6, third_gen_ratio: '0', share_cap: 2 };
    expect((await api.put('/api/levels/2', body, { token: token.B })).status).toBe(403);
    const bad = await api.put('/api/levels/2', { ...body, invitation_ratio: '100.5' }, { token: admin });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({
      errors: [
        { field: 'invitation_ratio', message: 'Enter a percentage from 0 to 100 with at most 2 decimals' },
      ],
    });
    const res = await api.put<LevelDto>('/api/levels/2', body, { token: admin });
    expect(res.body.data).toMatchObject({ invitation_ratio: '22.5', second_gen_ratio: '6', share_cap: 2 });
    expect((await api.put('/api/levels/9', body, { token: admin })).status).toBe(404);
  });

  it('lets an admin create a reserved type from a kind and edit a type without changing its kind', async () => {
    const list = await api.get<BonusTypeDto[]>('/api/bonus/types', { token: admin });
    expect(list.body.data.map((t) => t.key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const custom = {
      key: 12,
      name_en: 'Fourth generation',
      name_zh_hk: '第四代',
      name_zh_cn: '第四代',
      params: { kind: 'generation', generation: 4, ratio: { bpByLevel: [0, 0, 100, 200] } },
      columns: ['orderNo', 'amount'],
    };
    const created = await api.post<BonusTypeDto>('/api/bonus/types', custom, { token: admin });
    expect(created.body.data).toMatchObject({ key: 12, kind: 'generation', cadence: 'day', enabled: true });
    expect((await api.post('/api/bonus/types', custom, { token: admin })).status).toBe(409);
    expect((await api.post('/api/bonus/types', { ...custom, key: 5 }, { token: admin })).status).toBe(400);
    expect(
      (await api.post('/api/bonus/types', { ...custom, key: 13, params: { kind: 'nope' } }, { token: admin }))
        .status,
    ).toBe(422);
    // The rule forms' schema: a missing or out-of-range setting is named under its field.
    const refused = await api.post<{ errors: { field: string; message: string }[] }>(
      '/api/bonus/types',
      { ...custom, key: 13, params: { kind: 'poolShare', poolBp: 20_000 } },
      { token: admin },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors).toEqual([
      { field: 'params.poolBp', message: 'Value is too large' },
      { field: 'params.spPerShare', message: 'This field is required' },
    ]);
    expect((await api.post('/api/bonus/types', { ...custom, key: 13 }, { token: token.B })).status).toBe(403);
    const { key: _k, ...edit } = custom;
    expect((await api.put('/api/bonus/types/1', edit, { token: admin })).body.msg).toBe(
      'The kind of a bonus type cannot be changed',
    );
    expect((await api.get('/api/bonus/types', { token: token.B })).status).toBe(403);
  });
});

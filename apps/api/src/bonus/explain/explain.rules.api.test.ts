import {
  BonusKey,
  type BonusTypeDto,
  type ExplanationOrder,
  type JobStarted,
  type Paged,
  type PayoutExplanation,
  Perm,
  payoutExplanation,
  type RoleView,
  type SettingsChange,
  type SettlementPayoutItem,
} from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../orders/orders.schema';
import { jobFile } from '../../platform/jobs/test-jobs';
import { xlsxRows } from '../../platform/xlsx/test-files';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { walletRecords } from '../../wallet/wallet.schema';
import { bonusPayouts, bonusSettlementRuns } from '../bonus.schema';
import { NAMES, type Name } from '../engine/scenario.fixture';
import { reverseOrderBonuses } from '../payouts';
import { buildScenario } from '../scenario.db';
import { runSettlement, settlePeriod } from '../settlement';

/**
 * "Explain this payout" keeps to the run's rules and is checkable by hand (docs/product/bonus.md): the rules a
 * run kept after a change, every source order paged and exported, the dividend's pool and shares, the downline
 * SP a group or team bonus counts and leaves out, a reversal's refund; and the settings history.
 */
let api: TestApi;
let admin: string;
let adminName: string;
let scn: Awaited<ReturnType<typeof buildScenario>>;
/** Members below F (generations 5–12 below A), for a team bonus's depth limit. */
let chain: number[];
/** September's orders: buyer id → SP of each. */
const september: Array<{ buyer: number; sp: number }> = [];
let octoberRun: number;
let octoberDryRun: number;
let septemberDryRun: number;

const get = <T>(url: string, token = admin, query?: Record<string, string | number | boolean>) =>
  api.get<T>(url, { token, query });
const paidUrl = (id: number) => `/api/bonus/payouts/${id}/explanation`;
const explain = async (url: string, token = admin) => {
  const res = await get<PayoutExplanation>(url, token);
  expect(res.status, `${url}: ${res.body.msg}`).toBe(200);
  return payoutExplanation.parse(res.body.data);
};

async function paidOf(userId: number, typeKey: number, period: string, orderId: number | null = null) {
  const rows = await api.db
    .select()
    .from(bonusPayouts)
    .where(
      and(
        eq(bonusPayouts.userId, userId),
        eq(bonusPayouts.typeKey, typeKey),
        eq(bonusPayouts.period, period),
      ),
    );
  const row = rows.find((r) => r.orderId === orderId);
  if (!row) throw new Error(`no payout of type ${typeKey} to ${userId} for ${period}`);
  return row;
}

/** Every page of a payout's source orders at `pageSize`. */
async function allOrders(url: string, pageSize: number, token = admin) {
  const seen: ExplanationOrder[] = [];
  let total = -1;
  for (let page = 1; page < 100; page++) {
    const res = await get<Paged<ExplanationOrder>>(`${url}/orders`, token, { page, pageSize });
    expect(res.status, res.body.msg).toBe(200);
    total = res.body.data.meta.total;
    seen.push(...res.body.data.list);
    if (res.body.data.list.length < pageSize) break;
  }
  return { seen, total };
}

async function adminHolding(permission: number) {
  const role = await api.post<RoleView>(
    '/api/permission/roles',
    { name: `explain rules ${permission} ${Math.random()}`, permission_ids: [permission] },
    { token: admin },
  );
  const user = await api.factory.admin({ roleIds: [role.body.data.id] });
  return api.login(user.name, TEST_PASSWORD);
}

beforeAll(async () => {
  api = await TestApi.start();
  const a = await api.factory.superAdmin();
  adminName = a.name;
  admin = await api.login(a.name, TEST_PASSWORD);
  scn = await buildScenario(api.db, api.factory);
  chain = [];
  let parent = scn.ids.F;
  for (let i = 0; i < 8; i++) {
    const m = await api.factory.member({ levelId: 1, parentUserId: parent });
    chain.push(m.id);
    parent = m.id;
  }
  // September: A, B (A's direct), C (2nd generation), 130 small orders of F (4th) and one of the chain's last (12th).
  september.push(
    { buyer: scn.ids.A, sp: 100 },
    { buyer: scn.ids.B, sp: 300 },
    { buyer: scn.ids.C, sp: 700 },
    ...Array.from({ length: 130 }, (_, i) => ({ buyer: scn.ids.F, sp: 10 + (i % 7) })),
    { buyer: chain.at(-1)!, sp: 500 },
  );
  await api.db.insert(orders).values(
    september.map((o, i) => ({
      platformOrderNo: `PO-sep-${i}-${Math.random().toString(36).slice(2, 8)}`,
      sourceType: 1,
      productName: 'september',
      userId: o.buyer,
      salesPoint: o.sp,
      amountCents: o.sp * 100,
      orderAt: new Date(`2026-09-${String(1 + (i % 28)).padStart(2, '0')}T08:00:00Z`),
      completedAt: new Date(`2026-09-${String(1 + (i % 28)).padStart(2, '0')}T08:00:00Z`),
    })),
  );
  octoberDryRun = (await runSettlement(api.db, { period: '2026-10', dryRun: true, startedBy: a.id })).run.id;
  octoberRun = (await settlePeriod(api.db, { period: '2026-10', startedBy: null })).run.id;
  septemberDryRun = (await runSettlement(api.db, { period: '2026-09', dryRun: true, startedBy: a.id })).run
    .id;
  await settlePeriod(api.db, { period: '2026-09', startedBy: null });
});
afterAll(async () => {
  await api.close();
});

describe('the rules kept with each run', () => {
  it('an explanation after a rule change shows the rule of the run: its ratio, its amount, matching', async () => {
    const referral = await paidOf(scn.ids.B, BonusKey.referral, '2026-10-20', scn.orderIds.o4!);
    const team = await paidOf(scn.ids.A, BonusKey.team, '2026-10');
    expect([referral.cents, team.cents]).toEqual([75000, 5166]);

    const types = (await get<BonusTypeDto[]>('/api/bonus/types')).body.data;
    const teamType = types.find((t) => t.key === BonusKey.team)!;
    const changedType = await api.put(
      `/api/bonus/types/${BonusKey.team}`,
      {
        name_en: teamType.name_en,
        name_zh_hk: teamType.name_zh_hk,
        name_zh_cn: teamType.name_zh_cn,
        columns: teamType.columns,
        enabled: teamType.enabled,
        params: { ...teamType.params, ratio: { bpByLevel: [60, 60, 60, 60] } },
      },
      { token: admin },
    );
    expect(changedType.status, changedType.body.msg).toBe(200);
    // Level 3 (B): the referral's invitation ratio 25 % → 30 %.
    const changedLevel = await api.put(
      '/api/levels/3',
      { invitation_ratio: '30', second_gen_ratio: '8', third_gen_ratio: '5', share_cap: 3 },
      { token: admin },
    );
    expect(changedLevel.status, changedLevel.body.msg).toBe(200);

    const r = await explain(paidUrl(referral.id));
    expect(r).toMatchObject({
      matches: true,
      recomputed_amount: '750.00',
      payout: { amount: '750.00' },
      rule: { source: 'run', ratio_bp: 2500, ratio: '25' },
    });
    expect(r.arithmetic.at(-1)).toEqual({
      step: 'amount',
      formula: 'floor(3000 × 100 × 2500 / 10000)',
      result: 75000,
    });
    const t = await explain(paidUrl(team.id));
    expect(t).toMatchObject({
      matches: true,
      recomputed_amount: '51.66',
      rule: { source: 'run', ratio_bp: 50 },
    });
    expect(t.rule.params).toMatchObject({ kind: 'treeDepth', ratio: { bpByLevel: [50, 50, 50, 50] } });

    // A dry run keeps its rules too.
    const dryList = await get<Paged<SettlementPayoutItem>>(
      `/api/bonus/settlements/${octoberDryRun}/payouts`,
      admin,
      { pageSize: 100 },
    );
    const dry = dryList.body.data.list.find(
      (i) => i.user.id === scn.ids.B && i.type_key === BonusKey.referral,
    )!;
    const d = await explain(`/api/bonus/settlements/${octoberDryRun}/payouts/${dry.id}/explanation`);
    expect(d).toMatchObject({ matches: true, rule: { source: 'run' }, payout: { dry_run: true } });

    // A run that kept no rules (before they were kept) is explained with today's, and says so.
    const [kept] = await api.db
      .select({ rules: bonusSettlementRuns.rules })
      .from(bonusSettlementRuns)
      .where(eq(bonusSettlementRuns.id, octoberRun));
    await api.db
      .update(bonusSettlementRuns)
      .set({ rules: null })
      .where(eq(bonusSettlementRuns.id, octoberRun));
    try {
      const today = await explain(paidUrl(referral.id));
      expect(today).toMatchObject({
        matches: false,
        recomputed_amount: '900.00',
        payout: { amount: '750.00' },
        rule: { source: 'today', ratio_bp: 3000 },
      });
    } finally {
      await api.db
        .update(bonusSettlementRuns)
        .set({ rules: kept!.rules })
        .where(eq(bonusSettlementRuns.id, octoberRun));
    }
  });

  it('the settings pages’ history lists each change: who, when, before and after, newest first', async () => {
    const types = await get<Paged<SettingsChange>>('/api/bonus/types/history', admin, { key: BonusKey.team });
    expect(types.status).toBe(200);
    expect(types.body.data.meta.total).toBe(1);
    expect(types.body.data.list[0]).toMatchObject({
      action: 'update',
      entity_id: BonusKey.team,
      entity_name: 'Team bonus',
      actor: { name: adminName, kind: 'admin' },
      before: { params: { ratio: { bpByLevel: [50, 50, 50, 50] } } },
      after: { params: { ratio: { bpByLevel: [60, 60, 60, 60] } } },
    });
    const levels = await get<Paged<SettingsChange>>('/api/levels/history', admin, { id: 3 });
    expect(levels.body.data.list[0]).toMatchObject({
      entity_id: 3,
      actor: { name: adminName },
      before: { invitationRatioBp: 2500 },
      after: { invitationRatioBp: 3000 },
    });
    expect(levels.body.data.list[0]!.before).not.toHaveProperty('shareCap');
    // Paged and newest first; another type's filter leaves this change out.
    await api.put(
      '/api/levels/3',
      { invitation_ratio: '25', second_gen_ratio: '8', third_gen_ratio: '5', share_cap: 3 },
      { token: admin },
    );
    const first = await get<Paged<SettingsChange>>('/api/levels/history', admin, { pageSize: 1 });
    expect(first.body.data.meta.total).toBe(2);
    expect(first.body.data.list[0]).toMatchObject({ after: { invitationRatioBp: 2500 } });
    const second = await get<Paged<SettingsChange>>('/api/levels/history', admin, { pageSize: 1, page: 2 });
    expect(second.body.data.list[0]).toMatchObject({ after: { invitationRatioBp: 3000 } });
    const other = await get<Paged<SettingsChange>>('/api/bonus/types/history', admin, {
      key: BonusKey.referral,
    });
    expect(other.body.data).toMatchObject({ list: [], meta: { total: 0 } });
    expect((await get('/api/bonus/types/history', admin, { key: 99 })).status).toBe(422);
  });
});

describe('every payout checkable by hand', () => {
  it('pages every order a monthly type counted, each once, total = count, and exports them all', async () => {
    const team = await paidOf(scn.ids.A, BonusKey.team, '2026-09');
    const e = await explain(paidUrl(team.id));
    // Team: generations 1–10 below A: B, C and F's 130 orders; not A's own, not the chain's last (12th).
    expect(e.orders_total).toBe(132);
    expect(e.orders).toHaveLength(100);
    const { seen, total } = await allOrders(paidUrl(team.id), 40);
    expect(total).toBe(132);
    expect(seen).toHaveLength(132);
    expect(new Set(seen.map((o) => o.id)).size).toBe(132);
    expect(seen.map((o) => o.id)).toEqual([...seen.map((o) => o.id)].sort((x, y) => x - y));
    expect(seen.map((o) => o.id).slice(0, 100)).toEqual(e.orders.map((o) => o.id));
    const spOf = (list: Array<{ sales_point: number }>) => list.reduce((s, o) => s + o.sales_point, 0);
    expect(spOf(seen)).toBe(e.arithmetic.find((s) => s.step === 'baseSp')!.result);
    expect(new Set(seen.map((o) => o.generation))).toEqual(new Set([1, 2, 4]));

    // The same under the wallet record's and the dry run's routes.
    const viaRecord = await allOrders(`/api/bonus/wallet-records/${team.walletRecordId}/explanation`, 100);
    expect(viaRecord.seen.map((o) => o.id)).toEqual(seen.map((o) => o.id));
    const dryList = await get<Paged<SettlementPayoutItem>>(
      `/api/bonus/settlements/${septemberDryRun}/payouts`,
      admin,
      { pageSize: 1000 },
    );
    const dry = dryList.body.data.list.find((i) => i.user.id === scn.ids.A && i.type_key === BonusKey.team)!;
    const viaRun = await allOrders(
      `/api/bonus/settlements/${septemberDryRun}/payouts/${dry.id}/explanation`,
      50,
    );
    expect(viaRun.total).toBe(132);

    const started = await get<JobStarted>(`${paidUrl(team.id)}/orders`, admin, { export: 1 });
    expect(started.status, started.body.msg).toBe(200);
    const { job, file } = await jobFile(api, started.body.data, admin);
    expect(job).toMatchObject({ status: 'done', processed: 132 });
    const rows = await xlsxRows(file.raw);
    expect(rows[0]).toContain('Order ID');
    const orderNo = rows[0]!.indexOf('Order ID');
    expect(rows.slice(1).map((r) => r[orderNo])).toEqual(seen.map((o) => o.order_no));
  });

  it('the global dividend shows its pool, the receiver’s shares and the total shares made up per level', async () => {
    const dividend = await paidOf(scn.ids.B, BonusKey.globalDividend, '2026-10');
    const e = await explain(paidUrl(dividend.id));
    const pool = e.pool!;
    expect(pool).toMatchObject({
      month_sp: 10333,
      pool_bp: 1500,
      pool_ratio: '15',
      pool_cents: Math.floor((10333 * 100 * 1500) / 10000),
      own_sp: 4000,
      direct_sp: 3333,
      base_sp: 7333,
      sp_per_share: 1000,
      share_cap: 3,
      shares: Math.min(Math.floor(7333 / 1000), 3),
      total_shares: 8,
      unpaid_shares: 0,
    });
    expect(pool.holders).toEqual([
      { level_id: 2, share_cap: 1, holders: 1, shares: 1 },
      { level_id: 3, share_cap: 3, holders: 1, shares: 3 },
      { level_id: 4, share_cap: 5, holders: 1, shares: 4 },
    ]);
    expect(pool.holders.reduce((s, h) => s + h.shares, 0) + pool.unpaid_shares).toBe(pool.total_shares);
    expect(Math.floor((pool.pool_cents * pool.shares) / pool.total_shares)).toBe(dividend.cents);
    const { seen } = await allOrders(paidUrl(dividend.id), 2);
    expect(seen.map((o) => [o.id, o.generation])).toEqual([
      [scn.orderIds.o3, 1],
      [scn.orderIds.o4, 1],
      [scn.orderIds.o5, 0],
    ]);
    const sumAt = (g: number) =>
      seen.filter((o) => o.generation === g).reduce((s, o) => s + o.sales_point, 0);
    expect([sumAt(0), sumAt(1)]).toEqual([pool.own_sp, pool.direct_sp]);
    const group = await explain(paidUrl((await paidOf(scn.ids.B, BonusKey.groupSales, '2026-10')).id));
    expect(group.pool).toBeNull();
  });

  it('group and team bonuses show the downline SP they count and leave out, adding up to the base', async () => {
    const spOf = (buyers: number[]) =>
      september.filter((o) => buyers.includes(o.buyer)).reduce((s, o) => s + o.sp, 0);
    const fSp = spOf([scn.ids.F]);
    const group = await explain(paidUrl((await paidOf(scn.ids.A, BonusKey.groupSales, '2026-09')).id));
    expect(group.downline).toEqual({
      bands: [
        { from_generation: 0, to_generation: 0, counted: false, orders: 1, sp: 100 },
        { from_generation: 1, to_generation: 1, counted: false, orders: 1, sp: 300 },
        { from_generation: 2, to_generation: null, counted: true, orders: 132, sp: 700 + fSp + 500 },
      ],
      counted_sp: 700 + fSp + 500,
      excluded_sp: 400,
      total_sp: 100 + 300 + 700 + fSp + 500,
    });
    const groupBase = group.arithmetic.find((s) => s.step === 'baseSp')!.result;
    expect(group.downline!.counted_sp).toBe(groupBase);
    expect(group.arithmetic.at(-1)!.result).toBe(Math.floor((groupBase * 100 * 100) / 10000));

    const team = await explain(paidUrl((await paidOf(scn.ids.A, BonusKey.team, '2026-09')).id));
    const d = team.downline!;
    expect(d.bands).toEqual([
      { from_generation: 0, to_generation: 0, counted: false, orders: 1, sp: 100 },
      { from_generation: 1, to_generation: 10, counted: true, orders: 132, sp: 300 + 700 + fSp },
      { from_generation: 11, to_generation: null, counted: false, orders: 1, sp: 500 },
    ]);
    expect(d.counted_sp + d.excluded_sp).toBe(d.total_sp);
    expect(d.counted_sp).toBe(team.arithmetic.find((s) => s.step === 'baseSp')!.result);
    expect(d.bands.reduce((s, b) => s + b.sp, 0)).toBe(d.total_sp);
    expect(team.matches).toBe(true);
  });

  it('the new routes refuse whom the explanation refuses', async () => {
    const team = await paidOf(scn.ids.A, BonusKey.team, '2026-09');
    const own = await paidOf(scn.ids.C, BonusKey.team, '2026-10');
    const c = await api.login(scn.logins.C, TEST_PASSWORD);
    expect((await get(`${paidUrl(team.id)}/orders`, c)).status).toBe(403);
    expect((await get(`${paidUrl(team.id)}/orders`, c, { export: 1 })).status).toBe(403);
    expect((await get(`/api/bonus/wallet-records/${team.walletRecordId}/explanation/orders`, c)).status).toBe(
      403,
    );
    const mine = await get<Paged<ExplanationOrder>>(`${paidUrl(own.id)}/orders`, c);
    expect(mine.status).toBe(200);
    expect(mine.body.data.meta.total).toBeGreaterThan(0);
    // Other members' names are masked for a member, as in the explanation.
    expect(mine.body.data.list.every((o) => o.buyer.name !== scn.logins.E)).toBe(true);
    const dryList = await get<Paged<SettlementPayoutItem>>(
      `/api/bonus/settlements/${septemberDryRun}/payouts`,
      admin,
      { pageSize: 1000 },
    );
    const dry = dryList.body.data.list.find((i) => i.user.id === scn.ids.C)!;
    expect(
      (await get(`/api/bonus/settlements/${septemberDryRun}/payouts/${dry.id}/explanation/orders`, c)).status,
    ).toBe(403);
    const ordersAdmin = await adminHolding(Perm.orders);
    expect((await get(`${paidUrl(team.id)}/orders`, ordersAdmin)).status).toBe(403);
    expect((await get('/api/bonus/types/history', ordersAdmin)).status).toBe(403);
    expect((await get('/api/levels/history', ordersAdmin)).status).toBe(403);
    expect((await get('/api/bonus/types/history', await adminHolding(Perm.bonusConfig))).status).toBe(200);
    expect((await get('/api/levels/history', await adminHolding(Perm.levels))).status).toBe(200);
    expect((await get('/api/levels/history', c)).status).toBe(403);
    expect((await get(`${paidUrl(team.id)}/orders`, await adminHolding(Perm.userReport))).status).toBe(200);
    expect((await get(`${paidUrl(987654321)}/orders`)).status).toBe(404);
    expect((await api.get(`${paidUrl(team.id)}/orders`)).status).toBe(401);
  });
});

// Last: the refund changes October.
describe("a refund's reversal", () => {
  it('names the refund order and keeps the computation it took back', async () => {
    const payout = await paidOf(scn.ids.C, BonusKey.referral, '2026-10-03', scn.orderIds.o1!);
    const [original] = await api.db.select().from(orders).where(eq(orders.id, scn.orderIds.o1!));
    const [refundRow] = await api.db
      .insert(orders)
      .values({
        platformOrderNo: `PO-refund-${original!.platformOrderNo}`,
        platformOrderNoOrigin: original!.platformOrderNo,
        refundNo: 'RF-1',
        sourceType: original!.sourceType,
        productName: original!.productName,
        userId: original!.userId,
        salesPoint: -original!.salesPoint,
        amountCents: -original!.amountCents,
        orderAt: new Date(),
        completedAt: new Date(),
      })
      .returning();
    await api.db.transaction(async (tx) => {
      await tx.update(orders).set({ refundedAt: new Date() }).where(eq(orders.id, original!.id));
      await reverseOrderBonuses(tx, original!.id);
    });
    const [reversal] = await api.db
      .select()
      .from(walletRecords)
      .where(and(eq(walletRecords.userId, scn.ids.C), eq(walletRecords.kind, 'bonus_reversal')));
    const e = await explain(`/api/bonus/wallet-records/${reversal!.id}/explanation`);
    expect(e).toMatchObject({
      matches: true,
      recomputed_amount: '200.00',
      payout: { id: payout.id, amount: '200.00', reversed: true },
      refund: {
        order_id: original!.id,
        order_no: original!.orderNo,
        refund_order: { id: refundRow!.id, order_no: refundRow!.orderNo, refund_no: 'RF-1' },
      },
    });
    expect(e.refund!.refunded_at).not.toBeNull();
    expect(e.orders.map((o) => [o.id, o.sales_point])).toEqual([[original!.id, 1000]]);
    expect(e.path.map((s) => s.member.id)).toEqual([scn.ids.E, scn.ids.C]);
    expect(e.arithmetic.at(-1)).toEqual({
      step: 'amount',
      formula: 'floor(1000 × 100 × 2000 / 10000)',
      result: 20000,
    });
    // The payout itself, by its id, says the same; a payout of the order not reversed is not explained so.
    expect((await explain(paidUrl(payout.id))).refund).toMatchObject({ order_no: original!.orderNo });
    expect(
      (await explain(paidUrl((await paidOf(scn.ids.B, 1, '2026-10-20', scn.orderIds.o4!)).id))).refund,
    ).toBe(null);
    const reversed = await api.db
      .select()
      .from(bonusPayouts)
      .where(
        inArray(
          bonusPayouts.userId,
          NAMES.map((n: Name) => scn.ids[n]),
        ),
      );
    expect(reversed.filter((p) => p.orderId === original!.id).every((p) => p.reversedAt !== null)).toBe(true);
  });
});

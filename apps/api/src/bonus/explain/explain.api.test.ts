import {
  BonusKey,
  maskName,
  type Paged,
  type PayoutExplanation,
  Perm,
  payoutExplanation,
  type RoleView,
  type SettlementPayoutItem,
} from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../orders/orders.schema';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { walletRecords } from '../../wallet/wallet.schema';
import { bonusPayouts } from '../bonus.schema';
import { EXPECTED, NAMES, type Name } from '../engine/scenario.fixture';
import { payOneOff } from '../one-off';
import { reverseOrderBonuses } from '../payouts';
import { buildScenario } from '../scenario.db';
import { runSettlement, settlePeriod } from '../settlement';

let api: TestApi;
let admin: string;
let scn: Awaited<ReturnType<typeof buildScenario>>;
let dryRunId: number;
let paidRunId: number;

const explanation = (url: string, token = admin) => api.get<PayoutExplanation>(url, { token });
const paidUrl = (id: number) => `/api/bonus/payouts/${id}/explanation`;
/** The scenario's paid payouts, each with the name of its receiver. */
async function paidPayouts() {
  const rows = await api.db
    .select()
    .from(bonusPayouts)
    .where(inArray(bonusPayouts.userId, Object.values(scn.ids)));
  const nameOf = new Map(NAMES.map((n) => [scn.ids[n], n]));
  return rows.map((r) => ({ ...r, name: nameOf.get(r.userId)! }));
}
const payoutOf = async (name: Name, typeKey: number) =>
  (await paidPayouts()).find((p) => p.name === name && p.typeKey === typeKey)!;
async function adminHolding(permission: number) {
  const role = await api.post<RoleView>(
    '/api/permission/roles',
    { name: `explain ${permission} ${Math.random()}`, permission_ids: [permission] },
    { token: admin },
  );
  const user = await api.factory.admin({ roleIds: [role.body.data.id] });
  return api.login(user.name, TEST_PASSWORD);
}

beforeAll(async () => {
  api = await TestApi.start();
  const a = await api.factory.superAdmin();
  admin = await api.login(a.name, TEST_PASSWORD);
  scn = await buildScenario(api.db, api.factory);
  const now = new Date('2026-12-01T00:00:00Z');
  dryRunId = (await runSettlement(api.db, { period: '2026-10', dryRun: true, startedBy: a.id, now })).run.id;
  paidRunId = (await settlePeriod(api.db, { period: '2026-10', startedBy: a.id })).run.id;
});
afterAll(async () => {
  await api.close();
});

describe('explain a payout: the hand-computed October scenario', () => {
  it("every paid payout's explanation recomputes its amount, its arithmetic ending on it, for every type", async () => {
    const payouts = await paidPayouts();
    expect(new Set(payouts.map((p) => p.typeKey))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 11]));
    for (const p of payouts) {
      const res = await explanation(paidUrl(p.id));
      expect(res.status, `payout ${p.id}`).toBe(200);
      const e = payoutExplanation.parse(res.body.data);
      const ref =
        p.orderId === null ? 'month' : Object.keys(scn.orderIds).find((r) => scn.orderIds[r] === p.orderId)!;
      const cents = EXPECTED[p.name][p.typeKey]![ref]!;
      expect(e, `${p.name} type ${p.typeKey} ${ref}`).toMatchObject({
        matches: true,
        recomputed_amount: (cents / 100).toFixed(2),
        payout: { id: p.id, type_key: p.typeKey, amount: (cents / 100).toFixed(2), dry_run: false },
        run: { id: paidRunId, period: '2026-10', dry_run: false, status: 'done' },
        receiver: { id: p.userId },
      });
      expect(e.arithmetic.at(-1)).toMatchObject({ step: 'amount', result: cents });
      if (p.orderId !== null) expect(e.orders.map((o) => o.id)).toEqual([p.orderId]);
    }
  });

  it('shows the path buyer → receiver with generations, the level ratio and the arithmetic (type 4, o2 F → B)', async () => {
    const p = await payoutOf('B', 4);
    const e = (await explanation(paidUrl(p.id))).body.data;
    expect(e.tree).toBe('sponsor');
    expect(e.path.map((s) => [s.relation, s.generation, s.member.id, s.member.level_id])).toEqual([
      ['buyer', 0, scn.ids.F, 1],
      ['sponsor', 1, scn.ids.E, 1],
      ['sponsor', 2, scn.ids.C, 2],
      ['sponsor', 3, scn.ids.B, 3],
    ]);
    expect(e.orders).toMatchObject([
      { order_no: scn.orderNos.o2, sales_point: 2000, generation: 3, buyer: { id: scn.ids.F } },
    ]);
    expect(e.rule).toMatchObject({
      kind: 'generation',
      ratio_bp: 500,
      ratio: '5',
      params: { generation: 3 },
    });
    expect(e.receiver).toMatchObject({ id: scn.ids.B, level_id: 3 });
    expect(e.arithmetic).toEqual([
      { step: 'baseSp', formula: '2000', result: 2000 },
      { step: 'amount', formula: 'floor(2000 × 100 × 500 / 10000)', result: 10000 },
    ]);
  });

  it('type 8 goes through the provider: buyer, the provider referrer (a Qualified CP) and its sponsor', async () => {
    const e = (await explanation(paidUrl((await payoutOf('B', 8)).id))).body.data;
    expect(e.provider).toMatchObject({ id: scn.providerIds.P1 });
    expect(e.path.map((s) => [s.relation, s.member.id])).toEqual([
      ['buyer', scn.ids.F],
      ['providerReferrer', scn.ids.C],
      ['referrerSponsor', scn.ids.B],
    ]);
  });

  it('the global dividend shows the pool, the capped shares and the split; monthly types list the orders counted', async () => {
    const e = (await explanation(paidUrl((await payoutOf('B', 3)).id))).body.data;
    expect(e.arithmetic).toEqual([
      { step: 'monthSp', formula: '1000 + 2000 + 333 + 3000 + 4000', result: 10333 },
      { step: 'pool', formula: 'floor(10333 × 100 × 1500 / 10000)', result: 154995 },
      { step: 'baseSp', formula: '333 + 3000 + 4000', result: 7333 },
      { step: 'shares', formula: 'min(floor(7333 / 1000), 3)', result: 3 },
      { step: 'amount', formula: 'floor(154995 × 3 / 8)', result: 58123 },
    ]);
    expect(e.rule.share_cap).toBe(3);
    expect(e.orders.map((o) => [o.id, o.generation])).toEqual([
      [scn.orderIds.o3, 1],
      [scn.orderIds.o4, 1],
      [scn.orderIds.o5, 0],
    ]);
    const group = (await explanation(paidUrl((await payoutOf('A', 6)).id))).body.data;
    expect(group.orders_total).toBe(4);
    expect(group.arithmetic.at(-1)).toEqual({
      step: 'amount',
      formula: 'floor(6333 × 100 × 100 / 10000)',
      result: 6333,
    });
  });

  it("explains a dry run's payouts from the run's list, and a bonus wallet record", async () => {
    const list = await api.get<Paged<SettlementPayoutItem>>(
      `/api/bonus/settlements/${dryRunId}/payouts?pageSize=100`,
      {
        token: admin,
      },
    );
    expect(list.body.data.list.length).toBe(list.body.data.meta.total);
    for (const item of list.body.data.list) {
      const e = (await explanation(`/api/bonus/settlements/${dryRunId}/payouts/${item.id}/explanation`)).body
        .data;
      expect(e).toMatchObject({
        matches: true,
        payout: { dry_run: true, amount: item.amount },
        run: { id: dryRunId },
      });
      expect(e.arithmetic.at(-1)!.result).toBe(Math.round(Number(item.amount) * 100));
    }
    const paid = await payoutOf('C', 5);
    const [record] = await api.db
      .select()
      .from(walletRecords)
      .where(eq(walletRecords.id, paid.walletRecordId!));
    expect(record).toMatchObject({ kind: 'bonus', referenceType: 'order' });
    const viaRecord = await explanation(`/api/bonus/wallet-records/${record!.id}/explanation`);
    expect(viaRecord.body.data).toEqual((await explanation(paidUrl(paid.id))).body.data);
    const monthly = await payoutOf('C', 9);
    const viaMonthly = await explanation(`/api/bonus/wallet-records/${monthly.walletRecordId}/explanation`);
    expect(viaMonthly.body.data.payout.id).toBe(monthly.id);
  });

  it('a one-off reward (WEC) is its fixed amount, paid by no run', async () => {
    await api.db.transaction((tx) => payOneOff(tx, BonusKey.wecReward, scn.ids.D, 'WEC'));
    const p = await payoutOf('D', BonusKey.wecReward);
    const e = (await explanation(paidUrl(p.id))).body.data;
    expect(e).toMatchObject({ matches: true, run: null, path: [], orders: [], rule: { kind: 'oneOff' } });
    expect(e.arithmetic).toEqual([{ step: 'amount', formula: '100000', result: 100000 }]);
  });

  it('says so when stored data no longer gives the amount (the order was refunded since)', async () => {
    const p = await payoutOf('E', 1);
    await api.db.update(orders).set({ refundedAt: new Date() }).where(eq(orders.id, p.orderId!));
    try {
      const e = (await explanation(paidUrl(p.id))).body.data;
      expect(e).toMatchObject({
        matches: false,
        recomputed_amount: null,
        payout: { amount: '200.00' },
        orders: [],
      });
    } finally {
      await api.db.update(orders).set({ refundedAt: null }).where(eq(orders.id, p.orderId!));
    }
  });
});

describe('who may explain a payout', () => {
  it('a member explains their own payouts (others masked), not anyone else’s nor a dry run’s', async () => {
    const c = await api.login(scn.logins.C, TEST_PASSWORD);
    const own = await payoutOf('C', 1);
    const res = await explanation(paidUrl(own.id), c);
    expect(res.status).toBe(200);
    expect(res.body.data.receiver.name).toBe(scn.logins.C);
    expect(res.body.data.path[0]!.member.name).toBe(maskName(scn.logins.E));
    const record = await explanation(`/api/bonus/wallet-records/${own.walletRecordId}/explanation`, c);
    expect(record.status).toBe(200);
    expect((await explanation(paidUrl((await payoutOf('B', 1)).id), c)).status).toBe(403);
    const othersRecord = (await payoutOf('B', 1)).walletRecordId;
    expect((await explanation(`/api/bonus/wallet-records/${othersRecord}/explanation`, c)).status).toBe(403);
    const [dry] = (
      await api.get<Paged<SettlementPayoutItem>>(`/api/bonus/settlements/${dryRunId}/payouts?pageSize=100`, {
        token: admin,
      })
    ).body.data.list.filter((i) => i.user.id === scn.ids.C);
    expect(
      (await explanation(`/api/bonus/settlements/${dryRunId}/payouts/${dry!.id}/explanation`, c)).status,
    ).toBe(403);
  });

  it('admins need the bonus or member report permission; unknown payouts are 404; no token is 401', async () => {
    const p = await payoutOf('A', 3);
    expect((await explanation(paidUrl(p.id), await adminHolding(Perm.userReport))).status).toBe(200);
    expect((await explanation(paidUrl(p.id), await adminHolding(Perm.bonusConfig))).status).toBe(200);
    expect((await explanation(paidUrl(p.id), await adminHolding(Perm.orders))).status).toBe(403);
    const missing = await explanation(paidUrl(987654321));
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('This bonus payout does not exist');
    expect(
      (await explanation(`/api/bonus/settlements/${paidRunId}/payouts/${p.id + 100000}/explanation`)).status,
    ).toBe(404);
    expect((await explanation('/api/bonus/wallet-records/987654321/explanation')).status).toBe(404);
    expect((await api.get(paidUrl(p.id))).status).toBe(401);
  });
});

// Last: a reversal stays.
describe("a refund's reversal", () => {
  it('its wallet record explains the payout it took back, marked reversed', async () => {
    const p = await payoutOf('E', 1);
    await api.db.transaction((tx) => reverseOrderBonuses(tx, p.orderId!));
    const [reversal] = await api.db
      .select()
      .from(walletRecords)
      .where(and(eq(walletRecords.userId, p.userId), eq(walletRecords.kind, 'bonus_reversal')));
    const res = await explanation(`/api/bonus/wallet-records/${reversal!.id}/explanation`);
    expect(res.status).toBe(200);
    expect(res.body.data.payout).toMatchObject({ id: p.id, amount: '200.00', reversed: true });
    const e = await api.login(scn.logins.E, TEST_PASSWORD);
    expect((await explanation(`/api/bonus/wallet-records/${reversal!.id}/explanation`, e)).status).toBe(200);
    const c = await api.login(scn.logins.C, TEST_PASSWORD);
    expect((await explanation(`/api/bonus/wallet-records/${reversal!.id}/explanation`, c)).status).toBe(403);
  });
});

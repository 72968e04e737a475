import { BonusKey, dayIn, type MemberProgress, monthStartIn } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePayouts } from '../bonus/engine/engine';
import { loadEngineInput, rulesInForce, typesToRun } from '../bonus/settlement';
import type { UserRow } from '../members/members.schema';
import { SalesFixtures } from '../orders/orders.fixtures';
import { businessTimeZone } from '../platform/business-time/business-time';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';

let api: TestApi;
let top: UserRow;
let progress: MemberProgress;

/**
 * top (Special) → a (Pioneer) → b → c, each buying this business month: top 1,200 SP, a 900, b 2,500, c 400. The
 * month's SP is 5,000; the pool 15 % of it. A Life-time Scholar product is on sale.
 */
beforeAll(async () => {
  api = await TestApi.start();
  top = await api.factory.member({ levelId: 3 });
  const a = await api.factory.member({ parentUserId: top.id, levelId: 2 });
  const b = await api.factory.member({ parentUserId: a.id });
  const c = await api.factory.member({ parentUserId: b.id });
  const sales = new SalesFixtures(api.db);
  const completed_at = new Date(Date.now() - 60_000).toISOString();
  for (const [who, sp] of [
    [top, 1200],
    [a, 900],
    [b, 2500],
    [c, 400],
  ] as const)
    await sales.order({ user_no: who.userNo, sales_point: sp, completed_at });
  await sales.product({ name: 'Scholar membership', source_type: 1, grants_level_id: 4, price: '5000' });
  const token = await api.login(top.name, TEST_PASSWORD);
  const res = await api.get<MemberProgress>('/api/me/progress', { token });
  expect(res.status).toBe(200);
  progress = res.body.data;
});
afterAll(() => api?.close());

const bonus = (key: number) => progress.bonuses.find((b) => b.type_key === key)!;

describe("a member's progress", () => {
  it('names the next level and the products that grant it', () => {
    expect(progress.level).toMatchObject({
      level_id: 3,
      next: { level_id: 4, products: [{ name: 'Scholar membership', price: '5000.00' }] },
    });
  });

  it('counts what each monthly bonus counts, with its target', () => {
    expect(bonus(BonusKey.globalDividend)).toMatchObject({
      eligible: true,
      // own 1,200 + direct referral a's 900: two shares of 1,000 SP, the level's cap three, the third at 3,000
      counted_sp: 2100,
      shares: { held: 2, cap: 3, sp_per_share: 1000, next_at: 3000 },
    });
    // group sales: the downline from the 2nd generation (b and c); team: to depth 10 (a, b and c)
    expect(bonus(BonusKey.groupSales)).toMatchObject({
      eligible: true,
      counted_sp: 2900,
      depths: { min: 2 },
    });
    expect(bonus(BonusKey.team)).toMatchObject({
      eligible: true,
      counted_sp: 3800,
      depths: { min: 1, max: 10 },
    });
  });

  it("gives the engine's own amounts for the month so far", async () => {
    const zone = await businessTimeZone(api.db);
    const now = new Date();
    const input = await loadEngineInput(
      api.db,
      { from: monthStartIn(now, zone), to: now, month: dayIn(now, zone).slice(0, 7), zone },
      { orderNumbers: false },
    );
    const paid = computePayouts(input, typesToRun(await rulesInForce(api.db), null), 'month');
    for (const key of [BonusKey.globalDividend, BonusKey.groupSales, BonusKey.team]) {
      const cents = paid
        .filter((p) => p.userId === top.id && p.typeKey === key)
        .reduce((s, p) => s + p.cents, 0);
      expect(bonus(key).amount_so_far).toBe((cents / 100).toFixed(2));
    }
    // pool 750.00 split over top's 2 shares and a's 1 (a Pioneer's cap); group 1 % of 2,900; team 0.5 % of 3,800
    expect(bonus(BonusKey.globalDividend).amount_so_far).toBe('500.00');
    expect(bonus(BonusKey.groupSales).amount_so_far).toBe('29.00');
    expect(bonus(BonusKey.team).amount_so_far).toBe('19.00');
  });

  it('shows the WEC conditions a Special has not joined yet', () => {
    expect(progress.wec).toMatchObject({ status: 'notJoined', eligible: true });
    expect(progress.wec!.conditions.map((c) => [c.key, c.required])).toEqual([
      ['directReferrals', 8],
      ['directReferralsPioneer', 5],
      ['secondGenerationSp', 17500],
      ['thirdGenerationSp', 35000],
      ['directProviders', 1],
    ]);
  });

  it('is refused to administrators and without a session', async () => {
    const admin = await api.factory.superAdmin();
    const token = await api.login(admin.name, TEST_PASSWORD);
    expect((await api.get('/api/me/progress', { token })).status).toBe(403);
    expect((await api.get('/api/me/progress')).status).toBe(401);
  });

  it('says a Pathfinder is not eligible for the pool and what level it needs', async () => {
    const newcomer = await api.factory.member();
    const token = await api.login(newcomer.name, TEST_PASSWORD);
    const mine = (await api.get<MemberProgress>('/api/me/progress', { token })).body.data;
    expect(mine.bonuses.find((b) => b.type_key === BonusKey.globalDividend)).toMatchObject({
      eligible: false,
      min_level: { level_id: 2 },
      shares: { held: 0, next_at: null },
      amount_so_far: '0.00',
    });
    expect(mine.wec).toMatchObject({ status: 'notJoined', eligible: false });
  });
});

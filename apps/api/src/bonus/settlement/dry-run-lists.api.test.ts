import { type Locale, type SettlementRunDto, translate } from '@app/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ago } from '../../platform/db/ago';
import { tidyOnce } from '../../startup/housekeeping';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { bonusDryRunPayouts, bonusPayouts, bonusSettlementRuns } from '../bonus.schema';
import { buildScenario } from '../scenario.db';
import { approveRun, runSettlement } from '.';
import { forgetOldDryRunLists } from './dry-run-lists';

const SETTLE = '/api/bonus/settlements';
let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
  await buildScenario(api.db, api.factory);
});
afterAll(async () => {
  await api?.close();
});

const settle = async (dryRun: boolean) =>
  (await runSettlement(api.db, { period: '2026-10', dryRun, startedBy: null })).run;
const finishedDaysAgo = (runId: number, days: number) =>
  api.db
    .update(bonusSettlementRuns)
    .set({ finishedAt: ago({ days }) })
    .where(eq(bonusSettlementRuns.id, runId));
const listed = async (runId: number) =>
  (
    await api.db.select({ n: count() }).from(bonusDryRunPayouts).where(eq(bonusDryRunPayouts.runId, runId))
  )[0]!.n;
const runDto = async (runId: number) =>
  (await api.get<{ list: SettlementRunDto[] }>(SETTLE, { token: admin })).body.data.list.find(
    (r) => r.id === runId,
  )!;

describe("dry runs' lists of payouts", () => {
  it('are cleared by housekeeping once older than DRY_RUN_LIST_DAYS; the run and its totals stay', async () => {
    const old = await settle(true);
    const recent = await settle(true);
    expect(old.payout_count).toBeGreaterThan(3);
    const [firstPayout] = await api.db
      .select({ id: bonusDryRunPayouts.id })
      .from(bonusDryRunPayouts)
      .where(eq(bonusDryRunPayouts.runId, old.id))
      .limit(1);
    await finishedDaysAgo(old.id, 8);
    await finishedDaysAgo(recent.id, 6);

    await tidyOnce(api.db, { dryRunListDays: 7 });

    expect(await listed(old.id)).toBe(0);
    expect(await listed(recent.id)).toBe(recent.payout_count);
    const cleared = await runDto(old.id);
    expect(cleared.list_cleared_at).not.toBeNull();
    expect(cleared).toMatchObject({ payout_count: old.payout_count, total_amount: old.total_amount });
    expect((await runDto(recent.id)).list_cleared_at).toBeNull();

    for (const locale of ['en-US', 'zh-HK', 'zh-CN'] as Locale[]) {
      const page = await api.get(`${SETTLE}/${old.id}/payouts`, { token: admin, locale });
      expect([page.status, page.body.msg]).toEqual([409, translate('bonus.dryRunListCleared', locale)]);
    }
    const exported = await api.get(`${SETTLE}/${old.id}/payouts`, { token: admin, query: { export: 1 } });
    expect([exported.status, exported.body.msg]).toEqual([
      409,
      translate('bonus.dryRunListCleared', 'en-US'),
    ]);
    const explained = await api.get(`${SETTLE}/${old.id}/payouts/${firstPayout!.id}/explanation`, {
      token: admin,
    });
    expect([explained.status, explained.body.msg]).toEqual([
      409,
      translate('bonus.dryRunListCleared', 'en-US'),
    ]);
    const kept = await api.get<{ meta: { total: number } }>(`${SETTLE}/${recent.id}/payouts`, {
      token: admin,
    });
    expect([kept.status, kept.body.data.meta.total]).toEqual([200, recent.payout_count]);
  });

  it('delete a long list in steps, and finish a clearing that was cut short', async () => {
    const run = await settle(true);
    expect(run.payout_count).toBeGreaterThan(4);
    // A pass that died after marking the run: it says cleared, its rows are still there.
    await api.db
      .update(bonusSettlementRuns)
      .set({ listClearedAt: sql`now()` })
      .where(eq(bonusSettlementRuns.id, run.id));
    expect(await listed(run.id)).toBe(run.payout_count);
    expect((await api.get(`${SETTLE}/${run.id}/payouts`, { token: admin })).status).toBe(409);

    await forgetOldDryRunLists(api.db, 30, 2);
    expect(await listed(run.id)).toBe(0);
  });
  // Last: once the month is paid, a dry run of it lists nothing.
  it("keep the list of a run awaiting approval, and never touch a paid run's payouts, however old", async () => {
    const awaiting = await settle(false);
    expect(awaiting).toMatchObject({ status: 'awaiting_approval' });
    expect(awaiting.payout_count).toBeGreaterThan(0);
    await finishedDaysAgo(awaiting.id, 400);
    await tidyOnce(api.db, { dryRunListDays: 1 });
    expect(await listed(awaiting.id)).toBe(awaiting.payout_count);
    expect((await runDto(awaiting.id)).list_cleared_at).toBeNull();

    await approveRun(api.db, { runId: awaiting.id, approvedBy: null });
    await finishedDaysAgo(awaiting.id, 400);
    await tidyOnce(api.db, { dryRunListDays: 1 });
    // What it computed is gone (it was paid); what it paid stays, and is its list.
    expect(await listed(awaiting.id)).toBe(0);
    const paid = await api.db
      .select({ n: count() })
      .from(bonusPayouts)
      .where(eq(bonusPayouts.runId, awaiting.id));
    expect(paid[0]!.n).toBe(awaiting.payout_count);
    const page = await api.get<{ meta: { total: number } }>(`${SETTLE}/${awaiting.id}/payouts`, {
      token: admin,
    });
    expect([page.status, page.body.data.meta.total]).toEqual([200, awaiting.payout_count]);
  });
});

import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemCaller } from '../../platform/caller';
import { hasConnectionPool } from '../../platform/db/client';
import { pollJob } from '../../platform/jobs/test-jobs';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { postEntry, walletBalance } from '../../wallet/ledger';
import { walletRecords } from '../../wallet/wallet.schema';
import { expectLedgerBalanced } from '../../wallet/wallet-fixtures';
import { bonusPayouts, bonusSettlementRuns } from '../bonus.schema';
import { EXPECTED, NAMES } from '../engine/scenario.fixture';
import { buildScenario } from '../scenario.db';
import { runSettlement, settlePeriod } from '.';
import { startApproval } from './settlement.job';

// Members are paid in ranges of about `passPayouts` payouts; 2 makes each scenario member a range of its
// own, so on PostgreSQL the two payment lanes share six ranges (on PGlite one lane pays them in turn).
// Every test runs on both databases: a run commits each range once paid on either (docs/architecture.md).
const passPayouts = 2;
const sumOf = (name: (typeof NAMES)[number]) =>
  Object.values(EXPECTED[name])
    .flatMap((byRef) => Object.values(byRef))
    .reduce((s, cents) => s + cents, 0);

let api: TestApi;
let scn: Awaited<ReturnType<typeof buildScenario>>;
beforeEach(async () => {
  api = await TestApi.start();
  scn = await buildScenario(api.db, api.factory);
});
afterEach(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

/** E was credited type 1 for o2 before: paying it again violates the ledger's once-only key. */
const payTwiceForE = () =>
  api.db.transaction((tx) =>
    postEntry(tx, {
      userId: scn.ids.E,
      amountCents: 1,
      move: 'credit',
      kind: 'bonus',
      bonusType: 1,
      reference: { type: 'order', id: scn.orderNos.o2! },
    }),
  );

describe('a settlement run paying member ranges in lanes', () => {
  it('pays every member exactly the hand-computed amounts, whatever lane paid their range', async () => {
    const { run } = await settlePeriod(api.db, {
      period: '2026-10',
      startedBy: null,
      passPayouts,
    });
    expect(run.status).toBe('done');
    for (const n of NAMES) expect((await walletBalance(api.db, scn.ids[n])).availableCents, n).toBe(sumOf(n));
    const payouts = await api.db.select().from(bonusPayouts);
    expect(payouts).toHaveLength(run.payout_count);
    expect(payouts.every((p) => p.runId === run.id)).toBe(true);
  });

  // The test databases are PostgreSQL servers (a pool) exactly when DATABASE_URL is set (test-database.ts).
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'on a pool, the run is recorded running before its lanes commit',
    async () => {
      expect(hasConnectionPool(api.db)).toBe(true);
      let seen: Promise<Array<{ id: number; status: string }>> | undefined;
      const { run } = await settlePeriod(api.db, {
        period: '2026-10',
        startedBy: null,
        passPayouts,
        // Another pool connection reads the runs (now: execute) once the first range is committed (five remain).
        progress: (paid) => {
          if (paid > 0) seen ??= api.db.select().from(bonusSettlementRuns).execute();
        },
      });
      expect(await seen).toEqual([expect.objectContaining({ id: run.id, status: 'running' })]);
      expect(await api.db.select().from(bonusSettlementRuns)).toEqual([
        expect.objectContaining({ id: run.id, status: 'done', payoutCount: run.payout_count }),
      ]);
    },
  );

  it('a run left running by a process that died is recorded failed by the next run, which pays the rest', async () => {
    // What a process dying part-way leaves on PostgreSQL: its run's row still running, and what its lanes
    // had committed under its id (here: the type 1 payouts).
    const { run: died } = await settlePeriod(api.db, {
      period: '2026-10',
      typeKey: 1,
      startedBy: null,
    });
    expect(died.payout_count).toBeGreaterThan(0);
    await api.db
      .update(bonusSettlementRuns)
      .set({ status: 'running', finishedAt: null })
      .where(eq(bonusSettlementRuns.id, died.id));

    const { run } = await settlePeriod(api.db, {
      period: '2026-10',
      startedBy: null,
    });
    expect(run.status).toBe('done');
    const [closed] = await api.db
      .select()
      .from(bonusSettlementRuns)
      .where(eq(bonusSettlementRuns.id, died.id));
    expect(closed).toMatchObject({ status: 'failed', error: expect.stringMatching(/^interrupted/) });
    expect(closed!.finishedAt).not.toBeNull();
    const payouts = await api.db.select().from(bonusPayouts);
    expect(payouts.filter((p) => p.runId === died.id)).toHaveLength(died.payout_count);
    expect(payouts.filter((p) => p.runId === run.id)).toHaveLength(run.payout_count);
    for (const n of NAMES) expect((await walletBalance(api.db, scn.ids[n])).availableCents, n).toBe(sumOf(n));
  });

  it('a lane failing part-way: the run is recorded failed, and what was paid names it, each with its record', async () => {
    await payTwiceForE();
    const run = settlePeriod(api.db, {
      period: '2026-10',
      startedBy: null,
      passPayouts,
    });
    await expect(run).rejects.toMatchObject({ key: 'wallet.duplicateEntry' });
    const [failed] = await api.db.select().from(bonusSettlementRuns);
    expect(failed).toMatchObject({ status: 'failed', dryRun: false });

    const payouts = await api.db.select().from(bonusPayouts);
    for (const p of payouts) {
      expect(p.runId).toBe(failed!.id);
      const [record] = await api.db
        .select()
        .from(walletRecords)
        .where(eq(walletRecords.id, p.walletRecordId!));
      expect(record).toMatchObject({ userId: p.userId, amountCents: p.cents, bonusType: p.typeKey });
    }
    expect(await walletBalance(api.db, scn.ids.E)).toMatchObject({ availableCents: 1 });
    // The ranges committed before the failure stay paid, on PGlite as on a pool.
    expect(payouts.length).toBeGreaterThan(0);
    for (const n of NAMES.filter((n) => n !== 'E')) {
      const paid = payouts.filter((p) => p.userId === scn.ids[n]).reduce((s, p) => s + p.cents, 0);
      expect([0, sumOf(n)], n).toContain(paid);
      expect((await walletBalance(api.db, scn.ids[n])).availableCents, n).toBe(paid);
    }
  });

  it('as a job failing part-way, its progress is the payouts that stay paid', async () => {
    await payTwiceForE();
    const admin = await api.factory.superAdmin();
    const { run } = await runSettlement(api.db, { period: '2026-10', dryRun: false, startedBy: null });
    const started = await startApproval(api.jobs, systemCaller(), admin.id, run.id, passPayouts);
    const { job } = await pollJob(api, started, await api.login(admin.name, TEST_PASSWORD));
    const paid = await api.db.select().from(bonusPayouts);
    expect(job).toMatchObject({ status: 'failed', processed: paid.length });
    expect(job.total).toBeGreaterThan(paid.length);
    expect(paid.length).toBeGreaterThan(0);
  });

  it("given a caller's transaction (the demo seeder), it pays in it and commits nothing itself", async () => {
    const rollback = new Error('the caller rolls back');
    const outer = api.db.transaction(async (tx) => {
      const { run } = await settlePeriod(tx, {
        period: '2026-10',
        startedBy: null,
        passPayouts,
      });
      expect(run).toMatchObject({ status: 'done', payout_count: expect.any(Number) });
      expect((await tx.select().from(bonusPayouts)).length).toBe(run.payout_count);
      throw rollback;
    });
    await expect(outer).rejects.toBe(rollback);
    expect(await api.db.select().from(bonusPayouts)).toEqual([]);
    expect(await api.db.select().from(bonusSettlementRuns)).toEqual([]);
    for (const n of NAMES) expect((await walletBalance(api.db, scn.ids[n])).availableCents, n).toBe(0);
  });

  it('stopped part-way (as at a shutdown), it keeps whole ranges paid, and the next run pays exactly the rest', async () => {
    // The third range to report stops the run: on PGlite the two ranges before it are committed; on a pool
    // the first batch's two ranges are, and the third range's lane partner finishes its own.
    let reports = 0;
    const stopped = settlePeriod(api.db, {
      period: '2026-10',
      startedBy: null,
      passPayouts,
      progress: (paid) => {
        if (paid > 0 && ++reports === 3) throw new Error('stopping');
      },
    });
    await expect(stopped).rejects.toThrow('stopping');
    const [failed] = await api.db.select().from(bonusSettlementRuns);
    expect(failed).toMatchObject({ status: 'failed', error: 'stopping' });
    const kept = await api.db.select().from(bonusPayouts);
    expect(failed!.payoutCount).toBeGreaterThan(kept.length);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((p) => p.runId === failed!.id)).toBe(true);
    const partly = NAMES.filter((n) => kept.some((p) => p.userId === scn.ids[n]));
    expect(partly.length).toBeGreaterThan(0);
    expect(partly.length).toBeLessThan(NAMES.filter((n) => sumOf(n) > 0).length);
    for (const n of NAMES) {
      const paid = kept.filter((p) => p.userId === scn.ids[n]).reduce((s, p) => s + p.cents, 0);
      expect([0, sumOf(n)], n).toContain(paid);
      expect((await walletBalance(api.db, scn.ids[n])).availableCents, n).toBe(paid);
    }

    const { run: rest } = await settlePeriod(api.db, {
      period: '2026-10',
      startedBy: null,
    });
    expect(rest.status).toBe('done');
    const all = await api.db.select().from(bonusPayouts);
    expect(all).toHaveLength(kept.length + rest.payout_count);
    expect(all.filter((p) => p.runId === rest.id)).toHaveLength(rest.payout_count);
    for (const n of NAMES) expect((await walletBalance(api.db, scn.ids[n])).availableCents, n).toBe(sumOf(n));
    const { run: again } = await settlePeriod(api.db, {
      period: '2026-10',
      startedBy: null,
    });
    expect(again.payout_count).toBe(0);
  });
});

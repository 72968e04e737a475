import { type JobStarted, translate } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JOB_TIMING } from '../../config';
import { auditLogs } from '../../platform/audit/audit.schema';
import { systemCaller } from '../../platform/caller';
import { JobHost } from '../../platform/jobs/job-host';
import { jobs } from '../../platform/jobs/jobs.schema';
import { pollJob, recordedJob } from '../../platform/jobs/test-jobs';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { bonusSettlementRuns } from '../bonus.schema';
import { buildScenario } from '../scenario.db';
import { runSettlement } from './run';
import { startSettlement } from './settlement.job';

const SETTLE = '/api/bonus/settlements';
let api: TestApi;
let adminId: number;
let token: string;

beforeAll(async () => {
  // The sweep runs when a test asks (api.jobs.sweep), not on its own clock meanwhile.
  api = await TestApi.start({ jobTiming: { ...DEFAULT_JOB_TIMING, sweepMs: 3_600_000 } });
  const admin = await api.factory.superAdmin();
  adminId = admin.id;
  token = await api.login(admin.name, TEST_PASSWORD);
  await buildScenario(api.db, api.factory);
});
afterAll(async () => {
  await api.close();
});

const start = (period: string) => api.post<JobStarted>(SETTLE, { period }, { token, locale: 'zh-HK' });
const runRow = async (id: number) =>
  (await api.db.select().from(bonusSettlementRuns).where(eq(bonusSettlementRuns.id, id)))[0]!;

describe('a settlement run in flight', () => {
  it('refuses another real run of an overlapping period while one is computed; a dry run still starts', async () => {
    // Another process computes 2026-10: its job is running, its heartbeat fresh.
    const computing = await recordedJob(api.db, adminId, {
      kind: 'bonus.settlement',
      params: { period: '2026-10', dry_run: false },
    });
    for (const period of ['2026-10', '2026-10-10']) {
      const refused = await start(period);
      expect([refused.status, refused.body.msg]).toEqual([409, translate('bonus.runComputing', 'zh-HK')]);
    }
    expect((await api.post(`${SETTLE}/preview`, { period: '2026-10' }, { token })).status).toBe(200);
    await api.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, computing.id));
    const accepted = await start('2026-10-10');
    expect(accepted.status).toBe(200);
    expect((await pollJob(api, accepted.body.data, token)).job.status).toBe('done');
  });

  it('of two real runs of one period started at once, accepts one and refuses the other', async () => {
    // Started by a process that records the jobs and has not begun them yet: both are in flight.
    const elsewhere = new JobHost(api.db, api.app.log);
    elsewhere.run = () => undefined;
    const admin = systemCaller();
    const starts = await Promise.allSettled(
      [1, 2].map(() => startSettlement(elsewhere, admin, adminId, { period: '2026-09', dry_run: false })),
    );
    expect(starts.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = starts.find((s) => s.status === 'rejected')!;
    expect(refused.reason).toMatchObject({ key: 'bonus.runComputing' });
    const accepted = starts.find((s) => s.status === 'fulfilled')!;
    await api.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, accepted.value.job_id));
  });

  it('fails a run whose process died while paying with its job in the heartbeat sweep, so the period runs again', async () => {
    // Computed first: a run takes the settlement lock, and closes any run left running (closeInterruptedRuns).
    const periods = ['2026-08', '2026-07'];
    const runs = await Promise.all(
      periods.map(
        async (period) => (await runSettlement(api.db, { period, dryRun: false, startedBy: null })).run.id,
      ),
    );
    // As approveRun leaves them: the row committed 'running' before the first range, the approval job beating;
    // the first one's process died two minutes ago, the second's is alive.
    const paying = async (runId: number, silentMs: number) => {
      await api.db
        .update(bonusSettlementRuns)
        .set({ status: 'running', approvedBy: adminId, approvedAt: new Date() })
        .where(eq(bonusSettlementRuns.id, runId));
      const job = await recordedJob(api.db, adminId, {
        kind: 'bonus.settlement.approve',
        params: { id: runId },
        silentMs,
      });
      return { runId, jobId: job.id };
    };
    const died = await paying(runs[0]!, 120_000);
    const alive = await paying(runs[1]!, 0);
    expect((await start('2026-08')).status).toBe(409);

    expect(await api.jobs.sweep()).toEqual([died.jobId]);
    expect(await runRow(died.runId)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^interrupted/),
    });
    expect(await runRow(alive.runId)).toMatchObject({ status: 'running', error: null });
    const [audited] = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'bonus_settlement_run'), eq(auditLogs.entityId, String(died.runId))))
      .orderBy(auditLogs.id);
    expect(audited).toBeDefined();
    const again = await start('2026-08');
    expect(again.status).toBe(200);
    expect((await pollJob(api, again.body.data, token)).job.status).toBe('done');
  });
});

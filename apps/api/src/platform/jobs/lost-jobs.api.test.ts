import type { JobStarted } from '@app/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { JobTiming } from '../../config';
import { providers } from '../../providers/providers.schema';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi, testConfig } from '../../test/test-app';
import { upload } from '../xlsx/test-files';
import { JobHost } from './job-host';
import { startJob } from './jobs.runner';
import { jobFileChunks, jobs } from './jobs.schema';
import { pollJob, recordedJob } from './test-jobs';

/** Short enough for a test, with room for a busy 2-core machine: a lost job is failed within 1.5 s. */
const QUICK: JobTiming = { heartbeatMs: 100, sweepMs: 500, lostAfterMs: 1000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let api: TestApi;
let admin: { id: number; token: string };
beforeAll(async () => {
  api = await TestApi.start({ jobTiming: QUICK });
  const user = await api.factory.superAdmin();
  admin = { id: user.id, token: await api.login(user.name, TEST_PASSWORD) };
});
afterAll(() => api.close());

const jobRow = async (id: string) => (await api.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const providerCsv = (...names: string[]) =>
  Buffer.from(`name,proportion,email\n${names.map((n, i) => `${n},1,p${i}@x.test`).join('\n')}\n`);
const importProviders = (csv: Buffer) => upload(api, '/api/provider/import', admin.token, 'p.csv', csv);

describe('jobs whose process stopped', () => {
  it('are failed when an app starts, with their file deleted, progress back to what committed, and their import lock free', async () => {
    const lost = await recordedJob(api.db, admin.id, {
      lockKey: 'provider.import',
      silentMs: 120_000,
      processed: 200,
    });
    await api.db.insert(jobFileChunks).values({ jobId: lost.id, seq: 0, data: Buffer.from('partial') });
    // Another instance's job: created hours ago, its heartbeat fresh.
    const alive = await recordedJob(api.db, admin.id, { instanceId: 'alive' });
    await api.db
      .update(jobs)
      .set({ createdAt: sql`now() - interval '3 hours'` })
      .where(eq(jobs.id, alive.id));

    // Default timing: only the start-up sweep can have run by the time it is ready.
    const restarted = await buildApp({ db: api.db, config: testConfig() });
    try {
      expect(await jobRow(lost.id)).toMatchObject({
        status: 'failed',
        error: 'jobs.ownerLost',
        processed: 0,
      });
      expect(await api.db.select().from(jobFileChunks).where(eq(jobFileChunks.jobId, lost.id))).toEqual([]);
      expect((await jobRow(alive.id)).status).toBe('running');
      const view = await api.get(`/api/jobs/${lost.id}`, { token: admin.token, locale: 'zh-HK' });
      expect(view.body.data).toMatchObject({
        status: 'failed',
        processed: 0,
        error: expect.stringContaining('伺服器'),
      });
    } finally {
      await restarted.close();
      await api.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, alive.id));
    }
    const next = await importProviders(providerCsv('After Restart'));
    expect(next.status).toBe(200);
    expect((await pollJob(api, next.body.data as JobStarted, admin.token)).job.status).toBe('done');
  });

  it('are failed by a running instance within lostAfter + sweep of their last heartbeat, freeing the lock', async () => {
    const crashed = await recordedJob(api.db, admin.id, { lockKey: 'provider.import' });
    const since = Date.now();
    expect((await importProviders(providerCsv('Too Early'))).status).toBe(409);
    while ((await jobRow(crashed.id)).status === 'running') await sleep(50);
    const took = Date.now() - since;
    expect(took).toBeGreaterThanOrEqual(QUICK.lostAfterMs - 100);
    expect(took).toBeLessThan(QUICK.lostAfterMs + QUICK.sweepMs + 1000);
    expect(await jobRow(crashed.id)).toMatchObject({ status: 'failed', error: 'jobs.ownerLost' });
    const next = await importProviders(providerCsv('After Sweep'));
    expect(next.status).toBe(200);
    expect((await pollJob(api, next.body.data as JobStarted, admin.token)).job.status).toBe('done');
  });

  it("never fails a live instance's job, however long it runs, nor takes its lock", async () => {
    // A second instance on the same database, as another API process would be.
    const other = new JobHost(api.db, api.app.log, QUICK);
    await other.start();
    try {
      let finish = () => {};
      const started = await startJob(other, {
        kind: 'provider.import',
        ownerId: admin.id,
        params: {},
        fileName: '',
        exclusive: 'common.importInProgress',
        run: () =>
          new Promise((resolve) => {
            finish = () => resolve({ processed: 1, total: 1, file: false });
          }),
      });
      await sleep(3 * QUICK.lostAfterMs);
      expect((await jobRow(started.job_id)).status).toBe('running');
      const refused = await importProviders(providerCsv('Still Busy'));
      expect(refused).toMatchObject({ status: 409, body: { msg: 'Import in progress, try later' } });
      finish();
      expect((await pollJob(api, started, admin.token)).job).toMatchObject({ status: 'done', processed: 1 });
    } finally {
      await other.stop();
    }
  });
});

describe('progress after a failure', () => {
  it('an import failing part-way counts what stays imported (nothing on PostgreSQL, the committed chunks on PGlite), and frees its lock', async () => {
    // The database refuses the last row while the rows before it are already inserted.
    await api.db.execute(sql`
      create function refuse_boom() returns trigger language plpgsql as
        $$ begin raise exception 'refused by the test'; end $$`);
    await api.db.execute(sql`
      create trigger refuse_boom before insert on providers
        for each row when (new.name = 'Boom') execute function refuse_boom()`);
    const [before] = await api.db.select({ n: count() }).from(providers);
    try {
      const names = [...Array.from({ length: 249 }, (_, i) => `Row ${i + 1}`), 'Boom'];
      const res = await importProviders(providerCsv(...names));
      expect(res.status).toBe(200);
      const { job } = await pollJob(api, res.body.data as JobStarted, admin.token);
      // PGlite applies 25 rows per transaction: the chunk holding Boom (rows 226-250) is undone.
      const kept = api.database.kind === 'pglite' ? 225 : 0;
      expect(job).toMatchObject({
        status: 'failed',
        processed: kept,
        total: 250,
        error:
          kept > 0
            ? 'The task stopped part-way: the work counted as done stays saved, the rest was undone. Check it before starting again.'
            : 'The task failed and changed nothing. Please try again.',
      });
      expect(await api.db.select({ n: count() }).from(providers)).toEqual([{ n: before!.n + kept }]);
    } finally {
      await api.db.execute(sql`drop trigger refuse_boom on providers`);
      await api.db.execute(sql`drop function refuse_boom()`);
    }
    expect((await importProviders(providerCsv('After Failure'))).status).toBe(200);
  });
});

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { SETTLEMENT_LOCK } from '../../bonus/settlement';
import type { JobTiming } from '../../config';
import { TestFactory } from '../../test/factory';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { type Db, queryRows } from '../db/client';
import { startJob } from './jobs.runner';
import { jobs } from './jobs.schema';

const QUICK: JobTiming = { heartbeatMs: 100, sweepMs: 500, lostAfterMs: 1000 };
/** Whether a transaction could take the settlement lock now (it is released again at once). */
const settlementLockFree = (db: Db) =>
  db.transaction(async (tx) => {
    const [row] = await queryRows<{ free: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${SETTLEMENT_LOCK}) as free`,
    );
    return row!.free;
  });
const child = fileURLToPath(new URL('./test-crash-child.ts', import.meta.url));

// Another process needs a database it can reach: a PostgreSQL server (DATABASE_URL).
it.runIf(Boolean(process.env.DATABASE_URL))(
  'a job of a process killed mid-run is failed by the next app on its database; its import and settlement locks are free',
  async () => {
    const database = await createTestDatabase();
    try {
      const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
        database.db,
        sql`select current_database() as name`,
      );
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const owner = await new TestFactory(database.db).member();

      const proc = spawn(process.execPath, ['--import', 'tsx', child, String(owner.id)], {
        env: { ...process.env, DATABASE_URL: url.toString() },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const [line] = (await once(proc.stdout!, 'data')) as [Buffer];
      const jobId = line.toString().trim();
      const job = async () => (await database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;
      expect((await job()).status).toBe('running');
      expect(await settlementLockFree(database.db)).toBe(false);
      proc.kill('SIGKILL');
      await once(proc, 'exit');
      const killedAt = Date.now();

      const app = await buildApp({ db: database.db, config: { ...testConfig(), jobTiming: QUICK } });
      try {
        while ((await job()).status === 'running') await new Promise((resolve) => setTimeout(resolve, 50));
        expect(Date.now() - killedAt).toBeLessThan(QUICK.lostAfterMs + QUICK.sweepMs + 1000);
        expect(await job()).toMatchObject({ status: 'failed', error: 'jobs.ownerLost', processed: 0 });
        const again = await startJob(app.appContext.jobs, {
          kind: 'provider.import',
          ownerId: owner.id,
          params: {},
          fileName: '',
          exclusive: 'common.importInProgress',
          run: async () => ({ processed: 0, total: 0, file: false }),
        });
        expect(again.job_id).not.toBe(jobId);
        // The settlement lock is transaction-scoped: it ended with the killed process's connection.
        expect(await settlementLockFree(database.db)).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  },
  30_000,
);

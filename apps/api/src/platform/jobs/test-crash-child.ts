/**
 * A process for lost-jobs.crash.api.test.ts to kill: the app on DATABASE_URL starts a job that never
 * ends, holding the provider import lock (its job row) and the settlement lock (in an open transaction),
 * prints the job's id once both are held, and waits for SIGKILL.
 */
import { buildApp } from '../../app';
import { lockSettlements } from '../../bonus/settlement';
import { testConfig } from '../../test/test-app';
import { openDatabase } from '../db/client';
import { startJob } from './jobs.runner';

const database = openDatabase({ url: process.env.DATABASE_URL });
const app = await buildApp({ db: database.db, config: testConfig() });
const started = await startJob(app.appContext.jobs, {
  kind: 'provider.import',
  ownerId: Number(process.argv[2]),
  params: {},
  fileName: '',
  exclusive: 'common.importInProgress',
  run: () =>
    database.db.transaction(async (tx) => {
      await lockSettlements(tx);
      console.log(started.job_id);
      await new Promise(() => {});
      return { processed: 0, total: 0, file: false };
    }),
});

import type { JobStarted, JobView } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { ApiResponse, TestApi } from '../../test/test-app';
import type { Db } from '../db/client';
import { jobs } from './jobs.schema';

/** Polls a started job until it ends (done or failed); every progress answer seen is kept. */
export async function pollJob(api: TestApi, started: JobStarted, token: string) {
  const seen: JobView[] = [];
  for (let i = 0; i < 1000; i++) {
    const res = await api.get<JobView>(started.url, { token });
    if (res.status !== 200) throw new Error(`GET ${started.url}: ${res.status} ${res.body?.msg}`);
    seen.push(res.body.data);
    if (res.body.data.status === 'done' || res.body.data.status === 'failed')
      return { job: res.body.data, seen };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${started.job_id} did not end`);
}

/** A started job followed to the end: the job and its downloaded file. */
export async function jobFile(
  api: TestApi,
  started: JobStarted,
  token: string,
): Promise<{ job: JobView; file: ApiResponse }> {
  const { job } = await pollJob(api, started, token);
  if (!job.download_url) throw new Error(`job ${job.id} ${job.status}: ${job.error}`);
  return { job, file: await api.get(job.download_url, { token }) };
}

/**
 * A job row as a process leaves it: running, owned by `instanceId`, last heartbeat `silentMs` ago,
 * holding `lockKey` (an import's lock: `provider.import`), started with `params`. Nothing in this process runs it.
 */
export async function recordedJob(
  db: Db,
  ownerId: number,
  opts: {
    kind?: string;
    lockKey?: string;
    instanceId?: string;
    silentMs?: number;
    processed?: number;
    params?: unknown;
  },
) {
  const kind = opts.kind ?? opts.lockKey ?? 'test.recorded';
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      ownerId,
      params: opts.params ?? {},
      fileName: 'x.xlsx',
      status: 'running',
      processed: opts.processed ?? 0,
      total: opts.processed,
      instanceId: opts.instanceId ?? 'another-process',
      lockKey: opts.lockKey ?? null,
      updatedAt: sql`now() - make_interval(secs => ${(opts.silentMs ?? 0) / 1000}::float8)`,
    })
    .returning();
  return row!;
}

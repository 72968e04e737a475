import { createHash } from 'node:crypto';
import { jobFileUrl } from '@app/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { AppError } from '../http/errors';
import { xlsxRows } from '../xlsx/test-files';
import { startXlsxJob, type XlsxJob } from './jobs.runner';
import { jobFileChunks, jobs } from './jobs.schema';
import { jobFile, pollJob } from './test-jobs';

let api: TestApi;
let owner: { id: number; token: string };
let otherToken: string;
let superToken: string;

beforeAll(async () => {
  api = await TestApi.start();
  const member = await api.factory.member();
  owner = { id: member.id, token: await api.login(member.name, TEST_PASSWORD) };
  otherToken = await api.login((await api.factory.member()).name, TEST_PASSWORD);
  superToken = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
});
afterAll(() => api.close());

type Row = { id: number; text: string };
/** Text that compresses badly, so a few thousand rows fill several chunks; the first row is a formula. */
const textOf = (id: number) =>
  id === 1 ? '=HYPERLINK("x")' : createHash('sha256').update(String(id)).digest('hex');

/** A job of `n` rows in batches of 1000; `fail` throws in the middle. */
function numbers(n: number, fail?: Error): XlsxJob<Row> {
  return {
    kind: 'test.numbers',
    ownerId: owner.id,
    params: { n },
    fileName: 'numbers.xlsx',
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'text', value: (r) => r.text },
    ],
    count: async () => n,
    batches: async function* () {
      for (let from = 1; from <= n; from += 1000) {
        if (fail && from > 1) throw fail;
        const size = Math.min(1000, n - from + 1);
        yield Array.from({ length: size }, (_, i) => ({
          id: from + i,
          text: textOf(from + i),
        }));
      }
    },
  };
}

const start = (job: XlsxJob<Row>) => startXlsxJob(api.jobs, job);

describe('export jobs', () => {
  it('runs to done with progress up to the total and serves the file from its chunks', async () => {
    const started = await start(numbers(12_000));
    const { job, seen } = await pollJob(api, started, owner.token);
    expect(job).toMatchObject({
      status: 'done',
      processed: 12_000,
      total: 12_000,
      file_name: 'numbers.xlsx',
    });
    expect(job.download_url).toBe(jobFileUrl(started.job_id));
    expect(seen.every((s, i) => i === 0 || s.processed >= seen[i - 1]!.processed)).toBe(true);
    const [chunks] = await api.db
      .select({ n: count() })
      .from(jobFileChunks)
      .where(eq(jobFileChunks.jobId, started.job_id));
    expect(chunks!.n).toBeGreaterThan(1);
    const file = await api.get(job.download_url!, { token: owner.token });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
    expect(String(file.headers['content-disposition'])).toContain('numbers.xlsx');
    const rows = await xlsxRows(file.raw);
    expect(rows).toHaveLength(12_001);
    expect(rows[1]).toEqual(['1', `'=HYPERLINK("x")`]);
    expect(rows[2]).toEqual(['2', textOf(2)]);
    expect(rows[12_000]![0]).toBe('12000');
  });

  it('shows a job and its file to its owner and super admins only (404 for others)', async () => {
    const { job } = await jobFile(api, await start(numbers(3)), owner.token);
    for (const url of [`/api/jobs/${job.id}`, jobFileUrl(job.id)]) {
      expect((await api.get(url, { token: otherToken })).status).toBe(404);
      expect((await api.get(url, { token: superToken })).status).toBe(200);
      expect((await api.get(url)).status).toBe(401);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await api.get(`/api/jobs/${unknown}`, { token: owner.token })).status).toBe(404);
  });

  it('records a failure with its translated message and keeps no file', async () => {
    const started = await start(numbers(3000, new AppError(400, 'jobs.notReady')));
    const { job } = await pollJob(api, started, owner.token);
    expect(job).toMatchObject({ status: 'failed', error: 'The file is not ready yet', download_url: null });
    const res = await api.get(`/api/jobs/${job.id}`, { token: owner.token, locale: 'zh-CN' });
    expect(res.body.data).toMatchObject({ error: '文件尚未准备好' });
    expect((await api.get(jobFileUrl(job.id), { token: owner.token })).status).toBe(409);
    const crashed = await pollJob(api, await start(numbers(3000, new Error('boom'))), owner.token);
    expect(crashed.job.error).toBe('The task failed and changed nothing. Please try again.');
    const left = await api.db.select().from(jobFileChunks).where(eq(jobFileChunks.jobId, job.id));
    expect(left).toHaveLength(0);
  });

  it('deletes jobs older than a day, with their files, when the next job is created', async () => {
    const { job } = await jobFile(api, await start(numbers(2)), owner.token);
    await api.db.update(jobs).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(jobs.id, job.id));
    await pollJob(api, await start(numbers(1)), owner.token);
    expect(await api.db.select().from(jobs).where(eq(jobs.id, job.id))).toHaveLength(0);
    expect(await api.db.select().from(jobFileChunks).where(eq(jobFileChunks.jobId, job.id))).toHaveLength(0);
  });
});

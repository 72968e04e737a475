import { ResultCode } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { startXlsxJob } from '../jobs/jobs.runner';
import { pollJob } from '../jobs/test-jobs';

const TOKEN = 'metrics-scrape-token';
let off: TestApi;
let on: TestApi;

beforeAll(async () => {
  off = await TestApi.start();
  on = await TestApi.start({ metrics: true, metricsToken: TOKEN });
});
afterAll(async () => {
  await off.close();
  await on.close();
});

const scrape = async () => {
  const res = await on.get('/metrics', { token: TOKEN });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.raw.toString('utf8');
};

describe('Prometheus metrics', () => {
  it('are off unless METRICS is on: /metrics answers 404', async () => {
    const res = await off.get('/metrics');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(ResultCode.NOT_FOUND);
  });

  it('ask for the METRICS_TOKEN bearer token when one is set', async () => {
    expect((await on.get('/metrics')).status).toBe(401);
    expect((await on.get('/metrics', { token: 'wrong' })).status).toBe(401);
    expect((await on.get('/metrics', { token: TOKEN })).status).toBe(200);
  });

  it('count requests by method, route pattern and status, never by raw URL', async () => {
    await on.get('/api/orders/item/NO-123');
    await on.get('/api/orders/item/NO-456');
    await on.get('/no/such/page');
    const text = await scrape();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/orders/item/:orderNo",status_code="401"} 2',
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/orders\/item\/:orderNo",status_code="401"\}/,
    );
    expect(text).toContain('route="(unmatched)",status_code="404"');
    expect(text).not.toContain('NO-123');
    expect(text).not.toContain('/no/such/page');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('report the connection pool on PostgreSQL', async () => {
    const text = await scrape();
    if (on.database.kind === 'postgres') {
      expect(text).toMatch(/^db_pool_connections \d+$/m);
      expect(text).toMatch(/^db_pool_idle_connections \d+$/m);
      expect(text).toMatch(/^db_pool_waiting_requests 0$/m);
    } else expect(text).not.toContain('db_pool_connections');
  });

  it('count recorded jobs by kind and status, and time the jobs this process ran', async () => {
    const member = await on.factory.member();
    const token = await on.login(member.name, TEST_PASSWORD);
    const started = await startXlsxJob(on.app.appContext.jobs, {
      kind: 'test.metrics',
      ownerId: member.id,
      params: {},
      fileName: 'metrics.xlsx',
      columns: [{ header: 'n', value: (n: number) => n }],
      count: async () => 3,
      batches: async function* () {
        yield [1, 2, 3];
      },
    });
    expect((await pollJob(on, started, token)).job.status).toBe('done');
    const text = await scrape();
    expect(text).toContain('jobs_recorded{kind="test.metrics",status="done"} 1');
    expect(text).toContain('job_duration_seconds_count{kind="test.metrics",outcome="done"} 1');
  });
});

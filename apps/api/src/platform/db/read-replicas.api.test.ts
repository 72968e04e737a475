import type { JobStarted, UserListResult } from '@app/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../bootstrap';
import { TEST_PASSWORD } from '../../test/factory';
import { type ApiResponse, TestApi } from '../../test/test-app';
import { createServerDatabase, type ServerDatabase } from '../../test/test-database';
import { jobFile } from '../jobs/test-jobs';
import { xlsxRows } from '../xlsx/test-files';
import { type Database, openDatabase, queryRows } from './client';
import { ReadReplicas } from './read-replicas';
import { type SilentProxy, silentProxy } from './silent-proxy.testing';
import { parseWalPosition } from './wal-position';

const MAX_LAG_MS = 1500;
const POLL_MS = 100;

/** Waits until `check` holds (10 s at most). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS / 2));
  }
}

/**
 * Heavy reads on a streaming replica (DATABASE_READ_URL): they go to it when it has replayed what the caller
 * wrote, to the primary when it has not, when it lags more than DB_READ_MAX_LAG_MS or when it is lost, and the
 * metrics say which served them. It pauses the replica's replay, so `.ci/run` runs it alone, after the API suite
 * (TEST_REPLICA_LAG=true, with DATABASE_URL and TEST_DATABASE_READ_URL naming the primary and its replica; see
 * `.ci/replica`): any other file's commits waiting for the replica would wait for the pause too.
 */
describe.runIf(process.env.TEST_REPLICA_LAG === 'true')('read replicas', () => {
  let server: ServerDatabase;
  let primary: Database;
  let replicaAdmin: pg.Client;
  let proxy: SilentProxy;
  let replicas: ReadReplicas;
  let api: TestApi;
  let otherProcess: TestApi;
  let writer: string;
  let reader: string;

  const replica = () => replicas.servers[0]!;
  const listed = (res: ApiResponse<UserListResult>) => res.body.data.list.map((member) => member.name);
  const list = (app: TestApi, token: string, keyword: string, cookie?: string) =>
    app.get<UserListResult>('/api/users/list', {
      token,
      query: { keyword },
      headers: cookie ? { cookie } : undefined,
    });
  /** Heavy reads served so far, by server, as GET /metrics reports them. */
  const readsBy = async () => {
    const text = (await api.get('/metrics')).raw.toString();
    const count = (server: string) =>
      Number(new RegExp(`^db_reads_total\\{server="${server}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
    return { primary: count('primary'), replica: count(replica().name), text };
  };
  const caughtUp = async () => {
    const [row] = await queryRows<{ at: string }>(primary.db, sql`select pg_current_wal_lsn()::text as at`);
    await replicas.poll();
    return replicas.usable(replica(), parseWalPosition(row!.at));
  };

  beforeAll(async () => {
    server = await createServerDatabase(process.env.DATABASE_URL!);
    primary = openDatabase({ url: server.url });
    await prepareDatabase(primary);
    const replicaUrl = new URL(process.env.TEST_DATABASE_READ_URL!.split(',')[0]!);
    replicaAdmin = new pg.Client({ connectionString: replicaUrl.toString() });
    await replicaAdmin.connect();
    replicaUrl.pathname = `/${server.name}`;
    proxy = await silentProxy(replicaUrl.toString());
    replicas = ReadReplicas.open(primary.db, {
      urls: [proxy.url],
      maxLagMs: MAX_LAG_MS,
      pollMs: POLL_MS,
      connectTimeoutMs: 1000,
      queryTimeouts: { ms: 1000, longMs: 0 },
    });
    api = await TestApi.open({ ...primary, replicas }, { metrics: true });
    // A second API process on the same primary and replica: it shares no memory with the first.
    otherProcess = await TestApi.open({ ...primary, replicas, close: async () => undefined });
    await api.factory.superAdmin({ name: 'writer' });
    await api.factory.superAdmin({ name: 'reader' });
    await api.factory.member({ name: 'anchor' });
    writer = await api.login('writer', TEST_PASSWORD);
    reader = await api.login('reader', TEST_PASSWORD);
    await until(caughtUp, 'the replica replays the set-up');
  });

  afterAll(async () => {
    await replicaAdmin?.query('select pg_wal_replay_resume()').catch(() => undefined);
    await replicaAdmin?.end();
    await otherProcess?.close();
    await api?.close();
    await replicas?.close();
    await proxy?.close();
    await server?.drop();
  });

  it('serves a heavy read from the replica, and counts it there', async () => {
    const before = await readsBy();
    const res = await list(api, reader, 'anchor');
    expect(res.status).toBe(200);
    expect(listed(res)).toEqual(['anchor']);
    const after = await readsBy();
    expect(after.replica).toBe(before.replica + 1);
    expect(after.primary).toBe(before.primary);
    expect(after.text).toMatch(/^db_replica_in_use\{server="127\.0\.0\.1:\d+"\} 1$/m);
  });

  it('shows callers their own writes while the replica has not replayed them, on every process', async () => {
    await replicaAdmin.query('select pg_wal_replay_pause()');
    const write = await api.put(
      '/api/users',
      {
        name: 'fresh_member',
        email: 'fresh_member@test.local',
        phone: '85260000001',
        password: 'abc12345',
        level_id: 2,
        parent_user_id: (await api.factory.member({ name: 'sponsor' })).id,
      },
      { token: writer },
    );
    expect(write.status).toBe(200);
    const cookie = String(write.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^read_after=[0-9A-F]+\/[0-9A-F]+$/);

    const before = await readsBy();
    // The writer sees it on their next read: the replica has not replayed it, so the primary serves it.
    expect(listed(await list(api, writer, 'fresh_member'))).toEqual(['fresh_member']);
    // Another caller, within the lag allowed, reads the replica as it is.
    expect(listed(await list(api, reader, 'fresh_member'))).toEqual([]);
    const after = await readsBy();
    expect(after.primary).toBe(before.primary + 1);
    expect(after.replica).toBe(before.replica + 1);

    // Another process knows nothing of the write but what the writer's client sends back: the cookie.
    expect(listed(await list(otherProcess, writer, 'fresh_member', cookie))).toEqual(['fresh_member']);
  });

  it('skips a replica that lags more than DB_READ_MAX_LAG_MS, and takes it back once it catches up', async () => {
    await until(() => !replicas.usable(replica(), null), 'the paused replica is judged lagging');
    const lagging = await readsBy();
    expect(
      Number(/^db_replica_lag_seconds\{server="[^"]+"\} ([\d.]+)$/m.exec(lagging.text)?.[1]),
    ).toBeGreaterThan(MAX_LAG_MS / 1000);
    expect(lagging.text).toMatch(/^db_replica_in_use\{server="[^"]+"\} 0$/m);
    expect(listed(await list(api, reader, 'fresh_member'))).toEqual(['fresh_member']);
    expect((await readsBy()).primary).toBe(lagging.primary + 1);

    await replicaAdmin.query('select pg_wal_replay_resume()');
    await until(caughtUp, 'the replica catches up');
    const back = await readsBy();
    expect(listed(await list(api, reader, 'fresh_member'))).toEqual(['fresh_member']);
    expect((await readsBy()).replica).toBe(back.replica + 1);
  });

  it('answers from the primary when the replica is lost, and uses it again once it is back', async () => {
    proxy.silence();
    // In flight on the silent replica, the read gives up after its query timeout and runs on the primary.
    const res = await list(api, reader, 'anchor');
    expect(res.status).toBe(200);
    expect(listed(res)).toEqual(['anchor']);
    await until(() => !replicas.usable(replica(), null), 'the lost replica is out of use');
    const lost = await readsBy();
    expect(listed(await list(api, reader, 'anchor'))).toEqual(['anchor']);
    expect((await readsBy()).primary).toBe(lost.primary + 1);

    proxy.resume();
    await until(caughtUp, 'the replica answers again');
    const back = await readsBy();
    expect(listed(await list(api, reader, 'anchor'))).toEqual(['anchor']);
    expect((await readsBy()).replica).toBe(back.replica + 1);
  });

  it('finishes an export on the primary when the replica its request chose is lost before the job reads', async () => {
    // A process that found the replica well and does not poll again: its next export starts on the replica.
    const unpolled = ReadReplicas.open(primary.db, {
      urls: [proxy.url],
      maxLagMs: MAX_LAG_MS,
      pollMs: 3_600_000,
      connectTimeoutMs: 1000,
      queryTimeouts: { ms: 1000, longMs: 0 },
    });
    const app = await TestApi.open({ ...primary, replicas: unpolled, close: async () => undefined });
    try {
      await until(async () => {
        await unpolled.poll();
        return unpolled.usable(unpolled.servers[0]!, null);
      }, 'the replica is in use');
      proxy.silence();
      // An administrator's member export reads nothing before it answers: every row is read by the job.
      const started = await app.get<JobStarted>('/api/users/list', {
        token: reader,
        query: { keyword: 'anchor', export: 1 },
      });
      expect(started.status).toBe(200);
      const { file } = await jobFile(app, started.body.data, reader);
      expect((await xlsxRows(file.raw)).slice(1).map((row) => row[1])).toEqual(['anchor']);
      // On the replica: the request, and the job's count, which failed there; on the primary: the count again, and
      // the one batch of rows.
      expect(unpolled.servers[0]!.reads).toBe(2);
      expect(unpolled.primaryReads).toBe(2);
      expect(unpolled.usable(unpolled.servers[0]!, null)).toBe(false);
    } finally {
      proxy.resume();
      await app.close();
      await unpolled.close();
    }
    await until(caughtUp, 'the replica answers again');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../bootstrap';
import { type ApiResponse, TestApi } from '../../test/test-app';
import { createServerDatabase, type ServerDatabase } from '../../test/test-database';
import { expectLedgerBalanced, fundedMember, type SignedIn } from '../../wallet/wallet-fixtures';
import { openDatabase, queryRows } from './client';
import { type SilentProxy, silentProxy } from './silent-proxy.testing';

const QUERY_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 1000;
/** The longest a request may take while the database is silent: waiting for a connection, then for one answer. */
const BOUND_MS = CONNECT_TIMEOUT_MS + QUERY_TIMEOUT_MS + 1500;

/** The request's answer and how long it took; fails once it has taken `ms` (a request that hangs). */
async function answeredWithin(request: Promise<ApiResponse>, ms: number) {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  const answer = await Promise.race([request, hung]).finally(() => clearTimeout(timer));
  return { status: answer.status, body: answer.body, ms: Date.now() - started };
}

/** Repeats `request` until it answers 200 (10 s at most), as a load balancer's probes and users' retries do. */
async function answersAgain(request: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const until = Date.now() + 10_000;
  for (;;) {
    const answer = await request();
    if (answer.status === 200 || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The database host goes silent (a TCP proxy in front of PostgreSQL accepts connections and then forwards
 * nothing, neither answering nor refusing): every request still answers, 503 with the translated envelope,
 * within a connection's wait and a query's (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS), readiness answers 503,
 * and once the host answers again both recover without a restart. PostgreSQL only: embedded PGlite has no
 * connection to lose.
 */
describe.skipIf(!process.env.DATABASE_URL)('a silent database host', () => {
  let server: ServerDatabase;
  let proxy: SilentProxy;
  let api: TestApi;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    server = await createServerDatabase(process.env.DATABASE_URL!);
    proxy = await silentProxy(server.url);
    const database = openDatabase({
      url: proxy.url,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      queryTimeouts: { ms: QUERY_TIMEOUT_MS, longMs: QUERY_TIMEOUT_MS },
    });
    await prepareDatabase(database);
    api = await TestApi.open(database);
    alice = await fundedMember(api, 10_000);
    bob = await fundedMember(api, 0);
  });
  afterAll(async () => {
    // Ending the proxy's sockets first lets the pool's silent connections close.
    await proxy?.close();
    await api?.close();
    await server?.drop();
  });

  const profile = () => api.get('/api/user/info', { token: alice.token, locale: 'zh-HK' });
  const transfer = (remark: string) =>
    api.post(
      '/api/wallet/sendTransfer',
      { user_no: bob.user.userNo, amount: '1.00', remark },
      { token: alice.token, locale: 'zh-HK' },
    );

  it('answers every request 503 within the bound and readiness 503, and recovers once it answers', async () => {
    expect((await api.get('/readyz')).status).toBe(200);
    proxy.silence();

    // More requests than the pool has connections: some wait for one, some open new ones to the silent host.
    const requests = [
      ...Array.from({ length: 12 }, () => profile()),
      transfer('while silent'),
      transfer('while silent'),
    ];
    const answers = await Promise.all(requests.map((r) => answeredWithin(r, BOUND_MS + 5_000)));
    for (const answer of answers) {
      expect(answer.body).toEqual({ code: 503, msg: '服務暫時無法使用，請稍後再試', data: null });
      expect(answer.ms).toBeLessThan(BOUND_MS);
    }
    const ready = await answeredWithin(api.get('/readyz', { locale: 'zh-HK' }), BOUND_MS + 5_000);
    expect(ready.status).toBe(503);
    expect(ready.body.msg).toBe('數據庫沒有回應，服務尚未就緒');
    expect(ready.ms).toBeLessThan(BOUND_MS);

    proxy.resume();
    expect((await answersAgain(() => api.get('/readyz'))).status).toBe(200);
    expect((await answersAgain(profile)).status).toBe(200);
    expect((await answersAgain(() => transfer('after'))).status).toBe(200);
    // What was sent while the host was silent never reached it: only the last transfer moved money.
    const [row] = await queryRows<{ remarks: string[] }>(
      api.db,
      sql`select array_agg(remark) as remarks from transfers where from_user_id = ${alice.user.id}`,
    );
    expect(row!.remarks).toEqual(['after']);
    await expectLedgerBalanced(api);
  });
});

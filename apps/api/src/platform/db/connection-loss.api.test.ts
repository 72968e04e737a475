import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../../test/test-app';
import { expectLedgerBalanced, fundedMember, type SignedIn } from '../../wallet/wallet-fixtures';
import { queryRows } from './client';
import { type ConnectionKiller, connectionKiller, until } from './connection-loss.testing';

/**
 * Connections of requests in flight killed by the server (pg_terminate_backend, as a restart or a failover
 * would): those requests answer 503 and the process goes on serving. An uncaught error would fail this file.
 * PostgreSQL only: embedded PGlite has no connection to lose.
 */
describe.skipIf(!process.env.DATABASE_URL)('a lost database connection', () => {
  let api: TestApi;
  let killer: ConnectionKiller;
  beforeAll(async () => {
    api = await TestApi.start();
    killer = await connectionKiller(api.db);
  });
  afterAll(async () => {
    await killer?.close();
    await expectLedgerBalanced(api);
    await api?.close();
  });

  it('fails the writes whose connection died with a translated 503, commits every write it acknowledged, and goes on serving', async () => {
    const alice: SignedIn = await fundedMember(api, 100_000);
    const bob: SignedIn = await fundedMember(api, 0);
    // Hold the wallets so that the transfers wait inside their statements, connections checked out.
    await killer.holder.query('begin');
    await killer.holder.query('select 1 from wallets where user_id in ($1, $2) for update', [
      alice.user.id,
      bob.user.id,
    ]);
    const transfers = Array.from({ length: 6 }, (_, i) =>
      api.post(
        '/api/wallet/sendTransfer',
        { user_no: bob.user.userNo, amount: '1.00', remark: `t${i}` },
        {
          token: alice.token,
          locale: 'zh-HK',
        },
      ),
    );
    const pids = await until(killer.waiting, (p) => p.length === 6);
    for (const pid of pids.slice(0, 3)) await killer.admin.query('select pg_terminate_backend($1)', [pid]);
    await killer.holder.query('rollback');
    const answers = await Promise.all(transfers);

    const failed = answers.filter((a) => a.status === 503);
    const acknowledged = answers.filter((a) => a.status === 200);
    expect(failed).toHaveLength(3);
    expect(acknowledged).toHaveLength(3);
    for (const a of failed)
      expect(a.body).toEqual({ code: 503, msg: '服務暫時無法使用，請稍後再試', data: null });
    const [row] = await queryRows<{ n: number }>(
      api.db,
      sql`select count(*)::int as n from transfers where from_user_id = ${alice.user.id}`,
    );
    expect(row!.n).toBe(acknowledged.length);

    // The pool replaced the lost connections: the next writes go through.
    const again = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.post(
          '/api/wallet/sendTransfer',
          { user_no: bob.user.userNo, amount: '1.00' },
          { token: alice.token },
        ),
      ),
    );
    expect(again.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  });

  it('fails a request whose transaction lost its connection and rolls nothing half-way', async () => {
    const alice = await fundedMember(api, 50_000);
    await killer.holder.query('begin');
    await killer.holder.query('select 1 from wallets where user_id = $1 for update', [alice.user.id]);
    const withdrawal = api.post(
      '/api/wallet/create-withdraw-record',
      {
        amount: '100.00',
        bank_card_number: '6222 0000 1111',
        bank_code: 'HSBC',
        bank_name: 'HSBC Hong Kong',
      },
      { token: alice.token, headers: { 'idempotency-key': `loss-${Date.now()}` } },
    );
    const [pid] = await until(killer.waiting, (p) => p.length === 1);
    await killer.admin.query('select pg_terminate_backend($1)', [pid]);
    await killer.holder.query('rollback');
    const answer = await withdrawal;
    expect(answer.status).toBe(503);
    const [row] = await queryRows<{ n: number }>(
      api.db,
      sql`select count(*)::int as n from withdrawals where user_id = ${alice.user.id}`,
    );
    expect(row!.n).toBe(0);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../bootstrap';
import { TestApi } from '../../test/test-app';
import { createServerDatabase, type ServerDatabase } from '../../test/test-database';
import { expectLedgerBalanced, fundedMember } from '../../wallet/wallet-fixtures';
import { openDatabase, queryRows, withoutStatementTimeout } from './client';
import { type ConnectionKiller, connectionKiller } from './connection-loss.testing';
import { isDatabaseUnavailable } from './errors';

/**
 * The server's statements stop after DB_STATEMENT_TIMEOUT_MS (here 1 s): a request whose statement runs longer
 * answers the translated 503 and the process goes on serving; migrations and what lifts the timeout
 * (settlement runs) are not stopped, neither by the server nor by the wait for an answer (DB_QUERY_TIMEOUT_MS).
 * PostgreSQL only: embedded PGlite has no statement timeout.
 */
describe.skipIf(!process.env.DATABASE_URL)('the statement timeout', () => {
  let server: ServerDatabase;
  let api: TestApi;
  let killer: ConnectionKiller;
  beforeAll(async () => {
    server = await createServerDatabase(process.env.DATABASE_URL!);
    const database = openDatabase({
      url: server.url,
      statementTimeoutMs: 1000,
      queryTimeouts: { ms: 1500, longMs: 5000 },
    });
    await prepareDatabase(database);
    api = await TestApi.open(database);
    killer = await connectionKiller(api.db);
  });
  afterAll(async () => {
    await killer?.close();
    await api?.close();
    await server?.drop();
  });

  it('stops a request held past it with a translated 503, moving nothing, and goes on serving', async () => {
    const alice = await fundedMember(api, 10_000);
    const bob = await fundedMember(api, 0);
    await killer.holder.query('begin');
    await killer.holder.query('select 1 from wallets where user_id = $1 for update', [alice.user.id]);
    const held = api.post(
      '/api/wallet/sendTransfer',
      { user_no: bob.user.userNo, amount: '1.00', remark: 'held' },
      { token: alice.token, locale: 'zh-HK' },
    );
    const answer = await held;
    await killer.holder.query('rollback');
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      code: 503,
      msg: '請求耗時過長，已被中止；請縮小範圍或稍後再試',
      data: null,
    });
    const free = await api.post(
      '/api/wallet/sendTransfer',
      { user_no: bob.user.userNo, amount: '1.00', remark: 'free' },
      { token: alice.token },
    );
    expect(free.status).toBe(200);
    const [row] = await queryRows<{ n: number }>(
      api.db,
      sql`select count(*)::int as n from transfers where from_user_id = ${alice.user.id}`,
    );
    expect(row!.n).toBe(1);
    await expectLedgerBalanced(api);
  });

  it('is lifted inside a transaction that asks (a settlement run) and kept after migrations', async () => {
    await expect(api.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '57014' }),
    });
    // Past the wait for an answer (DB_QUERY_TIMEOUT_MS, here 1.5 s) too: long work waits DB_LONG_QUERY_TIMEOUT_MS.
    await api.db.transaction(async (tx) => {
      await withoutStatementTimeout(tx);
      await tx.execute(sql`select pg_sleep(2)`);
    });
    // The next checkout waits 1.5 s again, even with the server's limit lifted by hand.
    const unanswered = api.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`select pg_sleep(2)`);
    });
    expect(
      isDatabaseUnavailable(
        await unanswered.then(
          () => null,
          (error: unknown) => error,
        ),
      ),
    ).toBe(true);
    const [shown] = await queryRows<{ statement_timeout: string }>(api.db, sql`show statement_timeout`);
    expect(shown!.statement_timeout).toBe('1s');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectionKiller, connectionKiller, until } from '../../platform/db/connection-loss.testing';
import { isDatabaseUnavailable } from '../../platform/db/errors';
import { TestApi } from '../../test/test-app';
import { walletBalance } from '../../wallet/ledger';
import { expectLedgerBalanced } from '../../wallet/wallet-fixtures';
import { bonusPayouts, bonusSettlementRuns } from '../bonus.schema';
import { EXPECTED, NAMES } from '../engine/scenario.fixture';
import { buildScenario } from '../scenario.db';
import { settlePeriod } from '.';

const sumOf = (name: (typeof NAMES)[number]) =>
  Object.values(EXPECTED[name])
    .flatMap((byRef) => Object.values(byRef))
    .reduce((s, cents) => s + cents, 0);

/**
 * A settlement run whose connections the server kills part-way (PostgreSQL only: embedded PGlite has no
 * server connection to kill). A run commits each member range with its ledger records on both databases;
 * settlement.lanes.api.test.ts pins what a run failing part-way keeps on both.
 */
describe.skipIf(!process.env.DATABASE_URL)('a settlement run losing its database connections', () => {
  let api: TestApi;
  let scn: Awaited<ReturnType<typeof buildScenario>>;
  let killer: ConnectionKiller;
  beforeAll(async () => {
    api = await TestApi.start();
    scn = await buildScenario(api.db, api.factory);
    killer = await connectionKiller(api.db);
  });
  afterAll(async () => {
    await killer?.close();
    await expectLedgerBalanced(api);
    await api?.close();
  });

  const count = async (query: string) => Number((await killer.admin.query(query)).rows[0].n);

  it('fails the run with no member half paid, and the next run pays exactly the rest', async () => {
    // The last paid member's wallet is held, so the lane paying that member's range waits inside its
    // transaction while the other ranges commit; then every busy connection of the run is killed.
    const last = NAMES.filter((n) => sumOf(n) > 0).sort((a, b) => scn.ids[b] - scn.ids[a])[0]!;
    await killer.holder.query('begin');
    await killer.holder.query(
      'insert into wallets (user_id, available_cents, frozen_cents) values ($1, 0, 0)',
      [scn.ids[last]],
    );
    const run = settlePeriod(api.db, { period: '2026-10', startedBy: null, passPayouts: 2 });
    const failure = run.then(
      () => null,
      (error: unknown) => error,
    );
    await until(
      async () =>
        (await killer.waiting()).length > 0 && (await count('select count(*) as n from bonus_payouts')) > 0,
      (ready) => ready,
    );
    await killer.admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = $1 and pid not in (pg_backend_pid(), $2) and state <> 'idle'`,
      [killer.database, (await killer.holder.query('select pg_backend_pid() as pid')).rows[0].pid],
    );
    await killer.holder.query('rollback');
    expect(isDatabaseUnavailable(await failure)).toBe(true);

    const [failed] = await api.db.select().from(bonusSettlementRuns);
    expect(failed).toMatchObject({ status: 'failed', dryRun: false });
    const payouts = await api.db.select().from(bonusPayouts);
    expect(payouts.length).toBeGreaterThan(0);
    expect(payouts.filter((p) => p.userId === scn.ids[last])).toEqual([]);
    for (const n of NAMES) {
      const paid = payouts.filter((p) => p.userId === scn.ids[n]).reduce((s, p) => s + p.cents, 0);
      expect([0, sumOf(n)], n).toContain(paid);
      expect((await walletBalance(api.db, scn.ids[n])).availableCents, n).toBe(paid);
    }

    const { run: rest } = await settlePeriod(api.db, { period: '2026-10', startedBy: null });
    expect(rest.status).toBe('done');
    expect(rest.payout_count + payouts.length).toBe((await api.db.select().from(bonusPayouts)).length);
    for (const n of NAMES) expect((await walletBalance(api.db, scn.ids[n])).availableCents, n).toBe(sumOf(n));
  });
});

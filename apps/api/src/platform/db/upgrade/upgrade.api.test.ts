import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { settlePeriod } from '../../../bonus/settlement';
import { prepareDatabase } from '../../../bootstrap';
import { TestApi } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { checkInvariant } from '../../../wallet/invariant';
import { businessTimeZone, setBusinessTimeZone } from '../../business-time/business-time';
import { systemCaller } from '../../caller';
import { type Database, type Db, queryRows } from '../client';
import { BASELINE_TAG, loadBaselineData, migrationsUpTo } from './migrations.testing';

/** The application's tables and their columns (as of now), the migrations' own table left out. */
async function tableColumns(db: Db): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ table: string; columns: string[] }>(
    db,
    sql`select c.table_name as "table", array_agg(c.column_name::text order by c.ordinal_position) as columns
        from information_schema.columns c join pg_tables t on t.tablename = c.table_name and t.schemaname = 'public'
        where c.table_schema = 'public' group by 1 order by 1`,
  );
  return new Map(rows.map((r) => [r.table, r.columns]));
}

/** A copy of every table's rows in schema `kept`, to compare with after an upgrade. */
async function keepRows(db: Db, tables: Map<string, string[]>): Promise<void> {
  await db.execute(sql`drop schema if exists kept cascade`);
  await db.execute(sql`create schema kept`);
  for (const table of tables.keys())
    await db.execute(sql.raw(`create table kept."${table}" as select * from public."${table}"`));
}

/** Columns a migration removed on purpose, with what replaced them: the rows are compared without them. */
const RETIRED_COLUMNS: Record<string, string> = {
  'users.token_version':
    '0021_sessions_two_factor: sessions are rows of user_sessions, which a request reads to know its token still holds',
};

/**
 * Rows of `kept` (on the columns they had, less the retired ones) missing from the live table — none when the data is intact — and,
 * with `both`, live rows that `kept` lacks (none when nothing was written either).
 */
async function rowsChanged(
  db: Db,
  tables: Map<string, string[]>,
  both = false,
): Promise<Record<string, number>> {
  const changed: Record<string, number> = {};
  const differ = (a: string, b: string, list: string) =>
    `select count(*)::int as n from (select ${list} from ${a} except all select ${list} from ${b}) d`;
  for (const [table, columns] of tables) {
    const list = columns
      .filter((c) => !(`${table}.${c}` in RETIRED_COLUMNS))
      .map((c) => `"${c}"`)
      .join(', ');
    const kept = `kept."${table}"`;
    const live = `public."${table}"`;
    let n = (await queryRows<{ n: number }>(db, sql.raw(differ(kept, live, list))))[0]!.n;
    if (both) n += (await queryRows<{ n: number }>(db, sql.raw(differ(live, kept, list))))[0]!.n;
    if (n > 0) changed[table] = n;
  }
  return changed;
}

/** Tables a migration removed on purpose, with what replaced them; every other table keeps every row. */
const RETIRED: Record<string, string> = {
  import_locks: '0002_jobs_heartbeat: an import is locked by its live job row (jobs.lock_key)',
};

/**
 * Derived tables a migration rebuilt on purpose (their rows regrouped): checked against what they derive from
 * (rollupMatchesOrders) instead of row by row.
 */
const REBUILT: Record<string, string> = {
  order_totals_daily:
    '0009_order_totals_refund: rebuilt from the orders with the refund and refunded dimensions',
  order_totals_scoped: '0009_order_totals_refund: the scopes are added again by the server',
  order_totals_scopes: '0009_order_totals_refund: the scopes are added again by the server',
};

const count = async (db: Db, from: string) =>
  (await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${from}`)))[0]!.n;

/** The orders rollup against the orders themselves (every order's rows, scope null). */
async function rollupMatchesOrders(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ same: boolean }>(
    db,
    sql`select (select coalesce(sum(order_count), 0) from order_totals_daily where scope_id is null) = count(*)
          and (select coalesce(sum(amount_cents), 0) from order_totals_daily where scope_id is null)
            = coalesce(sum(amount_cents), 0) as same
        from orders`,
  );
  return row!.same;
}

/** The member counters backfilled by migrations 0007 and 0028 against a recount of users. */
async function countersMatchUsers(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ same: boolean }>(
    db,
    sql`select (select coalesce(sum(accounts), 0) from member_tallies) = (select count(*) from users)
          and not exists (
            (select a.id, date_trunc('month', u.created_at at time zone 'UTC')::date, count(*)::int
             from users u join users a on u.tree_path like a.tree_path || '_%' group by 1, 2)
            except all (select user_id, month, joined from downline_joins where joined <> 0)
          )
          and not exists (
            (select user_id, month, joined from downline_joins where joined <> 0)
            except all
            (select a.id, date_trunc('month', u.created_at at time zone 'UTC')::date, count(*)::int
             from users u join users a on u.tree_path like a.tree_path || '_%' group by 1, 2)
          )
          and not exists (
            select 1 from users u left join downline_counts c on c.user_id = u.id
            where coalesce(c.sponsor_count, 0) <> (select count(*) - 1 from users b where b.tree_path like u.tree_path || '%')
               or coalesce(c.iblommer_count, 0) <> (select count(*) - 1 from users b where b.iblommer_path like u.iblommer_path || '%')
          ) as same`,
  );
  return row!.same;
}

describe.each([
  {
    from: '0000_init',
    what: 'the last release before versioned migrations (its functions not yet migrations)',
  },
  { from: BASELINE_TAG, what: 'the baseline, the first versioned release' },
])('upgrading a populated database from $from ($what)', ({ from }) => {
  let database: Database | undefined;
  let api: TestApi | undefined;
  afterEach(async () => {
    if (api) await api.close();
    else await database?.close();
    api = undefined;
    database = undefined;
  });

  it('keeps every row of every table, the ledger and the orders rollup, and the app works on it', async () => {
    database = await createTestDatabase({ empty: true });
    const db = database.db;
    await database.migrate(migrationsUpTo(from));
    await loadBaselineData(db);
    const tables = await tableColumns(db);
    for (const table of tables.keys())
      expect({ table, rows: (await count(db, table)) > 0 }).toEqual({ table, rows: true });
    await keepRows(db, tables);

    await prepareDatabase(database); // what every start does: the pending migrations, then reference data

    const kept = new Map([...tables].filter(([table]) => !(table in RETIRED) && !(table in REBUILT)));
    expect(await rowsChanged(db, kept)).toEqual({});
    const now = [...(await tableColumns(db)).keys()];
    expect(now).toEqual(expect.arrayContaining([...kept.keys()]));
    expect(now.filter((table) => table in RETIRED)).toEqual([]);
    const ledger = await checkInvariant(db);
    expect(ledger.ok).toBe(true);
    expect(ledger.records).toBe(await count(db, 'wallet_records'));
    expect(await rollupMatchesOrders(db)).toBe(true);
    expect(await countersMatchUsers(db)).toBe(true);
    // A database with data keeps the zone its past runs settled in (UTC) until an operator changes it.
    expect(await businessTimeZone(db, { fresh: true })).toBe('UTC');
    const zones = await queryRows<{ zone: string }>(
      db,
      sql`select distinct time_zone as zone from bonus_settlement_runs`,
    );
    expect(zones.map((z) => z.zone)).toEqual(['UTC']);

    // A later start on the upgraded database writes nothing at all.
    const upgraded = await tableColumns(db);
    await keepRows(db, upgraded);
    await prepareDatabase(database);
    expect(await rowsChanged(db, upgraded, true)).toEqual({});

    api = await TestApi.open(database);
    const admin = await api.login('admin', 'admin123');
    const members = await api.get<{ meta: { total: number } }>('/api/users/list', { token: admin });
    expect(members.body.data.meta.total).toBe(await count(db, 'users where not is_admin'));
    const orders = await api.post<{ meta: { total: number } }>(
      '/api/orders/list',
      { pageSize: 20 },
      { token: admin },
    );
    expect(orders.body).toMatchObject({ code: 200 });
    expect(orders.body.data.meta.total).toBe(await count(db, 'orders'));

    const member = await api.login('member', 'member123');
    const [peer] = await queryRows<{ user_no: string }>(
      db,
      sql`select user_no from users where not is_admin and name <> 'member' order by id limit 1`,
    );
    const sent = await api.post(
      '/api/wallet/sendTransfer',
      { user_no: peer!.user_no, amount: '0.01' },
      { token: member },
    );
    expect(sent.status).toBe(200);
    expect((await checkInvariant(db)).ok).toBe(true);

    // Moved to Hong Kong time, the day after the last day its UTC runs paid holds some of that UTC day's orders
    // (those after 16:00 UTC): settling it pays none of them again.
    const [last] = await queryRows<{ day: string }>(
      db,
      sql`select max(period) as day from bonus_payouts where length(period) = 10`,
    );
    await setBusinessTimeZone(db, 'Asia/Hong_Kong', systemCaller('test'));
    const next = new Date(Date.parse(`${last!.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const paidBefore = await count(db, 'bonus_payouts');
    const { run } = await settlePeriod(db, { period: next, startedBy: null });
    expect(run).toMatchObject({ status: 'done', time_zone: 'Asia/Hong_Kong' });
    const [twice] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from bonus_payouts where order_id is not null
            group by user_id, type_key, order_id having count(*) > 1) d`,
    );
    expect(twice!.n).toBe(0);
    expect(await count(db, 'bonus_payouts')).toBe(paidBefore + run.payout_count);
    expect((await checkInvariant(db)).ok).toBe(true);
  });
});

import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from './client';

/** A PL/pgSQL function the application installs itself (drizzle-kit generates tables and indexes only). */
export interface SqlFunction {
  name: string;
  /** Parameter list and return type, e.g. `(p_user int) returns int`. */
  signature: string;
  body: string;
  /** Settings in force while it runs (`set jit = off`, say). */
  settings?: Record<string, string>;
}

const settingsClause = (fn: Pick<SqlFunction, 'settings'>) =>
  Object.entries(fn.settings ?? {})
    .map(([name, value]) => ` set ${name} = ${value}`)
    .join('');

/** Whether `name` is installed with exactly `body` and `settings` (false when the function is missing). */
export async function sqlFunctionCurrent(
  db: DbOrTx,
  fn: Pick<SqlFunction, 'name' | 'body' | 'settings'>,
): Promise<boolean> {
  const [row] = await queryRows<{ body: string | null; settings: string[] | null }>(
    db,
    sql`select prosrc as body, proconfig as settings from pg_proc where oid = to_regproc(${fn.name})`,
  );
  const settings = Object.entries(fn.settings ?? {}).map(([name, value]) => `${name}=${value}`);
  return row?.body === fn.body && JSON.stringify(row.settings ?? []) === JSON.stringify(settings);
}

/**
 * Installs the functions whose body or settings changed (idempotent; run by prepareDatabase). The old version is
 * dropped first, as a changed parameter list would otherwise add an overload beside it — with the triggers
 * that call it, which their owner then creates again (ensureOrderTotals); an advisory lock keeps API
 * processes starting at once from installing the same function together.
 */
export async function ensureSqlFunctions(tx: DbOrTx, fns: readonly SqlFunction[]): Promise<void> {
  const stale = async () => {
    const out: SqlFunction[] = [];
    for (const fn of fns) if (!(await sqlFunctionCurrent(tx, fn))) out.push(fn);
    return out;
  };
  if ((await stale()).length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ensureSqlFunctions'))`);
  for (const fn of await stale()) {
    await tx.execute(sql.raw(`drop function if exists ${fn.name} cascade`));
    await tx.execute(
      sql.raw(
        `create function ${fn.name}${fn.signature}${settingsClause(fn)} language plpgsql as $fn$${fn.body}$fn$`,
      ),
    );
  }
}

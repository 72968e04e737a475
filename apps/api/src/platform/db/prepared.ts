import { Placeholder } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * A prepared statement built once per database handle (and planned once per connection by PostgreSQL), for
 * the statements of the hottest reads (docs/performance/reads.md): `statement(db).execute({...})`.
 */
export function preparedPerHandle<Q>(prepare: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = prepare(db);
      built.set(db, query);
    }
    return query;
  };
}

/** A statement's text and its placeholders' names in the order of `$1, $2, …`. */
export interface StatementText {
  text: string;
  placeholders: string[];
}

/**
 * The text a prepared statement sends, for the benchmarks' bare baselines (bench/all.ts, bench/reads.ts): they
 * run the API's statement byte for byte, so what the figures compare is the app around it.
 */
export function statementText(query: { toSQL(): { sql: string; params: unknown[] } }): StatementText {
  const { sql, params } = query.toSQL();
  return { text: sql, placeholders: params.map((p) => (p instanceof Placeholder ? p.name : '')) };
}

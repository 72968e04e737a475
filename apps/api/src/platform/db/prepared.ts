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

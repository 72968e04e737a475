import type { AuditEntity, ListQuery, Paged, Status } from '@app/contracts';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';

/** What one managed entity offers; mutations run inside the caller's transaction. */
export interface CrudService<V, C, U> {
  list(db: DbOrTx, q: ListQuery): Promise<Paged<V>>;
  view(db: DbOrTx, id: number): Promise<V>;
  create(db: DbOrTx, body: C, actor: Caller): Promise<number>;
  update(db: DbOrTx, id: number, body: U, actor: Caller): Promise<void>;
  setStatus(db: DbOrTx, id: number, status: Status, actor: Caller): Promise<void>;
  remove(db: DbOrTx, id: number, actor: Caller): Promise<void>;
}

/**
 * One managed entity's changes, each audited (the entity's views before and after) in the transaction
 * that makes it: `db` is that transaction.
 */
export function auditedCrud<V, C, U>(entity: AuditEntity, service: CrudService<V, C, U>) {
  /** Applies a change to an existing row, audited with the row's view before and after. */
  async function change(
    db: DbOrTx,
    actor: Caller,
    action: 'update' | 'status',
    id: number,
    apply: () => Promise<unknown>,
  ) {
    const before = await service.view(db, id);
    await apply();
    const after = await service.view(db, id);
    await audit(db, actor, { action, entity, entityId: id, before, after });
    return after;
  }
  return {
    async create(db: DbOrTx, body: C, actor: Caller): Promise<V> {
      const id = await service.create(db, body, actor);
      const after = await service.view(db, id);
      await audit(db, actor, { action: 'create', entity, entityId: id, after });
      return after;
    },
    update: (db: DbOrTx, id: number, body: U, actor: Caller): Promise<V> =>
      change(db, actor, 'update', id, () => service.update(db, id, body, actor)),
    setStatus: (db: DbOrTx, id: number, status: Status, actor: Caller): Promise<V> =>
      change(db, actor, 'status', id, () => service.setStatus(db, id, status, actor)),
    async remove(db: DbOrTx, id: number, actor: Caller): Promise<void> {
      const before = await service.view(db, id);
      await service.remove(db, id, actor);
      await audit(db, actor, { action: 'delete', entity, entityId: id, before });
    },
  };
}

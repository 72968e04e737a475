import {
  type AuditEntity,
  idParam,
  type ListQuery,
  listQuery,
  type Paged,
  type PermId,
  type Status,
  statusBody,
} from '@app/contracts';
import type { ZodType, z } from 'zod';
import { audit } from '../platform/audit/audit';
import type { DbOrTx } from '../platform/db/client';
import type { Principal } from '../platform/http/principal';
import { access, type RouteDef, route } from '../platform/http/route';

/** What one managed entity offers; mutations run inside the caller's transaction. */
export interface CrudService<V, C, U> {
  list(db: DbOrTx, q: ListQuery): Promise<Paged<V>>;
  view(db: DbOrTx, id: number): Promise<V>;
  create(db: DbOrTx, body: C, actor: Principal): Promise<number>;
  update(db: DbOrTx, id: number, body: U, actor: Principal): Promise<void>;
  setStatus(db: DbOrTx, id: number, status: Status, actor: Principal): Promise<void>;
  remove(db: DbOrTx, id: number, actor: Principal): Promise<void>;
}

/**
 * GET list, POST create, PUT /:id, POST /:id/status and DELETE /:id for one entity,
 * each change audited (before/after views) in the transaction that makes it.
 */
export function crudRoutes<CS extends ZodType, US extends ZodType, V>(opts: {
  url: string;
  entity: AuditEntity;
  perm: PermId;
  createBody: CS;
  updateBody: US;
  service: CrudService<V, z.output<CS>, z.output<US>>;
}): RouteDef[] {
  const { url, entity, service } = opts;
  const rule = access.admin(opts.perm);
  const byId = `${url}/:id`;
  return [
    route({
      method: 'GET',
      url,
      access: rule,
      query: listQuery,
      handler: ({ app, query }) => service.list(app.db, query),
    }),
    route({
      method: 'POST',
      url,
      access: rule,
      body: opts.createBody,
      message: 'common.addedSuccessfully',
      handler: ({ app, req, user, body }) =>
        app.db.transaction(async (tx) => {
          const id = await service.create(tx, body as z.output<CS>, user);
          const after = await service.view(tx, id);
          await audit(tx, req, { action: 'create', entity, entityId: id, after });
          return after;
        }),
    }),
    route({
      method: 'PUT',
      url: byId,
      access: rule,
      params: idParam,
      body: opts.updateBody,
      message: 'common.editSuccessful',
      handler: ({ app, req, user, params, body }) =>
        app.db.transaction(async (tx) => {
          const before = await service.view(tx, params.id);
          await service.update(tx, params.id, body as z.output<US>, user);
          const after = await service.view(tx, params.id);
          await audit(tx, req, { action: 'update', entity, entityId: params.id, before, after });
          return after;
        }),
    }),
    route({
      method: 'POST',
      url: `${byId}/status`,
      access: rule,
      params: idParam,
      body: statusBody,
      message: 'common.operationSuccessful',
      handler: ({ app, req, user, params, body }) =>
        app.db.transaction(async (tx) => {
          const before = await service.view(tx, params.id);
          await service.setStatus(tx, params.id, body.status, user);
          const after = await service.view(tx, params.id);
          await audit(tx, req, { action: 'status', entity, entityId: params.id, before, after });
          return after;
        }),
    }),
    route({
      method: 'DELETE',
      url: byId,
      access: rule,
      params: idParam,
      message: 'common.deletedSuccessfully',
      handler: ({ app, req, user, params }) =>
        app.db.transaction(async (tx) => {
          const before = await service.view(tx, params.id);
          await service.remove(tx, params.id, user);
          await audit(tx, req, { action: 'delete', entity, entityId: params.id, before });
          return null;
        }),
    }),
  ];
}

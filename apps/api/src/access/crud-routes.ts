import { type AuditEntity, idParam, listQuery, type PermId, statusBody } from '@app/contracts';
import type { ZodType, z } from 'zod';
import { actorOf } from '../platform/http/actor';
import { access, type RouteDef, route } from '../platform/http/route';
import { auditedCrud, type CrudService } from './crud.service';

export type { CrudService } from './crud.service';

/**
 * GET list, POST create, PUT /:id, POST /:id/status and DELETE /:id for one entity,
 * each change audited (before/after views) in the transaction that makes it (`auditedCrud`).
 */
export function crudRoutes<CS extends ZodType, US extends ZodType, V>(opts: {
  url: string;
  entity: AuditEntity;
  perm: PermId;
  createBody: CS;
  updateBody: US;
  service: CrudService<V, z.output<CS>, z.output<US>>;
}): RouteDef[] {
  const { url, service } = opts;
  const changes = auditedCrud(opts.entity, service);
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
      handler: ({ app, req, body }) =>
        app.db.transaction((tx) => changes.create(tx, body as z.output<CS>, actorOf(req))),
    }),
    route({
      method: 'PUT',
      url: byId,
      access: rule,
      params: idParam,
      body: opts.updateBody,
      message: 'common.editSuccessful',
      handler: ({ app, req, params, body }) =>
        app.db.transaction((tx) => changes.update(tx, params.id, body as z.output<US>, actorOf(req))),
    }),
    route({
      method: 'POST',
      url: `${byId}/status`,
      access: rule,
      params: idParam,
      body: statusBody,
      message: 'common.operationSuccessful',
      handler: ({ app, req, params, body }) =>
        app.db.transaction((tx) => changes.setStatus(tx, params.id, body.status, actorOf(req))),
    }),
    route({
      method: 'DELETE',
      url: byId,
      access: rule,
      params: idParam,
      message: 'common.deletedSuccessfully',
      handler: async ({ app, req, params }) => {
        await app.db.transaction((tx) => changes.remove(tx, params.id, actorOf(req)));
        return null;
      },
    }),
  ];
}

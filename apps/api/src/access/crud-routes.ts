import {
  type AuditEntity,
  type CrudEndpoints,
  idParam,
  listQuery,
  type PermId,
  statusBody,
} from '@app/contracts';
import type { ZodType, z } from 'zod';
import { access, type RouteDef, route } from '../platform/http/route';
import { auditedCrud, type CrudService } from './crud.service';

export type { CrudService } from './crud.service';

/**
 * GET list, POST create, PUT /:id, POST /:id/status and DELETE /:id for one entity,
 * each change audited (before/after views) in the transaction that makes it (`auditedCrud`).
 */
export function crudRoutes<CS extends ZodType, US extends ZodType, V>(opts: {
  endpoints: CrudEndpoints;
  entity: AuditEntity;
  perm: PermId;
  createBody: CS;
  updateBody: US;
  service: CrudService<V, z.output<CS>, z.output<US>>;
}): RouteDef[] {
  const { endpoints, service } = opts;
  const changes = auditedCrud(opts.entity, service);
  const rule = access.admin(opts.perm);
  return [
    route({
      endpoint: endpoints.list,
      access: rule,
      query: listQuery,
      handler: ({ app, query }) => service.list(app.db, query),
    }),
    route({
      endpoint: endpoints.create,
      access: rule,
      body: opts.createBody,
      message: 'common.addedSuccessfully',
      handler: ({ app, body, caller }) =>
        app.db.transaction((tx) => changes.create(tx, body as z.output<CS>, caller)),
    }),
    route({
      endpoint: endpoints.update,
      access: rule,
      params: idParam,
      body: opts.updateBody,
      message: 'common.editSuccessful',
      handler: ({ app, params, body, caller }) =>
        app.db.transaction((tx) => changes.update(tx, params.id, body as z.output<US>, caller)),
    }),
    route({
      endpoint: endpoints.setStatus,
      access: rule,
      params: idParam,
      body: statusBody,
      message: 'common.operationSuccessful',
      handler: ({ app, params, body, caller }) =>
        app.db.transaction((tx) => changes.setStatus(tx, params.id, body.status, caller)),
    }),
    route({
      endpoint: endpoints.remove,
      access: rule,
      params: idParam,
      message: 'common.deletedSuccessfully',
      handler: async ({ app, params, caller }) => {
        await app.db.transaction((tx) => changes.remove(tx, params.id, caller));
        return null;
      },
    }),
  ];
}

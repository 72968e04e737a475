import {
  hasPermission,
  idParam,
  Perm,
  type ProviderView,
  providerBody,
  providerEndpoints,
  providerListQuery,
} from '@app/contracts';
import { z } from 'zod';
import { forbidden } from '../platform/http/errors';
import { access, route } from '../platform/http/route';
import { keysetBatches, streamXlsx } from '../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
import { startImport } from '../platform/xlsx/import';
import { PROVIDER_COLUMNS, providerFileHeader, providerImport } from './providers.import';
import {
  createProvider,
  deleteProvider,
  listProviders,
  providerBatch,
  updateProvider,
} from './providers.service';

const listQuery = providerListQuery.extend({
  export: z.stringbool({ message: 'validation.boolean' }).default(false),
});

/** The import's columns and values (an export imports back), headed in the reader's language. */
const exportColumns = (reader: SheetReader) =>
  PROVIDER_COLUMNS.map((column) =>
    sheetFormat(reader).text(providerFileHeader(column), (p: ProviderView) =>
      column === 'status' ? p.status : (p[column] ?? null),
    ),
  );

export const providerRoutes = [
  /**
   * Providers for the settings page (admins with Perm.providers, full rows, export) and for the
   * orders screen's provider picker (holders of Perm.orders: number and name only).
   */
  route({
    endpoint: providerEndpoints.list,
    reads: 'replica',
    access: access.user,
    query: listQuery,
    handler: async ({ app, caller, query, reply, locale, timeZone }) => {
      const manager = caller.isAdmin && hasPermission(caller.roleIds, Perm.providers);
      if (!manager && !hasPermission(caller.roleIds, Perm.orders)) throw forbidden();
      // Who referred which provider is for provider managers only (the member detail's channel providers).
      if (!manager && query.referrer_user_id) throw forbidden();
      if (query.export) {
        if (!manager) throw forbidden();
        const batches = keysetBatches((after, limit) => providerBatch(app.db, query, after, limit));
        return streamXlsx(reply, 'providers.xlsx', exportColumns({ locale, timeZone }), batches);
      }
      const page = await listProviders(app.db, query, query.page, query.pageSize);
      if (manager) return page;
      return {
        ...page,
        list: page.list.map((p) => ({ id: p.id, provider_no: p.provider_no, name: p.name })),
      };
    },
  }),
  route({
    endpoint: providerEndpoints.create,
    access: access.admin(Perm.providers),
    body: providerBody,
    message: 'common.ok',
    handler: ({ app, body, caller }) =>
      app.db.transaction(async (tx) => ({ id: (await createProvider(tx, caller, body)).id })),
  }),
  route({
    endpoint: providerEndpoints.update,
    access: access.admin(Perm.providers),
    params: idParam,
    body: providerBody,
    message: 'common.ok',
    handler: ({ app, params, body, caller }) =>
      app.db.transaction(async (tx) => ({
        id: (await updateProvider(tx, caller, params.id, body)).id,
      })),
  }),
  route({
    endpoint: providerEndpoints.remove,
    access: access.admin(Perm.providers),
    params: idParam,
    message: 'common.deletedSuccessfully',
    handler: ({ app, params, caller }) => app.db.transaction((tx) => deleteProvider(tx, caller, params.id)),
  }),
  route({
    endpoint: providerEndpoints.import,
    access: access.admin(Perm.providers),
    rawBody: true,
    handler: (ctx) => startImport(ctx, providerImport),
  }),
];

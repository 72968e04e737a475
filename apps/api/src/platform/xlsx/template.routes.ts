import { hasPermission, type ImportKind, importTemplateQuery, platformEndpoints } from '@app/contracts';
import { forbidden } from '../http/errors';
import { access, route } from '../http/route';
import { sendXlsxBuffer, xlsxBuffer } from './export';
import type { ImportSpec } from './import';

type ImportTemplate = Pick<ImportSpec<never>, 'columns' | 'perm'>;

/** The template route over the import kinds the domains register (every kind, so none answers without one). */
export const importTemplateRoutes = (templates: Record<ImportKind, ImportTemplate>) => [
  /** The empty import sheet of a kind: its header row. */
  route({
    endpoint: platformEndpoints.importTemplate,
    access: access.admin(),
    query: importTemplateQuery,
    handler: async ({ caller, query, reply }) => {
      const template = templates[query.kind];
      if (!hasPermission(caller.roleIds, template.perm)) throw forbidden();
      return sendXlsxBuffer(reply, `${query.kind}-template.xlsx`, await xlsxBuffer(template.columns, []));
    },
  }),
];

import {
  hasPermission,
  type ImportKind,
  importTemplateQuery,
  platformEndpoints,
  translate,
} from '@app/contracts';
import { forbidden } from '../http/errors';
import { access, route } from '../http/route';
import { sendXlsxBuffer, xlsxBuffer } from './export';
import type { ImportSpec } from './import';

type ImportTemplate = Pick<ImportSpec<never>, 'columns' | 'perm' | 'header'>;

/** The template route over the import kinds the domains register (every kind, so none answers without one). */
export const importTemplateRoutes = (templates: Record<ImportKind, ImportTemplate>) => [
  /** The empty import sheet of a kind: its header row, in the caller's language (the import knows every one). */
  route({
    endpoint: platformEndpoints.importTemplate,
    access: access.admin(),
    query: importTemplateQuery,
    handler: async ({ caller, query, reply, locale }) => {
      const { columns, perm, header } = templates[query.kind];
      if (!hasPermission(caller.roleIds, perm)) throw forbidden();
      const headers = columns.map((column) => (header ? translate(header(column), locale) : column));
      return sendXlsxBuffer(reply, `${query.kind}-template.xlsx`, await xlsxBuffer(headers, []));
    },
  }),
];

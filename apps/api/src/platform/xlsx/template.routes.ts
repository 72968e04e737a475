import { hasPermission, type ImportKind, importTemplateQuery, Perm, type PermId } from '@app/contracts';
import { ORDER_IMPORT_COLUMNS } from '../../orders/orders.import';
import { PRODUCT_COLUMNS } from '../../products/products.import';
import { PROVIDER_COLUMNS } from '../../providers/providers.import';
import { forbidden } from '../http/errors';
import { access, route } from '../http/route';
import { sendXlsxBuffer, xlsxBuffer } from './export';

const TEMPLATES: Record<ImportKind, { columns: readonly string[]; perm: PermId }> = {
  provider: { columns: PROVIDER_COLUMNS, perm: Perm.providers },
  product: { columns: PRODUCT_COLUMNS, perm: Perm.providers },
  order: { columns: ORDER_IMPORT_COLUMNS, perm: Perm.orders },
};

export const templateRoutes = [
  /** The empty import sheet of a kind: its header row. */
  route({
    method: 'GET',
    url: '/api/common/importTemplate',
    access: access.admin(),
    query: importTemplateQuery,
    handler: async ({ user, query, reply }) => {
      const template = TEMPLATES[query.kind];
      if (!hasPermission(user.roleIds, template.perm)) throw forbidden();
      return sendXlsxBuffer(reply, `${query.kind}-template.xlsx`, await xlsxBuffer(template.columns, []));
    },
  }),
];

import { endpoint } from './endpoint';

/** Channel providers (docs/product/providers.md). */
export const providerEndpoints = {
  list: endpoint('GET', '/api/provider/list'),
  create: endpoint('POST', '/api/provider/add'),
  update: endpoint('PUT', '/api/provider/:id'),
  remove: endpoint('DELETE', '/api/provider/:id'),
  import: endpoint('POST', '/api/provider/import'),
};

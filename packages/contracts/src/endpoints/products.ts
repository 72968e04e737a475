import { endpoint } from './endpoint';

/** Products and their tags (docs/product/providers.md). */
export const productEndpoints = {
  list: endpoint('POST', '/api/product/list'),
  tags: endpoint('GET', '/api/product/tags'),
  create: endpoint('POST', '/api/product/add'),
  import: endpoint('POST', '/api/product/import'),
  update: endpoint('POST', '/api/product/:id'),
};

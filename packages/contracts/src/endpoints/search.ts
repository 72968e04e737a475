import { endpoint } from './endpoint';

/** The header's search: members and orders by what identifies them (docs/product/search.md). */
export const searchEndpoints = {
  search: endpoint('GET', '/api/search'),
};

import { endpoint } from './endpoint';

/** Saved views and columns of the list screens, each person's own (docs/product/members.md, "Saved views and columns"). */
export const viewEndpoints = {
  list: endpoint('GET', '/api/views'),
  save: endpoint('POST', '/api/views'),
  remove: endpoint('DELETE', '/api/views/:id'),
  columns: endpoint('GET', '/api/views/columns'),
  saveColumns: endpoint('PUT', '/api/views/columns'),
};

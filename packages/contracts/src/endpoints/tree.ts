import { endpoint } from './endpoint';

/** The sponsor and iBlommer trees: viewing, moving a subtree, the legend export (docs/product/tree.md). */
export const treeEndpoints = {
  sponsor: endpoint('GET', '/api/users/tree'),
  member: endpoint('GET', '/api/users/tree/user'),
  iblommer: endpoint('GET', '/api/users/iblommeTree'),
  moveSponsor: endpoint('PUT', '/api/users/update/refererUser'),
  moveIblommer: endpoint('PUT', '/api/users/update/iblommerUser'),
  exportLegend: endpoint('POST', '/api/users/exportLegend'),
};

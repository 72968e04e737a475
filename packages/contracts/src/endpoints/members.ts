import { endpoint } from './endpoint';

/** The member list and a member's record (docs/product/members.md). */
export const memberEndpoints = {
  list: endpoint('GET', '/api/users/list'),
  create: endpoint('PUT', '/api/users'),
  update: endpoint('POST', '/api/users/:id'),
  remove: endpoint('DELETE', '/api/users/:id'),
  bulkStatus: endpoint('POST', '/api/users/bulk-status'),
  view: endpoint('GET', '/api/users/:id'),
  addReportNumber: endpoint('POST', '/api/users/add/reportNumber/:id'),
  show: endpoint('GET', '/api/users/user/show'),
  report: endpoint('GET', '/api/users/report'),
};

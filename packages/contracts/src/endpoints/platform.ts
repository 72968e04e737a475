import { endpoint } from './endpoint';

/** Background jobs (exports, imports, settlement runs), import templates and the API's own description. */
export const platformEndpoints = {
  job: endpoint('GET', '/api/jobs/:id'),
  jobFile: endpoint('GET', '/api/jobs/:id/file'),
  importTemplate: endpoint('GET', '/api/common/importTemplate'),
  openApi: endpoint('GET', '/api/openapi.json'),
};

import { endpoint } from './endpoint';

/** The dashboard's figures for the caller (an administrator's or a member's). */
export const dashboardEndpoints = {
  workplace: endpoint('GET', '/api/dashboard/workplace'),
};

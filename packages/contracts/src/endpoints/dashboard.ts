import { endpoint } from './endpoint';

/** The dashboard's figures for the caller (an administrator's or a member's). */
export const dashboardEndpoints = {
  workplace: endpoint('GET', '/api/dashboard/workplace'),
  /** Sales, SP and new members per business day and month, from the activity rollup (administrators). */
  charts: endpoint('GET', '/api/dashboard/charts'),
};

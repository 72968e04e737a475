import { endpoint } from './endpoint';

/** The dashboard's figures for the caller (an administrator's or a member's). */
export const dashboardEndpoints = {
  workplace: endpoint('GET', '/api/dashboard/workplace'),
  /** Sales, SP and new members per business day and month, from the activity rollup (administrators). */
  charts: endpoint('GET', '/api/dashboard/charts'),
  /** Bonus payouts per type per month (settlement runs' totals) and the withdrawal queue per status (administrators). */
  moneyCharts: endpoint('GET', '/api/dashboard/money-charts'),
  /** A member's own bonus earnings per month and type, and their downline's growth per month (members). */
  memberCharts: endpoint('GET', '/api/dashboard/member-charts'),
};

import {
  type DashboardMemberCharts,
  dashboardChartsQuery,
  dashboardEndpoints,
  dashboardMonthsQuery,
  Perm,
  type Workplace,
} from '@app/contracts';
import { businessTimeZone } from '../platform/business-time/business-time';
import { access, route } from '../platform/http/route';
import { dashboardCharts, lastMonths } from './dashboard.charts';
import { figureSources, membersPerLevel } from './dashboard.figures';
import { recentBonuses } from './dashboard.money';
import { dashboardMemberCharts, dashboardMoneyCharts } from './dashboard.money-charts';
import { teamSalesPerMonth } from './dashboard.team';

/** The home page of the signed-in user: network, sales and wallet totals for admins; their own network, wallet and bonuses for members. */
const workplace = route({
  endpoint: dashboardEndpoints.workplace,
  reads: 'replica',
  access: access.holder(Perm.dashboard),
  handler: async ({ app, caller, locale }): Promise<Workplace> => {
    const zone = await businessTimeZone(app.db);
    const figures = await Promise.all(figureSources.map((source) => source(app.db, caller, locale, zone)));
    return {
      figures: figures.flat(),
      members_per_level: caller.isAdmin ? await membersPerLevel(app.db, locale) : null,
      recent_bonuses: caller.isAdmin ? null : await recentBonuses(app.db, caller.id, locale),
    };
  },
});

/** The admin dashboard's charts: sales, SP and new members per business day and month (the activity rollup). */
const charts = route({
  endpoint: dashboardEndpoints.charts,
  reads: 'replica',
  access: access.admin(Perm.dashboard),
  query: dashboardChartsQuery,
  handler: async ({ app, query }) => dashboardCharts(app.db, await businessTimeZone(app.db), query),
});

/** The admin dashboard's money charts: payouts per type per month (run totals) and the withdrawal queue. */
const moneyCharts = route({
  endpoint: dashboardEndpoints.moneyCharts,
  reads: 'replica',
  access: access.admin(Perm.dashboard),
  query: dashboardMonthsQuery,
  handler: async ({ app, query, locale }) =>
    dashboardMoneyCharts(app.db, await businessTimeZone(app.db), locale, query.months),
});

/**
 * A member's own charts: their bonus earnings per month and type, their downline's growth per month, their team's
 * sales and SP per month (the orders totals of their downline, dashboard.team.ts).
 */
const memberCharts = route({
  endpoint: dashboardEndpoints.memberCharts,
  reads: 'replica',
  access: access.member(Perm.dashboard),
  query: dashboardMonthsQuery,
  handler: async ({ app, caller, query, locale, req }): Promise<DashboardMemberCharts> => {
    const zone = await businessTimeZone(app.db);
    const monthList = lastMonths(zone, query.months);
    const [charts, team] = await Promise.all([
      dashboardMemberCharts(app.db, zone, locale, caller.id, monthList),
      teamSalesPerMonth(app.db, caller, zone, monthList, {
        ...app.config.ordersTotals,
        onScopeError: (err) => req.log.error({ err }, 'adding an orders totals scope failed'),
        scopeDb: app.replicas?.primary,
      }),
    ]);
    return { ...charts, team };
  },
});

export const dashboardRoutes = [workplace, charts, moneyCharts, memberCharts];

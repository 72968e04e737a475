import { dashboardChartsQuery, dashboardEndpoints, Perm, type Workplace } from '@app/contracts';
import { businessTimeZone } from '../platform/business-time/business-time';
import { access, route } from '../platform/http/route';
import { dashboardCharts } from './dashboard.charts';
import { figureSources, membersPerLevel } from './dashboard.figures';
import { recentBonuses } from './dashboard.money';

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

export const dashboardRoutes = [workplace, charts];

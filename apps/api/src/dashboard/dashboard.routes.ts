import { Perm, type Workplace } from '@app/contracts';
import { access, route } from '../platform/http/route';
import { figureSources, membersPerLevel } from './dashboard.figures';

/** The home page figures of the signed-in user: network totals for admins, their own network for members. */
const workplace = route({
  method: 'GET',
  url: '/api/dashboard/workplace',
  access: access.holder(Perm.dashboard),
  handler: async ({ app, user, locale }): Promise<Workplace> => {
    const figures = await Promise.all(figureSources.map((source) => source(app.db, user, locale)));
    return {
      figures: figures.flat(),
      members_per_level: user.isAdmin ? await membersPerLevel(app.db, locale) : null,
    };
  },
});

export const dashboardRoutes = [workplace];

import { contentEndpoints, DEFAULT_LOCALE, LOCALES, type PublicConfig, translate } from '@app/contracts';
import { levelName } from '../access/current-user';
import { levels } from '../members/members.schema';
import { access, route } from '../platform/http/route';

/**
 * `GET /api/common/config`: public settings for any signed-in user - the shop link of
 * "Purchase Product", site name, languages and the member levels (audience picker).
 */
export const configRoute = route({
  endpoint: contentEndpoints.config,
  access: access.user,
  handler: async ({ app, locale }): Promise<PublicConfig> => ({
    site_name: translate('site.name', locale),
    shop_url: app.config.shopUrl,
    locales: LOCALES,
    default_locale: DEFAULT_LOCALE,
    levels: (await app.db.select().from(levels).orderBy(levels.id)).map((level) => ({
      id: level.id,
      name: levelName(level, locale),
    })),
  }),
});

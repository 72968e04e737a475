import { markReadBody, notificationEndpoints, notificationListQuery, preferencesBody } from '@app/contracts';
import { access, route } from '../platform/http/route';
import { listNotifications, markRead, notificationSummary } from './notifications.service';
import { preferencesOf, savePreferences } from './preferences';

/** Every signed-in person's own notifications and e-mail choices (docs/product/notifications.md). */
export const notificationRoutes = [
  route({
    endpoint: notificationEndpoints.summary,
    access: access.user,
    docs: { summary: "The bell: its count, the administrator's waiting work and the latest notifications" },
    handler: ({ app, caller, locale }) => notificationSummary(app.db, caller, locale),
  }),
  route({
    endpoint: notificationEndpoints.list,
    access: access.user,
    query: notificationListQuery,
    handler: ({ app, caller, locale, query }) => listNotifications(app.db, caller, locale, query),
  }),
  route({
    endpoint: notificationEndpoints.markRead,
    access: access.user,
    body: markReadBody,
    handler: async ({ app, caller, body }) => {
      await markRead(app.db, caller, body);
      return null;
    },
  }),
  route({
    endpoint: notificationEndpoints.preferences,
    access: access.user,
    handler: ({ app, caller }) => preferencesOf(app.db, caller),
  }),
  route({
    endpoint: notificationEndpoints.savePreferences,
    access: access.user,
    body: preferencesBody,
    message: 'notifications.saved',
    handler: ({ app, caller, body }) => savePreferences(app.db, caller, body),
  }),
];

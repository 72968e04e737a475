import { endpoint } from './endpoint';

/** The notification centre and its e-mail preferences (docs/product/notifications.md). */
export const notificationEndpoints = {
  summary: endpoint('GET', '/api/notifications/summary'),
  list: endpoint('GET', '/api/notifications'),
  markRead: endpoint('POST', '/api/notifications/read'),
  preferences: endpoint('GET', '/api/notifications/preferences'),
  savePreferences: endpoint('PUT', '/api/notifications/preferences'),
};

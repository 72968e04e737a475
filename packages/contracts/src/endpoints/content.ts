import { endpoint } from './endpoint';

/** Announcements and articles: administrators manage them, readers see the published ones (docs/product/content.md). */
export const contentEndpoints = {
  adminList: endpoint('GET', '/api/content/admin'),
  adminView: endpoint('GET', '/api/content/admin/:id'),
  create: endpoint('POST', '/api/content/admin'),
  update: endpoint('PUT', '/api/content/admin/:id'),
  remove: endpoint('DELETE', '/api/content/admin/:id'),
  publish: endpoint('POST', '/api/content/admin/:id/publish'),
  pin: endpoint('POST', '/api/content/admin/:id/pin'),
  uploadAttachment: endpoint('POST', '/api/content/attachments'),
  attachment: endpoint('GET', '/api/content/attachments/:id'),
  feed: endpoint('GET', '/api/content/list'),
  unreadCount: endpoint('GET', '/api/content/unread-count'),
  item: endpoint('GET', '/api/content/items/:id'),
  /** The public configuration every page starts with (level names, shop address, business time zone…). */
  config: endpoint('GET', '/api/common/config'),
};

import {
  type AuditAction,
  contentAdminQuery,
  contentBody,
  contentMemberQuery,
  idParam,
  Perm,
  pinBody,
  publishBody,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { audit } from '../platform/audit/audit';
import type { Db, DbOrTx } from '../platform/db/client';
import { access, type RouteDef, route } from '../platform/http/route';
import { sendAttachment } from './attachment-download';
import { storeUpload } from './attachments';
import { configRoute } from './config.routes';
import {
  createContent,
  listContent,
  removeContent,
  setContentFlag,
  updateContent,
  viewContent,
} from './content.service';
import { memberFeed, readItem, unreadCount } from './member-feed';

const admin = access.admin(Perm.programmes);
const member = access.member(Perm.programmes);
/** docs/product/content.md: the member announcement list is "members only, admin allowed" (admins see every audience). */
const feedReader = access.holder(Perm.programmes);
const ADMIN_URL = '/api/content/admin';

/** Runs one admin change on an item in a transaction and audits its views before and after. */
function audited(
  db: Db,
  req: FastifyRequest,
  action: AuditAction,
  id: number,
  change: (tx: DbOrTx) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const before = await viewContent(tx, id);
    await change(tx);
    const after = await viewContent(tx, id);
    await audit(tx, req, { action, entity: 'content', entityId: id, before, after });
    return after;
  });
}

/** POST …/:id/publish {published} and …/:id/pin {pinned}. */
const flagRoute = <S extends typeof publishBody | typeof pinBody>(path: 'publish' | 'pin', schema: S) =>
  route({
    method: 'POST',
    url: `${ADMIN_URL}/:id/${path}`,
    access: admin,
    params: idParam,
    body: schema,
    message: 'common.operationSuccessful',
    handler: ({ app, req, params, body }) =>
      audited(app.db, req, path, params.id, (tx) => setContentFlag(tx, params.id, body)),
  });

export const contentRoutes: RouteDef[] = [
  configRoute,
  route({
    method: 'GET',
    url: ADMIN_URL,
    access: admin,
    query: contentAdminQuery,
    handler: ({ app, query }) => listContent(app.db, query),
  }),
  route({
    method: 'GET',
    url: `${ADMIN_URL}/:id`,
    access: admin,
    params: idParam,
    handler: ({ app, params }) => viewContent(app.db, params.id),
  }),
  route({
    method: 'POST',
    url: ADMIN_URL,
    access: admin,
    body: contentBody,
    message: 'common.addedSuccessfully',
    handler: ({ app, req, user, body }) =>
      app.db.transaction(async (tx) => {
        const id = await createContent(tx, body, user.id);
        const after = await viewContent(tx, id);
        await audit(tx, req, { action: 'create', entity: 'content', entityId: id, after });
        return after;
      }),
  }),
  route({
    method: 'PUT',
    url: `${ADMIN_URL}/:id`,
    access: admin,
    params: idParam,
    body: contentBody,
    message: 'common.editSuccessful',
    handler: ({ app, req, params, body }) =>
      audited(app.db, req, 'update', params.id, (tx) => updateContent(tx, params.id, body)),
  }),
  flagRoute('publish', publishBody),
  flagRoute('pin', pinBody),
  route({
    method: 'DELETE',
    url: `${ADMIN_URL}/:id`,
    access: admin,
    params: idParam,
    message: 'common.deletedSuccessfully',
    handler: ({ app, req, params }) =>
      app.db.transaction(async (tx) => {
        const before = await viewContent(tx, params.id);
        await removeContent(tx, params.id);
        await audit(tx, req, { action: 'delete', entity: 'content', entityId: params.id, before });
        return null;
      }),
  }),
  route({
    method: 'POST',
    url: '/api/content/attachments',
    access: admin,
    rawBody: true,
    message: 'content.uploaded',
    handler: async ({ app, req, user }) => {
      const file = req.isMultipart() ? await req.file() : undefined;
      return app.db.transaction(async (tx) => {
        const view = await storeUpload(tx, file, user.id);
        await audit(tx, req, {
          action: 'upload',
          entity: 'content_attachment',
          entityId: view.id,
          after: view,
        });
        return view;
      });
    },
  }),
  route({
    method: 'GET',
    url: '/api/content/attachments/:id',
    access: access.holder(Perm.programmes),
    params: idParam,
    handler: ({ app, user, params, reply }) => sendAttachment(app.db, user, params.id, reply),
  }),
  route({
    method: 'GET',
    url: '/api/content/list',
    access: feedReader,
    query: contentMemberQuery,
    handler: ({ app, user, locale, query }) => memberFeed(app.db, user, locale, query),
  }),
  route({
    method: 'GET',
    url: '/api/content/unread-count',
    access: member,
    handler: ({ app, user }) => unreadCount(app.db, user),
  }),
  route({
    method: 'GET',
    url: '/api/content/items/:id',
    access: feedReader,
    params: idParam,
    handler: ({ app, user, locale, params }) => readItem(app.db, user, locale, params.id),
  }),
];

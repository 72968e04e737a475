import {
  contentAdminQuery,
  contentBody,
  contentEndpoints,
  contentMemberQuery,
  idParam,
  Perm,
  pinBody,
  publishBody,
} from '@app/contracts';
import { access, type RouteDef, route } from '../platform/http/route';
import { findAttachment } from './attachment-download';
import { configRoute } from './config.routes';
import {
  addContent,
  deleteContent,
  editContent,
  flagContent,
  listContent,
  uploadAttachment,
  viewContent,
} from './content.service';
import { memberFeed, readItem, unreadCount } from './member-feed';

const admin = access.admin(Perm.programmes);
const member = access.member(Perm.programmes);
/** docs/product/content.md: the member announcement list is "members only, admin allowed" (admins see every audience). */
const feedReader = access.holder(Perm.programmes);

/** POST …/:id/publish {published} and …/:id/pin {pinned}. */
const flagRoute = <S extends typeof publishBody | typeof pinBody>(path: 'publish' | 'pin', schema: S) =>
  route({
    endpoint: contentEndpoints[path],
    access: admin,
    params: idParam,
    body: schema,
    message: 'common.operationSuccessful',
    handler: ({ app, params, body, caller }) =>
      app.db.transaction((tx) => flagContent(tx, caller, path, params.id, body)),
  });

export const contentRoutes: RouteDef[] = [
  configRoute,
  route({
    endpoint: contentEndpoints.adminList,
    reads: 'replica',
    access: admin,
    query: contentAdminQuery,
    handler: ({ app, query }) => listContent(app.db, query),
  }),
  route({
    endpoint: contentEndpoints.adminView,
    access: admin,
    params: idParam,
    handler: ({ app, params }) => viewContent(app.db, params.id),
  }),
  route({
    endpoint: contentEndpoints.create,
    access: admin,
    body: contentBody,
    message: 'common.addedSuccessfully',
    handler: ({ app, body, caller }) => app.db.transaction((tx) => addContent(tx, caller, body)),
  }),
  route({
    endpoint: contentEndpoints.update,
    access: admin,
    params: idParam,
    body: contentBody,
    message: 'common.editSuccessful',
    handler: ({ app, params, body, caller }) =>
      app.db.transaction((tx) => editContent(tx, caller, params.id, body)),
  }),
  flagRoute('publish', publishBody),
  flagRoute('pin', pinBody),
  route({
    endpoint: contentEndpoints.remove,
    access: admin,
    params: idParam,
    message: 'common.deletedSuccessfully',
    handler: async ({ app, params, caller }) => {
      await app.db.transaction((tx) => deleteContent(tx, caller, params.id));
      return null;
    },
  }),
  route({
    endpoint: contentEndpoints.uploadAttachment,
    access: admin,
    rawBody: true,
    message: 'content.uploaded',
    handler: async ({ app, req, caller }) => {
      const file = req.isMultipart() ? await req.file() : undefined;
      return app.db.transaction((tx) => uploadAttachment(tx, caller, file, caller.id));
    },
  }),
  route({
    endpoint: contentEndpoints.attachment,
    access: access.holder(Perm.programmes),
    params: idParam,
    handler: async ({ app, caller, params, reply }) => {
      const file = await findAttachment(app.db, caller, params.id);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  }),
  route({
    endpoint: contentEndpoints.feed,
    access: feedReader,
    query: contentMemberQuery,
    handler: ({ app, caller, locale, query }) => memberFeed(app.db, caller, locale, query),
  }),
  route({
    endpoint: contentEndpoints.unreadCount,
    access: member,
    handler: ({ app, caller }) => unreadCount(app.db, caller),
  }),
  route({
    endpoint: contentEndpoints.item,
    access: feedReader,
    params: idParam,
    handler: ({ app, caller, locale, params }) => readItem(app.db, caller, locale, params.id),
  }),
];

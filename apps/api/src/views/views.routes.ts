import { idParam, listColumnsBody, saveViewBody, viewEndpoints, viewListQuery } from '@app/contracts';
import { access, route } from '../platform/http/route';
import { columnsOf, deleteView, listViews, saveColumns, saveView } from './views.service';

/** Every signed-in person's own saved views and columns of the list screens (docs/product/members.md, "Saved views and columns"). */
export const viewRoutes = [
  route({
    endpoint: viewEndpoints.list,
    access: access.user,
    query: viewListQuery,
    docs: { summary: "The caller's saved views of a list, by name" },
    handler: ({ app, caller, query }) => listViews(app.db, caller, query.list),
  }),
  route({
    endpoint: viewEndpoints.save,
    access: access.user,
    body: saveViewBody,
    message: (view: { name: string }) => ['views.saved', { name: view.name }],
    handler: ({ app, caller, body }) => saveView(app.db, caller, body),
  }),
  route({
    endpoint: viewEndpoints.remove,
    access: access.user,
    params: idParam,
    message: 'views.deleted',
    handler: async ({ app, caller, params }) => {
      await deleteView(app.db, caller, params.id);
      return null;
    },
  }),
  route({
    endpoint: viewEndpoints.columns,
    access: access.user,
    query: viewListQuery,
    handler: ({ app, caller, query }) => columnsOf(app.db, caller, query.list),
  }),
  route({
    endpoint: viewEndpoints.saveColumns,
    access: access.user,
    body: listColumnsBody,
    message: 'views.columnsSaved',
    handler: ({ app, caller, body }) => saveColumns(app.db, caller, body),
  }),
];

import { idParam, type KeyNumberDto, keyNumberBody, Perm, pageQuery } from '@app/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { audit } from '../platform/audit/audit';
import { hasSqlState, UNIQUE_VIOLATION } from '../platform/db/errors';
import { conflict, notFound } from '../platform/http/errors';
import { access, route } from '../platform/http/route';
import { keyNumberCategories } from './programmes.schema';

type Row = typeof keyNumberCategories.$inferSelect;
const toDto = (r: Row): KeyNumberDto => ({
  id: r.id,
  name: r.name,
  description: r.description,
  sort: r.sort,
  created_at: r.createdAt.toISOString(),
});
const perm = access.admin(Perm.keyNumbers);

/** Runs a write, turning a duplicate name into 409. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (hasSqlState(error, UNIQUE_VIOLATION)) throw conflict('programme.keyNumberExists');
    throw error;
  }
}

const list = route({
  method: 'GET',
  url: '/api/rk/list',
  access: perm,
  query: pageQuery,
  handler: async ({ app, query }) => {
    const [count] = await app.db.select({ total: sql<number>`count(*)::int` }).from(keyNumberCategories);
    const rows = await app.db
      .select()
      .from(keyNumberCategories)
      .orderBy(asc(keyNumberCategories.sort), asc(keyNumberCategories.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return {
      list: rows.map(toDto),
      meta: { total: Number(count?.total ?? 0), page: query.page, pageSize: query.pageSize },
    };
  },
});

const create = route({
  method: 'POST',
  url: '/api/rk',
  access: perm,
  body: keyNumberBody,
  message: 'common.addedSuccessfully',
  handler: ({ app, req, body }) =>
    uniqueName(() =>
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(keyNumberCategories)
          .values({ name: body.name, description: body.description ?? null, sort: body.sort })
          .returning();
        await audit(tx, req, {
          action: 'create',
          entity: 'key_number_category',
          entityId: row!.id,
          after: row,
        });
        return toDto(row!);
      }),
    ),
});

const update = route({
  method: 'PUT',
  url: '/api/rk/:id',
  access: perm,
  params: idParam,
  body: keyNumberBody,
  message: 'common.editSuccessful',
  handler: ({ app, req, params, body }) =>
    uniqueName(() =>
      app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(keyNumberCategories)
          .where(eq(keyNumberCategories.id, params.id));
        if (!before) throw notFound();
        const [after] = await tx
          .update(keyNumberCategories)
          .set({ name: body.name, description: body.description ?? null, sort: body.sort })
          .where(eq(keyNumberCategories.id, params.id))
          .returning();
        await audit(tx, req, {
          action: 'update',
          entity: 'key_number_category',
          entityId: params.id,
          before,
          after,
        });
        return toDto(after!);
      }),
    ),
});

const remove = route({
  method: 'DELETE',
  url: '/api/rk/:id',
  access: perm,
  params: idParam,
  message: 'common.deletedSuccessfully',
  handler: ({ app, req, params }) =>
    app.db.transaction(async (tx) => {
      const [before] = await tx
        .delete(keyNumberCategories)
        .where(eq(keyNumberCategories.id, params.id))
        .returning();
      if (!before) throw notFound();
      await audit(tx, req, { action: 'delete', entity: 'key_number_category', entityId: params.id, before });
    }),
});

export const keyNumberRoutes = [list, create, update, remove];

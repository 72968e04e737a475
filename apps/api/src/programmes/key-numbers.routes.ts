import {
  idParam,
  type KeyNumberDto,
  keyNumberBody,
  Perm,
  pageQuery,
  programmeEndpoints,
} from '@app/contracts';
import { asc, sql } from 'drizzle-orm';
import { access, route } from '../platform/http/route';
import { createKeyNumber, deleteKeyNumber, type KeyNumberRow, updateKeyNumber } from './key-numbers.service';
import { keyNumberCategories } from './programmes.schema';

const toDto = (r: KeyNumberRow): KeyNumberDto => ({
  id: r.id,
  name: r.name,
  description: r.description,
  sort: r.sort,
  created_at: r.createdAt.toISOString(),
});
const perm = access.admin(Perm.keyNumbers);

const list = route({
  endpoint: programmeEndpoints.keyNumbers,
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
  endpoint: programmeEndpoints.createKeyNumber,
  access: perm,
  body: keyNumberBody,
  message: 'common.addedSuccessfully',
  handler: async ({ app, body, caller }) =>
    toDto(await app.db.transaction((tx) => createKeyNumber(tx, caller, body))),
});

const update = route({
  endpoint: programmeEndpoints.updateKeyNumber,
  access: perm,
  params: idParam,
  body: keyNumberBody,
  message: 'common.editSuccessful',
  handler: async ({ app, params, body, caller }) =>
    toDto(await app.db.transaction((tx) => updateKeyNumber(tx, caller, params.id, body))),
});

const remove = route({
  endpoint: programmeEndpoints.removeKeyNumber,
  access: perm,
  params: idParam,
  message: 'common.deletedSuccessfully',
  handler: async ({ app, params, caller }) => {
    await app.db.transaction((tx) => deleteKeyNumber(tx, caller, params.id));
  },
});

export const keyNumberRoutes = [list, create, update, remove];

import {
  idParam,
  Perm,
  type ProductView,
  productBody,
  productEndpoints,
  productListBody,
} from '@app/contracts';
import { z } from 'zod';
import { access, route } from '../platform/http/route';
import { keysetBatches, streamXlsx } from '../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
import { startImport } from '../platform/xlsx/import';
import { PRODUCT_COLUMNS, productCell, productFileHeader, productImport } from './products.import';
import { createProduct, listProducts, productBatch, productTags, updateProduct } from './products.service';

const listBody = productListBody.extend({
  export: z.boolean({ message: 'validation.boolean' }).default(false),
});

/** The import's columns and values (an export imports back), headed in the reader's language. */
const exportColumns = (reader: SheetReader) =>
  PRODUCT_COLUMNS.map((column) =>
    sheetFormat(reader).text(productFileHeader(column), (p: ProductView) => productCell(p, column)),
  );

export const productRoutes = [
  route({
    endpoint: productEndpoints.list,
    access: access.admin(Perm.providers),
    body: listBody,
    handler: async ({ app, body, reply, locale, timeZone }) => {
      if (!body.export) return listProducts(app.db, body, body.page, body.pageSize);
      const batches = keysetBatches((after, limit) => productBatch(app.db, body, after, limit));
      return streamXlsx(reply, 'products.xlsx', exportColumns({ locale, timeZone }), batches);
    },
  }),
  route({
    endpoint: productEndpoints.tags,
    access: access.holder(Perm.orders),
    handler: ({ app }) => productTags(app.db),
  }),
  route({
    endpoint: productEndpoints.create,
    access: access.admin(Perm.providers),
    body: productBody,
    message: 'common.addedSuccessfully',
    handler: ({ app, body, caller }) =>
      app.db.transaction(async (tx) => ({ id: (await createProduct(tx, caller, body)).id })),
  }),
  route({
    endpoint: productEndpoints.import,
    access: access.admin(Perm.providers),
    rawBody: true,
    handler: (ctx) => startImport(ctx, productImport),
  }),
  route({
    endpoint: productEndpoints.update,
    access: access.admin(Perm.providers),
    params: idParam,
    body: productBody,
    message: 'common.editSuccessful',
    handler: ({ app, params, body, caller }) =>
      app.db.transaction(async (tx) => ({ id: (await updateProduct(tx, caller, params.id, body)).id })),
  }),
];

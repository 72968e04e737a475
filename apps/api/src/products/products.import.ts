import { Perm, type ProductInput, type ProductView, productBody } from '@app/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { conflict } from '../platform/http/errors';
import { parseOrThrow } from '../platform/http/validation';
import type { ImportSpec } from '../platform/xlsx/import';
import type { SheetRow } from '../platform/xlsx/read';
import { providerByNo } from '../providers/lookups';
import { products } from './products.schema';
import { checkProductRefs, createProduct, updateProduct } from './products.service';

/** Columns of the product template, export and import; tags are comma-separated. */
export const PRODUCT_COLUMNS = [
  'id',
  'name',
  'provider_no',
  'price',
  'sales_points',
  'source_type',
  'grants_level_id',
  'tags',
  'status',
] as const;

/** A column's header in the products files (export and import), translated. */
export const productFileHeader = (column: (typeof PRODUCT_COLUMNS)[number]) =>
  `products.file.${column}` as const;

export function productCell(p: ProductView, column: (typeof PRODUCT_COLUMNS)[number]) {
  if (column === 'tags') return p.tags.join(',');
  return p[column] ?? null;
}

const splitTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

async function rowInput(db: Parameters<ImportSpec<unknown>['prepare']>[0], row: SheetRow) {
  const provider = row.provider_no ? await providerByNo(db, row.provider_no, 'provider_no') : null;
  return parseOrThrow(productBody, {
    ...row,
    provider_id: provider?.id ?? null,
    tags: splitTags(row.tags ?? ''),
    status: row.status ? Number(row.status) : undefined,
  });
}

/**
 * The product a row without an id would duplicate: same name (any case) from the same provider (or none). Such a row
 * is refused, so importing a file again does not add every product a second time (a second product of the same name
 * is made with the form).
 */
async function sameProduct(db: DbOrTx, input: ProductInput) {
  const [found] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(sql`lower(${products.name})`, input.name.toLowerCase()),
        input.provider_id === null ? isNull(products.providerId) : eq(products.providerId, input.provider_id),
      ),
    )
    .limit(1);
  return found;
}

/**
 * A row with the id of an existing product updates it; a row without an id adds a product, unless one of that name
 * and provider exists (409 'sales.productExists', naming its id to put in the row) or an earlier row of the file adds
 * it ('sales.productRepeated').
 */
export const productImport: ImportSpec<{ id: number | null; input: ProductInput }> = {
  kind: 'product',
  columns: PRODUCT_COLUMNS,
  header: (column) => productFileHeader(column as (typeof PRODUCT_COLUMNS)[number]),
  perm: Perm.providers,
  async prepare(db, row) {
    const input = await rowInput(db, row);
    await checkProductRefs(db, input);
    const id = /^\d+$/.test(row.id ?? '') ? Number(row.id) : null;
    const existing = id === null ? await sameProduct(db, input) : undefined;
    if (existing) throw conflict('sales.productExists', { id: existing.id });
    return { id, input };
  },
  once: {
    key: ({ id, input }) => (id === null ? `${input.provider_id ?? ''} ${input.name.toLowerCase()}` : null),
    message: 'sales.productRepeated',
  },
  async apply(tx, rows, actor) {
    for (const { id, input } of rows) {
      const [existing] = id
        ? await tx.select({ id: products.id }).from(products).where(eq(products.id, id))
        : [];
      if (existing) await updateProduct(tx, actor, existing.id, input);
      else await createProduct(tx, actor, input);
    }
  },
};

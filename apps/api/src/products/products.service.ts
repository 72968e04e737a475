import { formatCents, type ProductInput, type ProductView, type SourceType } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { levelById } from '../members/lookups';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import type { Db, DbOrTx } from '../platform/db/client';
import { keywordFilter } from '../platform/db/paging';
import { notFound } from '../platform/http/errors';
import { providerById } from '../providers/lookups';
import { providers } from '../providers/providers.schema';
import { type ProductRow, products } from './products.schema';

export interface ProductFilter {
  keyword?: string;
  provider_id?: number;
  source_type?: number;
  status?: number;
  tags?: string[];
}

const filterWhere = (f: ProductFilter) =>
  and(
    keywordFilter(f.keyword, [products.name]),
    f.provider_id ? eq(products.providerId, f.provider_id) : undefined,
    f.source_type ? eq(products.sourceType, f.source_type) : undefined,
    f.status ? eq(products.status, f.status) : undefined,
    f.tags?.length ? sql`${products.tags} && ${sql.param(f.tags)}::text[]` : undefined,
  );

const viewColumns = { product: products, providerNo: providers.providerNo, providerName: providers.name };

function toProductView(r: {
  product: ProductRow;
  providerNo: string | null;
  providerName: string | null;
}): ProductView {
  const p = r.product;
  return {
    id: p.id,
    name: p.name,
    provider_id: p.providerId,
    provider_no: r.providerNo,
    provider_name: r.providerName,
    price: formatCents(p.priceCents),
    sales_points: p.salesPoints,
    source_type: p.sourceType as SourceType,
    grants_level_id: p.grantsLevelId,
    tags: p.tags,
    status: p.status as 1 | 2,
    created_at: p.createdAt.toISOString(),
  };
}

const selectProducts = (db: DbOrTx) =>
  db.select(viewColumns).from(products).leftJoin(providers, eq(providers.id, products.providerId));

export async function listProducts(db: Db, f: ProductFilter, page: number, pageSize: number) {
  const where = filterWhere(f);
  const [rows, [count]] = await Promise.all([
    selectProducts(db)
      .where(where)
      .orderBy(sql`${products.id} desc`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { list: rows.map(toProductView), meta: { total: Number(count?.n ?? 0), page, pageSize } };
}

export async function productBatch(db: Db, f: ProductFilter, afterId: number | null, limit: number) {
  const rows = await selectProducts(db)
    .where(and(filterWhere(f), afterId ? sql`${products.id} > ${afterId}` : undefined))
    .orderBy(products.id)
    .limit(limit);
  return rows.map(toProductView);
}

/** Every tag in use, for the tag pickers. */
export async function productTags(db: Db): Promise<string[]> {
  const rows = await db.execute(
    sql`select distinct unnest(${products.tags}) as tag from ${products} order by 1`,
  );
  return (rows as unknown as { rows: Array<{ tag: string }> }).rows.map((r) => r.tag);
}

export async function checkProductRefs(db: DbOrTx, input: ProductInput) {
  if (input.provider_id) await providerById(db, input.provider_id, 'provider_id');
  if (input.grants_level_id) await levelById(db, input.grants_level_id, 'grants_level_id');
}

const columnsOf = (input: ProductInput) => ({
  name: input.name,
  providerId: input.provider_id,
  priceCents: input.price,
  salesPoints: input.sales_points,
  sourceType: input.source_type,
  grantsLevelId: input.source_type === 1 ? input.grants_level_id : null,
  tags: [...new Set(input.tags)],
  status: input.status,
});

export async function createProduct(db: DbOrTx, actor: Caller, input: ProductInput) {
  await checkProductRefs(db, input);
  const [row] = await db.insert(products).values(columnsOf(input)).returning();
  await audit(db, actor, { action: 'create', entity: 'product', entityId: row!.id, after: row });
  return row!;
}

export async function updateProduct(db: DbOrTx, actor: Caller, id: number, input: ProductInput) {
  const [before] = await db.select().from(products).where(eq(products.id, id));
  if (!before) throw notFound('sales.productNotFound');
  await checkProductRefs(db, input);
  const [after] = await db.update(products).set(columnsOf(input)).where(eq(products.id, id)).returning();
  await audit(db, actor, { action: 'update', entity: 'product', entityId: id, before, after });
  return after!;
}

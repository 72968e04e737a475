import { formatBp, type ProviderInput, type ProviderView } from '@app/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import { memberByNo } from '../members/lookups';
import { users } from '../members/members.schema';
import { orders } from '../orders/orders.schema';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import type { Db, DbOrTx } from '../platform/db/client';
import { keywordFilter } from '../platform/db/paging';
import { conflict, notFound } from '../platform/http/errors';
import { type ProviderRow, providers } from './providers.schema';

export interface ProviderFilter {
  keyword?: string;
  status?: number;
  referrer_user_id?: number;
}

const filterWhere = (f: ProviderFilter) =>
  and(
    f.keyword
      ? or(keywordFilter(f.keyword, [providers.name, providers.email]), eq(providers.providerNo, f.keyword))
      : undefined,
    f.status ? eq(providers.status, f.status) : undefined,
    f.referrer_user_id ? eq(providers.referrerUserId, f.referrer_user_id) : undefined,
  );

const viewColumns = {
  provider: providers,
  referrerNo: users.userNo,
  referrerName: users.name,
  orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.providerId} = ${providers.id})`,
};

export function toProviderView(r: {
  provider: ProviderRow;
  referrerNo: string | null;
  referrerName: string | null;
  orderCount: number;
}): ProviderView {
  const p = r.provider;
  return {
    id: p.id,
    provider_no: p.providerNo,
    name: p.name,
    proportion: formatBp(p.proportionBp),
    phone: p.phone,
    email: p.email,
    status: p.status as 1 | 2,
    referrer_user_id: p.referrerUserId,
    referrer_user_no: r.referrerNo,
    referrer_name: r.referrerName,
    order_count: Number(r.orderCount),
    created_at: p.createdAt.toISOString(),
  };
}

function selectProviders(db: DbOrTx) {
  return db.select(viewColumns).from(providers).leftJoin(users, eq(users.id, providers.referrerUserId));
}

export async function listProviders(db: Db, f: ProviderFilter, page: number, pageSize: number) {
  const where = filterWhere(f);
  const [rows, [count]] = await Promise.all([
    selectProviders(db)
      .where(where)
      .orderBy(sql`${providers.id} desc`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(providers).where(where),
  ]);
  return { list: rows.map(toProviderView), meta: { total: Number(count?.n ?? 0), page, pageSize } };
}

/** Provider rows in id order after `afterId` (export batches). */
export async function providerBatch(db: Db, f: ProviderFilter, afterId: number | null, limit: number) {
  const rows = await selectProviders(db)
    .where(and(filterWhere(f), afterId ? sql`${providers.id} > ${afterId}` : undefined))
    .orderBy(providers.id)
    .limit(limit);
  return rows.map((r) => ({ ...toProviderView(r) }));
}

async function columnsOf(db: DbOrTx, input: ProviderInput) {
  const referrer = input.referrer_user_no
    ? await memberByNo(db, input.referrer_user_no, 'referrer_user_no')
    : null;
  return {
    name: input.name,
    proportionBp: input.proportion,
    phone: input.phone || null,
    email: input.email,
    status: input.status,
    referrerUserId: referrer?.id ?? null,
  };
}

export async function createProvider(db: DbOrTx, actor: Caller, input: ProviderInput) {
  const values = await columnsOf(db, input);
  const [row] = await db.insert(providers).values(values).returning();
  await audit(db, actor, { action: 'create', entity: 'provider', entityId: row!.id, after: row });
  return row!;
}

export async function updateProvider(db: DbOrTx, actor: Caller, id: number, input: ProviderInput) {
  const [before] = await db.select().from(providers).where(eq(providers.id, id));
  if (!before) throw notFound('sales.providerNotFound');
  const [after] = await db
    .update(providers)
    .set(await columnsOf(db, input))
    .where(eq(providers.id, id))
    .returning();
  await audit(db, actor, { action: 'update', entity: 'provider', entityId: id, before, after });
  return after!;
}

/** Refused while the provider has orders (they keep pointing at it). */
export async function deleteProvider(db: DbOrTx, actor: Caller, id: number) {
  const [before] = await db.select().from(providers).where(eq(providers.id, id));
  if (!before) throw notFound('sales.providerNotFound');
  const [used] = await db.select({ id: orders.id }).from(orders).where(eq(orders.providerId, id)).limit(1);
  if (used) throw conflict('sales.providerHasOrders');
  await db.delete(providers).where(eq(providers.id, id));
  await audit(db, actor, { action: 'delete', entity: 'provider', entityId: id, before });
}

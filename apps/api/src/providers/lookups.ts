import type { MessageKey } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { levels, users } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { fieldError } from '../platform/http/errors';
import { products } from '../products/products.schema';
import { providers } from './providers.schema';

/** Look-ups by the public numbers that forms, imports and the shop platform use; a miss is a 422 on `field`. */
async function firstOr<T>(rows: Promise<T[]>, field: string, key: MessageKey): Promise<T> {
  const [row] = await rows;
  if (!row) throw fieldError(field, key);
  return row;
}

export const memberByNo = (db: DbOrTx, userNo: string, field: string) =>
  firstOr(
    db
      .select()
      .from(users)
      .where(and(eq(users.userNo, userNo), eq(users.isAdmin, false))),
    field,
    'sales.memberNotFound',
  );

export const memberByPlatformId = (db: DbOrTx, platformId: string, field: string) =>
  firstOr(
    db
      .select()
      .from(users)
      .where(and(eq(users.platformId, platformId), eq(users.isAdmin, false)))
      .limit(1),
    field,
    'sales.memberNotFound',
  );

export const providerByNo = (db: DbOrTx, providerNo: string, field: string) =>
  firstOr(
    db.select().from(providers).where(eq(providers.providerNo, providerNo)),
    field,
    'sales.providerNotFound',
  );

export const providerById = (db: DbOrTx, id: number, field: string) =>
  firstOr(db.select().from(providers).where(eq(providers.id, id)), field, 'sales.providerNotFound');

export const productById = (db: DbOrTx, id: number, field: string) =>
  firstOr(db.select().from(products).where(eq(products.id, id)), field, 'sales.productNotFound');

export const levelById = (db: DbOrTx, id: number, field: string) =>
  firstOr(db.select().from(levels).where(eq(levels.id, id)), field, 'sales.levelNotFound');

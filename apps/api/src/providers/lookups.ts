import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { firstRowOr } from '../platform/db/first-row';
import { providers } from './providers.schema';

/** Look-ups by the public numbers that forms, imports and the shop platform use; a miss is a 422 on `field`. */
export const providerByNo = (db: DbOrTx, providerNo: string, field: string) =>
  firstRowOr(
    db.select().from(providers).where(eq(providers.providerNo, providerNo)),
    field,
    'sales.providerNotFound',
  );

export const providerById = (db: DbOrTx, id: number, field: string) =>
  firstRowOr(db.select().from(providers).where(eq(providers.id, id)), field, 'sales.providerNotFound');

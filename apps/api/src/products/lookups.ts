import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { firstRowOr } from '../platform/db/first-row';
import { products } from './products.schema';

/** A product by id; a miss is a 422 on `field`. */
export const productById = (db: DbOrTx, id: number, field: string) =>
  firstRowOr(db.select().from(products).where(eq(products.id, id)), field, 'sales.productNotFound');

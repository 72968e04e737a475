import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { firstRowOr } from '../platform/db/first-row';
import { levels, users } from './members.schema';

/** Look-ups by the public numbers that forms, imports and the shop platform use; a miss is a 422 on `field`. */
export const memberByNo = (db: DbOrTx, userNo: string, field: string) =>
  firstRowOr(
    db
      .select()
      .from(users)
      .where(and(eq(users.userNo, userNo), eq(users.isAdmin, false))),
    field,
    'sales.memberNotFound',
  );

export const memberByPlatformId = (db: DbOrTx, platformId: string, field: string) =>
  firstRowOr(
    db
      .select()
      .from(users)
      .where(and(eq(users.platformId, platformId), eq(users.isAdmin, false)))
      .limit(1),
    field,
    'sales.memberNotFound',
  );

export const levelById = (db: DbOrTx, id: number, field: string) =>
  firstRowOr(db.select().from(levels).where(eq(levels.id, id)), field, 'sales.levelNotFound');

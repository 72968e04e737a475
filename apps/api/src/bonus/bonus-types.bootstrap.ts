import type { DbOrTx } from '../platform/db/client';
import { bonusTypes } from './bonus.schema';
import { DEFAULT_BONUS_TYPES } from './default-types';

/** Seeds bonus types 1–11; never overwrites what an admin configured. */
export async function bootstrapBonusTypes(db: DbOrTx): Promise<void> {
  await db
    .insert(bonusTypes)
    .values(
      DEFAULT_BONUS_TYPES.map((t) => ({
        key: t.key,
        kind: t.params.kind,
        nameEn: t.names[0],
        nameZhHk: t.names[1],
        nameZhCn: t.names[2],
        params: t.params,
        columns: t.columns,
      })),
    )
    .onConflictDoNothing();
}

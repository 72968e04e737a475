import type { Locale } from '@app/contracts';
import type { DbOrTx } from '../platform/db/client';
import { bonusTypes } from './bonus.schema';
import { localName } from './localized';

/** Every bonus type's name in `locale`, by key (a type missing from the table shows as `#key`). */
export async function bonusTypeNames(db: DbOrTx, locale: Locale): Promise<(key: number) => string> {
  const names = new Map((await db.select().from(bonusTypes)).map((t) => [t.key, localName(t, locale)]));
  return (key) => names.get(key) ?? `#${key}`;
}

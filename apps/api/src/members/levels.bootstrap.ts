import type { DbOrTx } from '../platform/db/client';
import { levels } from './members.schema';

/** The levels with their default ratios (basis points) and share caps (docs/product/bonus.md). */
export const DEFAULT_LEVELS = [
  {
    id: 1,
    name: 'Pathfinder',
    nameZhHk: '探路者',
    nameZhCn: '探路者',
    invitationRatioBp: 1000,
    secondGenRatioBp: 0,
    thirdGenRatioBp: 0,
    shareCap: 0,
  },
  {
    id: 2,
    name: 'Pioneer',
    nameZhHk: '先鋒',
    nameZhCn: '先锋',
    invitationRatioBp: 2000,
    secondGenRatioBp: 500,
    thirdGenRatioBp: 0,
    shareCap: 1,
  },
  {
    id: 3,
    name: 'Special',
    nameZhHk: '特別會員',
    nameZhCn: '特别会员',
    invitationRatioBp: 2500,
    secondGenRatioBp: 800,
    thirdGenRatioBp: 500,
    shareCap: 3,
  },
  {
    id: 4,
    name: 'Life-time Scholar',
    nameZhHk: '終身學者',
    nameZhCn: '终身学者',
    invitationRatioBp: 3000,
    secondGenRatioBp: 1000,
    thirdGenRatioBp: 800,
    shareCap: 5,
  },
];

export async function bootstrapLevels(db: DbOrTx): Promise<void> {
  await db.insert(levels).values(DEFAULT_LEVELS).onConflictDoNothing();
}

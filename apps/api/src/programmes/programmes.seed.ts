import { Level } from '@app/contracts';
import { isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { providers } from '../providers/providers.schema';
import type { DemoWorld } from '../seed/demo-world';
import { keyNumberCategories, qualifiedCps, wecAssessments } from './programmes.schema';
import { assessmentEnd } from './wec.conditions';

/** Demo programmes: providers' referrers as Qualified CPs, a few WEC assessments, key number categories. */
export async function seedProgrammes(db: DbOrTx, world: DemoWorld): Promise<void> {
  const referrers = await db
    .selectDistinct({ id: providers.referrerUserId })
    .from(providers)
    .where(isNotNull(providers.referrerUserId));
  if (referrers.length > 0)
    await db
      .insert(qualifiedCps)
      .values(referrers.map((r) => ({ userId: r.id! })))
      .onConflictDoNothing();
  const candidates = world.members
    .filter((m) => m.levelId === Level.Pioneer || m.levelId === Level.Special)
    .slice(0, 6);
  const startedAt = new Date(Date.now() - 20 * 86_400_000);
  await db
    .insert(wecAssessments)
    .values(
      candidates.map((m, i) => ({
        userId: m.id,
        joinedAt: new Date(startedAt.getTime() - 86_400_000),
        startedAt: i % 3 === 2 ? null : startedAt,
        endsAt: i % 3 === 2 ? null : assessmentEnd(startedAt),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(keyNumberCategories)
    .values([
      { name: 'Life path number', description: 'From the full date of birth', sort: 1 },
      { name: 'Destiny number', description: 'From the full name', sort: 2 },
      { name: 'Soul urge number', description: 'From the vowels of the name', sort: 3 },
    ])
    .onConflictDoNothing();
}

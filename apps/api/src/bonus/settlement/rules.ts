import { isDeepStrictEqual } from 'node:util';
import { BonusKey } from '@app/contracts';
import { asc } from 'drizzle-orm';
import { levels } from '../../members/members.schema';
import type { DbOrTx } from '../../platform/db/client';
import { bonusTypes, type RunRules } from '../bonus.schema';
import type { EngineBonusType } from '../engine/types';

/** The rules in force now, as a run keeps them: every bonus type (enabled or not) and every level's ratios. */
export async function rulesInForce(db: DbOrTx): Promise<RunRules> {
  const types = await db.select().from(bonusTypes).orderBy(asc(bonusTypes.key));
  return {
    types: types.map((t) => ({ key: t.key, kind: t.kind, params: t.params, enabled: t.enabled })),
    levels: await db.select().from(levels).orderBy(asc(levels.id)),
  };
}

/** The types a run of `rules` computes: the enabled ones (or the one asked for), not the one-off WEC reward. */
export const typesToRun = (rules: RunRules, typeKey: number | null | undefined): EngineBonusType[] =>
  rules.types
    .filter((t) => t.enabled && (typeKey == null || t.key === typeKey) && t.key !== BonusKey.wecReward)
    .map((t) => ({ key: t.key, params: t.params }));

/** Whether two sets of rules say the same (a run's rules come back from jsonb with their keys reordered). */
export const sameRules = (a: RunRules, b: RunRules): boolean =>
  isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

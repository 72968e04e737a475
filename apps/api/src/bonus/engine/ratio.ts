import type { RatioSource } from '@app/contracts';
import { BP_DIVISOR, type LevelRatios, SP_CENTS } from './types';

/** The ratio (bp) a member of `levelId` gets under `source`; 0 for an unknown level. */
export function ratioFor(
  source: RatioSource,
  levelId: number,
  levels: ReadonlyMap<number, LevelRatios>,
): number {
  if ('levelField' in source) return levels.get(levelId)?.[source.levelField] ?? 0;
  return source.bpByLevel[levelId - 1] ?? 0;
}

/** floor(sp × 100 × bp / 10 000) in integer arithmetic (BigInt only when the product is not a safe integer). */
export function spShareCents(sp: number, ratioBp: number): number {
  const product = sp * SP_CENTS * ratioBp;
  if (Number.isSafeInteger(product)) return Math.floor(product / BP_DIVISOR);
  return Number((BigInt(sp) * BigInt(SP_CENTS) * BigInt(ratioBp)) / BigInt(BP_DIVISOR));
}

/** floor(total × part / whole) for non-negative integers. */
export function proRata(total: number, part: number, whole: number): number {
  if (whole === 0) return 0;
  const product = total * part;
  if (Number.isSafeInteger(product)) return Math.floor(product / whole);
  return Number((BigInt(total) * BigInt(part)) / BigInt(whole));
}

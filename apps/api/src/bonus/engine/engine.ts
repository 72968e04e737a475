import { cadenceOf, RULE_KINDS, type RuleKind } from './kinds';
import type { EngineBonusType, EngineInput, Payout, PayoutSink } from './types';

/**
 * Computes the payouts of the given bonus types over one period's inputs and hands each to `emit`, type
 * by type in the order given. Pure and deterministic: no database, no clock, so a caller may run it again
 * for a second pass. `cadence` picks which types run: 'day' the order-driven ones, 'month' the
 * order-driven and the monthly ones.
 */
export function forEachPayout(
  input: EngineInput,
  types: readonly EngineBonusType[],
  cadence: 'day' | 'month',
  emit: PayoutSink,
): void {
  for (const type of types) {
    const typeCadence = cadenceOf(type.params);
    if (typeCadence === 'event' || (cadence === 'day' && typeCadence === 'month')) continue;
    const kind = RULE_KINDS[type.params.kind] as RuleKind<typeof type.params.kind>;
    kind.compute(type.key, type.params as never, input, emit);
  }
}

/** forEachPayout collected into an array (tests and small periods). */
export function computePayouts(
  input: EngineInput,
  types: readonly EngineBonusType[],
  cadence: 'day' | 'month',
): Payout[] {
  const payouts: Payout[] = [];
  forEachPayout(input, types, cadence, (p) => payouts.push(p));
  return payouts;
}

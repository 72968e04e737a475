import { cadenceOf, RULE_KINDS, type RuleKind } from './kinds';
import type { EngineBonusType, EngineInput, Payout } from './types';

/**
 * Computes the payouts of the given bonus types over one period's inputs. Pure: no database, no clock.
 * `cadence` picks which types run: 'day' the order-driven ones, 'month' the order-driven and the monthly ones.
 */
export function computePayouts(
  input: EngineInput,
  types: EngineBonusType[],
  cadence: 'day' | 'month',
): Payout[] {
  const payouts: Payout[] = [];
  for (const type of types) {
    const typeCadence = cadenceOf(type.params);
    if (typeCadence === 'event' || (cadence === 'day' && typeCadence === 'month')) continue;
    const kind = RULE_KINDS[type.params.kind] as RuleKind<typeof type.params.kind>;
    // A loop, not push(...spread): a month's payouts of one type exceed the engine's argument limit.
    for (const payout of kind.compute(type.key, type.params as never, input)) payouts.push(payout);
  }
  return payouts;
}

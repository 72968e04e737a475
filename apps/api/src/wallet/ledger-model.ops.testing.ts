import fc from 'fast-check';
import type { Action, LedgerModel, WithdrawalStep } from './ledger-model.testing';

/**
 * The random steps of ledger.model.api.test.ts: each step is one action, or two to four started together.
 * An action's target among what the sequence created (a recharge, a withdrawal, an order) is a pick, an
 * index taken modulo their count when the step runs; members are indexes 0…memberCount-1.
 */
export type Op =
  | Exclude<Action, { kind: 'settleRecharge' | 'step' | 'refund' }>
  | { kind: 'settleRecharge'; pick: number; outcome: 'complete' | 'reject' }
  | { kind: 'step'; pick: number; step: WithdrawalStep }
  | { kind: 'refund'; pick: number };

export function stepsArb(memberCount: number): fc.Arbitrary<Op[]> {
  const member = fc.nat({ max: memberCount - 1 });
  const pick = fc.nat({ max: 20 });
  /** Mostly affordable amounts, sometimes more than any wallet holds. */
  const cents = fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 80_000 }));
  const weighted = <T>(often: T[], seldom: T[]) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...often) },
      { weight: 1, arbitrary: fc.constantFrom(...seldom) },
    );

  /** Actions that may run side by side: each one's effect depends on the others only through its success. */
  const concurrentOp: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('settleRecharge' as const),
        pick,
        outcome: weighted<'complete' | 'reject'>(['complete'], ['reject']),
      }),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({ from: member, offset: fc.integer({ min: 1, max: memberCount - 1 }), cents })
        .map(({ from, offset, cents }) => ({
          kind: 'transfer' as const,
          from,
          to: (from + offset) % memberCount,
          cents,
        })),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), member, cents }) },
    {
      weight: 4,
      // Steps towards payment weigh more, so withdrawals get paid as often as they are sent back.
      arbitrary: fc.record({
        kind: fc.constant('step' as const),
        pick,
        step: weighted<WithdrawalStep>(['agree', 'paid'], ['cancel', 'refuse', 'failed']),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick }) },
  );

  const anyOp: fc.Arbitrary<Op> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('recharge' as const), member, cents }) },
    { weight: 6, arbitrary: concurrentOp },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('order' as const),
        buyer: member,
        sp: fc.integer({ min: 1, max: 500 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'settle' as const }) },
  );

  return fc.oneof(
    { weight: 3, arbitrary: anyOp.map((op) => [op]) },
    { weight: 1, arbitrary: fc.array(concurrentOp, { minLength: 2, maxLength: 4 }) },
  );
}

/** The action an op stands for in the model's current state; null when there is nothing to pick. */
export function resolve(model: LedgerModel, op: Op): Action | null {
  const nth = <K>(keys: Iterable<K>) => {
    const all = [...keys];
    return all.length === 0 ? null : all[(op as { pick: number }).pick % all.length]!;
  };
  switch (op.kind) {
    case 'settleRecharge': {
      const id = nth(model.recharges.keys());
      return id === null ? null : { kind: op.kind, id, outcome: op.outcome };
    }
    case 'step': {
      const id = nth(model.withdrawals.keys());
      return id === null ? null : { kind: op.kind, id, step: op.step };
    }
    case 'refund': {
      const orderNo = nth(model.orders.keys());
      return orderNo === null ? null : { kind: op.kind, orderNo };
    }
    default:
      return op;
  }
}

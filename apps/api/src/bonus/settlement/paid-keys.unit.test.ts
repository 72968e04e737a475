import { describe, expect, it } from 'vitest';
import { memberTable, orderTable } from '../engine/tables';
import type { Payout } from '../engine/types';
import { PaidKeys } from './paid-keys';

const members = memberTable(
  [1, 2, 3].map((id) => ({ id, levelId: 2, parentId: null, iblommerParentId: null, isQualifiedCp: false })),
);
const orders = orderTable(
  [10, 11].map((id) => ({
    id,
    buyerId: 3,
    salesPoint: 100,
    sourceType: 1,
    providerId: null,
    day: '2026-10-05',
  })),
);
const payout = (userId: number, typeKey: number, orderId: number | null, period: string): Payout => ({
  userId,
  typeKey,
  period,
  orderId,
  baseSp: 100,
  ratioBp: 1000,
  cents: 1000,
});

describe('payouts already paid in a period', () => {
  it('matches an order-driven payout by member, type and order, whatever day recorded it', () => {
    const paid = new PaidKeys(orders, members);
    paid.add(1, 1, 10, false);
    // Recorded under the day before, by a run in another time zone: still the same (member, type, order).
    paid.add(2, 2, 11, false);
    expect(paid.has(payout(1, 1, 10, '2026-10-05'))).toBe(true);
    expect(paid.has(payout(2, 2, 11, '2026-10-05'))).toBe(true);
    expect(paid.has(payout(2, 1, 10, '2026-10-05'))).toBe(false);
    expect(paid.has(payout(1, 2, 10, '2026-10-05'))).toBe(false);
    expect(paid.has(payout(1, 1, 11, '2026-10-05'))).toBe(false);
  });

  it('ignores payouts of orders the period does not hold', () => {
    const paid = new PaidKeys(orders, members);
    paid.add(1, 1, 99, false);
    expect(paid.has(payout(1, 1, 10, '2026-10-05'))).toBe(false);
  });

  it('keeps both members paid for one order and type (the tree changed between runs)', () => {
    const paid = new PaidKeys(orders, members);
    paid.add(1, 1, 10, false);
    paid.add(2, 1, 10, false);
    expect(paid.has(payout(1, 1, 10, '2026-10-05'))).toBe(true);
    expect(paid.has(payout(2, 1, 10, '2026-10-05'))).toBe(true);
    expect(paid.has(payout(3, 1, 10, '2026-10-05'))).toBe(false);
  });

  it('matches a monthly payout by member and type', () => {
    const paid = new PaidKeys(orders, members);
    paid.add(2, 9, 0, true);
    // A day's entry without an order is no monthly payout.
    paid.add(1, 9, 0, false);
    expect(paid.has(payout(2, 9, null, '2026-10'))).toBe(true);
    expect(paid.has(payout(2, 6, null, '2026-10'))).toBe(false);
    expect(paid.has(payout(1, 9, null, '2026-10'))).toBe(false);
  });
});

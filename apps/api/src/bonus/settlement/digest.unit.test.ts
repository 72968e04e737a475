import { describe, expect, it } from 'vitest';
import type { Payout } from '../engine/types';
import { PayoutDigest } from './digest';

const payout = (userId: number, cents: number, orderId: number | null = 7): Payout => ({
  userId,
  typeKey: 1,
  period: '2026-10-05',
  orderId,
  baseSp: 100,
  ratioBp: 1000,
  cents,
});

const digestOf = (payouts: Payout[]) => {
  const d = new PayoutDigest();
  for (const p of payouts) d.add(p);
  return d.toString();
};

describe('payout digest', () => {
  it('is the same whatever order the payouts come in', () => {
    expect(digestOf([payout(1, 100), payout(2, 200), payout(3, 300)])).toBe(
      digestOf([payout(3, 300), payout(1, 100), payout(2, 200)]),
    );
  });

  it('changes when a payout changes its member, amount or order, or one is added', () => {
    const base = digestOf([payout(1, 100), payout(2, 200)]);
    expect(digestOf([payout(1, 100), payout(3, 200)])).not.toBe(base);
    expect(digestOf([payout(1, 101), payout(2, 199)])).not.toBe(base);
    expect(digestOf([payout(1, 100), payout(2, 200, 8)])).not.toBe(base);
    expect(digestOf([payout(1, 100), payout(2, 200, null)])).not.toBe(base);
    expect(digestOf([payout(1, 100), payout(2, 200), payout(4, 0)])).not.toBe(base);
    // Two members swapping amounts keep count and total: the hashes still tell them apart.
    expect(digestOf([payout(1, 200), payout(2, 100)])).not.toBe(base);
  });
});

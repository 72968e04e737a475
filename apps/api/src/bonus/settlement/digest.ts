import type { Payout } from '../engine/types';

/**
 * What a run's payouts hash to, whatever order the engine emits them in: approval recomputes the run and pays
 * only when the recomputation hashes the same, so what a second administrator approved is exactly what is
 * paid. Each payout (member, type, source order or month, SP base, cents) is mixed into two 32-bit hashes that
 * are summed; with the count and total cents that makes an accidental match of two different sets of payouts
 * astronomically unlikely (it guards against changed data, not against an attacker who can write the database).
 */
export class PayoutDigest {
  private count = 0;
  private cents = 0;
  private a = 0;
  private b = 0;

  add(p: Payout): void {
    const words = [
      p.userId,
      p.typeKey,
      p.orderId ?? -1,
      p.baseSp,
      p.cents % 2 ** 32,
      Math.floor(p.cents / 2 ** 32),
    ];
    this.a = (this.a + mix(words, 0x9e3779b1)) >>> 0;
    this.b = (this.b + mix(words, 0x85ebca77)) >>> 0;
    this.count++;
    this.cents += p.cents;
  }

  toString(): string {
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    return `${this.count}:${this.cents}:${hex(this.a)}${hex(this.b)}`;
  }
}

/** murmur3's 32-bit mixing of a few words with a seed. */
function mix(words: readonly number[], seed: number): number {
  let h = seed;
  for (const word of words) {
    let k = Math.imul(word | 0, 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    h ^= k;
    h = Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64;
  }
  h ^= words.length;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

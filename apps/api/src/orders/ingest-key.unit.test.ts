import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { isIngestKey } from './ingest-key';

vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof crypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

describe('isIngestKey', () => {
  it('takes the key only, compared in constant time whatever the length sent', () => {
    const key = 'shop-key-0123456789';
    expect(isIngestKey(key, key)).toBe(true);
    expect(isIngestKey('shop-key-0123456780', key)).toBe(false);
    expect(isIngestKey('s', key)).toBe(false);
    expect(isIngestKey(`${key}x`, key)).toBe(false);
    expect(crypto.timingSafeEqual).toHaveBeenCalledTimes(4);
  });

  it('takes nothing while no key is set, nor a header sent twice', () => {
    expect(isIngestKey('', undefined)).toBe(false);
    expect(isIngestKey('', '')).toBe(false);
    expect(isIngestKey(['a', 'a'], 'a')).toBe(false);
  });
});

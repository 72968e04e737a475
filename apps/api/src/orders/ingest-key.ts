import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a request's `x-api-key` is the shop platform's key (ORDERS_INGEST_KEY; none is accepted while it is
 * unset). Their digests are compared in constant time, so how long the answer takes tells nothing of the key.
 */
export function isIngestKey(given: string | string[] | undefined, key: string | undefined): boolean {
  if (!key || typeof given !== 'string') return false;
  return timingSafeEqual(digest(given), digest(key));
}

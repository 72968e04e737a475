import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScryptCost } from '../config';
import {
  hashPassword,
  onPasswordHashed,
  RECOMMENDED_PASSWORD_COST,
  usePasswordCost,
  verifyAgainstNoAccount,
  verifyPassword,
} from './passwords';

/** Today's cost in these tests: dearer than the first releases' N=2^14, cheap enough to run quickly. */
const TODAY: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

/** A hash as the first releases stored it: `scrypt$<salt>$<hash>`, N=2^14, r=8, p=1 not written down. */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** A hash made at an older setting of the cost, written down with it. */
function hashAt({ N, r, p }: ScryptCost, password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N, r, p, maxmem: 256 * N * r });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** The scrypt work (N·r·p summed over its runs) a check does, told by the password module's listeners. */
async function workOf(check: () => Promise<boolean>): Promise<{ work: number; right: boolean }> {
  let work = 0;
  const stop = onPasswordHashed(({ cost }) => {
    work += cost.N * cost.r * cost.p;
  });
  try {
    return { right: await check(), work };
  } finally {
    stop();
  }
}

describe('a password check', () => {
  let current: string;
  beforeAll(async () => {
    usePasswordCost(TODAY);
    current = await hashPassword('right-pass');
  });
  afterAll(() => usePasswordCost(RECOMMENDED_PASSWORD_COST));

  it('does the same work for an unknown account and for every kind of stored hash, right or wrong', async () => {
    const today = TODAY.N * TODAY.r * TODAY.p;
    const legacy = legacyHash('right-pass');
    const older = hashAt({ N: 2 ** 12, r: 8, p: 1 }, 'right-pass');
    const checks = {
      'unknown account': () => verifyAgainstNoAccount('right-pass'),
      'unreadable hash': () => verifyPassword('right-pass', 'not-a-hash'),
      'current, wrong': () => verifyPassword('wrong-pass', current),
      'current, right': () => verifyPassword('right-pass', current),
      'first release, wrong': () => verifyPassword('wrong-pass', legacy),
      'first release, right': () => verifyPassword('right-pass', legacy),
      'older cost, wrong': () => verifyPassword('wrong-pass', older),
      'older cost, right': () => verifyPassword('right-pass', older),
    };
    const done: Record<string, { work: number; right: boolean }> = {};
    for (const [name, check] of Object.entries(checks)) done[name] = await workOf(check);
    expect(Object.values(done).map((d) => d.work)).toEqual(Object.values(checks).map(() => today));
    expect(Object.entries(done).flatMap(([name, d]) => (d.right ? [name] : []))).toEqual([
      'current, right',
      'first release, right',
      'older cost, right',
    ]);
  }, 60_000);
});

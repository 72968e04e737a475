import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../members/members.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TEST_PASSWORD_COST, TestApi } from '../test/test-app';
import { onPasswordHashed } from './passwords';

/** A hash as the first releases stored it: `scrypt$<salt>$<hash>`, N=16384, r=8, p=1 not written down. */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

async function storedHash(api: TestApi, userId: number): Promise<string> {
  const [row] = await api.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row!.hash;
}

describe('password hashes at the production cost', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start({ passwordCost: undefined });
  });
  afterAll(() => api.close());

  it('are scrypt N=2^17, r=8, p=1; an old-format hash is replaced at the next sign-in', async () => {
    const member = await api.factory.member();
    expect(await storedHash(api, member.id)).toMatch(/^scrypt\$131072\$8\$1\$[^$]+\$[^$]+$/);

    const legacy = legacyHash(TEST_PASSWORD);
    await api.db.update(users).set({ passwordHash: legacy }).where(eq(users.id, member.id));
    expect((await api.post('/api/login', { account: member.name, password: 'wrong-pass' })).status).toBe(400);
    expect(await storedHash(api, member.id)).toBe(legacy);

    await api.login(member.name, TEST_PASSWORD);
    const upgraded = await storedHash(api, member.id);
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
    await api.login(member.email!, TEST_PASSWORD);
    expect(await storedHash(api, member.id)).toBe(upgraded);
  });

  it('a wrong sign-in does the same scrypt work for an unknown name, a first-release hash and a current one', async () => {
    const dormant = await api.factory.member();
    await api.db
      .update(users)
      .set({ passwordHash: legacyHash(TEST_PASSWORD) })
      .where(eq(users.id, dormant.id));
    const active = await api.factory.member();
    const workOf = async (account: string) => {
      let work = 0;
      const stop = onPasswordHashed(({ cost }) => {
        work += cost.N * cost.r * cost.p;
      });
      expect((await api.post('/api/login', { account, password: 'wrong-pass' })).status).toBe(400);
      stop();
      return work;
    };
    const today = 2 ** 17 * 8;
    expect([
      await workOf('nobody-by-this-name'),
      await workOf(dormant.name),
      await workOf(active.name),
    ]).toEqual([today, today, today]);
  });
});

describe('sign-in to an unknown account', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start({ metrics: true });
  });
  afterAll(() => api.close());

  /** scrypt runs of this process at the tests' cost, from the metrics. */
  const hashesRun = async () => {
    const text = (await api.get('/metrics')).raw.toString('utf8');
    const line = new RegExp(
      `^password_hash_duration_seconds_count\\{n="${TEST_PASSWORD_COST.N}"\\} (\\d+)$`,
      'm',
    );
    return Number(line.exec(text)?.[1] ?? 0);
  };
  const hashesFor = async (account: string, password: string, status: number) => {
    const before = await hashesRun();
    expect((await api.post('/api/login', { account, password })).status).toBe(status);
    return (await hashesRun()) - before;
  };

  it('runs one hash of the same cost as a known account, so its answer takes as long', async () => {
    const member = await api.factory.member();
    expect(await hashesFor('nobody-by-this-name', 'wrong-pass', 400)).toBe(1);
    expect(await hashesFor('nobody@example.com', TEST_PASSWORD, 400)).toBe(1);
    expect(await hashesFor(member.name, 'wrong-pass', 400)).toBe(1);
    expect(await hashesFor(member.name, TEST_PASSWORD, 200)).toBe(1);
  });
});

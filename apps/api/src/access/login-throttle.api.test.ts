import { translate } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../config';
import type { UserRow } from '../members/members.schema';
import { systemCaller } from '../platform/caller';
import { queryRows } from '../platform/db/client';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { THROTTLE } from './login-throttle';
import { resetPassword } from './operator-accounts';

/** Spends the address's whole allowance of failures, spread over several accounts (none of them locked). */
async function failFromOneAddress(api: TestApi, forwardedFor: (attempt: number) => string) {
  const perAccount = THROTTLE.perAccount - 2;
  const accounts: UserRow[] = [];
  for (let i = 0; i < Math.ceil(THROTTLE.perIp / perAccount); i++) accounts.push(await api.factory.member());
  for (let attempt = 0; attempt < THROTTLE.perIp; attempt++) {
    const account = accounts[Math.floor(attempt / perAccount)]!;
    const res = await api.post(
      '/api/login',
      { account: account.name, password: 'wrong-pass' },
      { headers: { 'x-forwarded-for': forwardedFor(attempt) } },
    );
    expect(res.status).toBe(400);
  }
}

/** A sign-in with the right password of an account that never failed. */
async function freshLogin(api: TestApi, headers: Record<string, string>, remoteAddress?: string) {
  const member = await api.factory.member();
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/login',
    headers,
    payload: { account: member.name, password: TEST_PASSWORD },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  return res.statusCode;
}

/** One sign-in from `remoteAddress` (the socket address: TRUST_PROXY is unset). */
async function signIn(api: TestApi, account: string, password: string, remoteAddress: string) {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { account, password },
    remoteAddress,
  });
  return { status: res.statusCode, msg: res.json<{ msg: string }>().msg };
}

const OWNER = '198.51.100.20';
let attackers = 0;

describe('login throttle per account from one address', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start();
  });
  afterAll(() => api.close());
  /** Each test attacks from its own address, within that address's own allowance. */
  let ATTACKER: string;
  beforeEach(() => {
    ATTACKER = `203.0.113.${++attackers}`;
  });

  /** The waits now end, as if their minutes had passed. */
  const endWaits = () =>
    api.db.execute(sql`update login_attempts set locked_until = now() - interval '1 second'`);

  it('counts wrong passwords typed under the name and under the e-mail against the same account', async () => {
    const member = await api.factory.member();
    for (const account of [member.name, member.name, member.name, member.email, member.email])
      expect((await signIn(api, account!, 'wrong-pass', ATTACKER)).status).toBe(400);
    expect((await signIn(api, member.email!, 'wrong-pass', ATTACKER)).status).toBe(429);
    expect((await signIn(api, member.name, TEST_PASSWORD, ATTACKER)).status).toBe(429);
  });

  it("keeps the attacker's address waiting while the owner signs in from another address", async () => {
    const admin = await api.factory.superAdmin();
    for (let i = 0; i < THROTTLE.perAccount; i++)
      expect((await signIn(api, admin.name, 'wrong-pass', ATTACKER)).status).toBe(400);
    const locked = await signIn(api, admin.name, TEST_PASSWORD, ATTACKER);
    expect(locked).toEqual({
      status: 429,
      msg: 'Too many failed sign-in attempts, please try again in 1 minute',
    });
    expect((await signIn(api, admin.name, TEST_PASSWORD, OWNER)).status).toBe(200);
    expect((await signIn(api, admin.email!, TEST_PASSWORD, OWNER)).status).toBe(200);
    expect((await signIn(api, admin.name, TEST_PASSWORD, ATTACKER)).status).toBe(429);
  });

  it('lets the right password in once the wait ends; each failure after the allowance waits longer', async () => {
    const member = await api.factory.member();
    for (let i = 0; i < THROTTLE.perAccount; i++) await signIn(api, member.name, 'wrong-pass', ATTACKER);
    await endWaits();
    expect((await signIn(api, member.name, 'wrong-pass', ATTACKER)).status).toBe(400);
    expect((await signIn(api, member.name, TEST_PASSWORD, ATTACKER)).msg).toMatch(/try again in 2 minutes/);
    await endWaits();
    expect((await signIn(api, member.name, TEST_PASSWORD, ATTACKER)).status).toBe(200);
    for (let i = 0; i < THROTTLE.perAccount; i++)
      expect((await signIn(api, member.name, 'wrong-pass', ATTACKER)).status).toBe(400);
  });

  it("ends every address's wait for an account whose password an operator resets", async () => {
    const member = await api.factory.member();
    for (let i = 0; i <= THROTTLE.perAccount; i++) await signIn(api, member.name, 'wrong-pass', ATTACKER);
    await resetPassword(api.db, member, 'reset-pass1', systemCaller('cli:test'));
    expect((await signIn(api, member.name, 'reset-pass1', ATTACKER)).status).toBe(200);
  });

  it('counts attempts sent in parallel: only the allowance is tried, the rest wait', async () => {
    const member = await api.factory.member();
    const answers = await Promise.all(
      Array.from({ length: 3 * THROTTLE.perAccount }, () => signIn(api, member.name, 'wrong-pass', ATTACKER)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(THROTTLE.perAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * THROTTLE.perAccount);
  });

  it('lets right passwords sent at once all in, counting no failure for any of them', async () => {
    const member = await api.factory.member();
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => signIn(api, member.name, TEST_PASSWORD, ATTACKER)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
    const counted = await queryRows<{ key: string }>(
      api.db,
      sql`select key from login_attempts where key like ${`%${ATTACKER}`} and failures > 0`,
    );
    expect(counted).toEqual([]);
  });

  it('throttles a name that is no account like one that is', async () => {
    for (let i = 0; i < THROTTLE.perAccount; i++)
      expect((await signIn(api, 'no-such-account', 'wrong-pass', ATTACKER)).status).toBe(400);
    expect((await signIn(api, 'no-such-account', 'wrong-pass', ATTACKER)).status).toBe(429);
  });
});

describe('login throttle per client address (TRUST_PROXY unset)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start();
  });
  afterAll(() => api.close());

  it('throttles an address after failures over several accounts, whatever X-Forwarded-For claims', async () => {
    await failFromOneAddress(api, (attempt) => `203.0.113.${attempt + 1}`);
    expect(await freshLogin(api, { 'x-forwarded-for': '198.51.100.7' })).toBe(429);
    const res = await api.post('/api/login', { account: 'anyone', password: 'x' });
    expect(res.body.msg).toMatch(/Too many failed sign-in attempts/);
    expect(await freshLogin(api, {}, '192.0.2.50')).toBe(200);
  });

  it('caps attempts sent in parallel over many accounts from one address', async () => {
    const accounts = await Promise.all(Array.from({ length: 20 }, () => api.factory.member()));
    const tries = accounts.flatMap((member) => [member.name, member.name, member.name]);
    const answers = await Promise.all(tries.map((name) => signIn(api, name, 'wrong-pass', '192.0.2.77')));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(THROTTLE.perIp);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(tries.length - THROTTLE.perIp);
  });
});

describe('sign-ins at once (SIGN_IN_LIMIT)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start({ signInLimit: 2 });
  });
  afterAll(() => api.close());

  it('refuses at once, translated, the sign-ins beyond the limit, counting no failure, and lets the next one in', async () => {
    const member = await api.factory.member();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api.post(
          '/api/login',
          { account: member.name, password: TEST_PASSWORD },
          { locale: i % 2 ? 'zh-HK' : 'en-US' },
        ),
      ),
    );
    const busy = burst.filter((res) => res.status === 503);
    expect(burst.filter((res) => res.status === 200)).toHaveLength(2);
    expect(busy).toHaveLength(10);
    expect(new Set(busy.map((res) => res.body.msg))).toEqual(
      new Set([translate('access.busy', 'en-US'), translate('access.busy', 'zh-HK')]),
    );
    const counted = await queryRows<{ n: number }>(
      api.db,
      sql`select count(*)::int as n from login_attempts where failures > 0`,
    );
    expect(counted).toEqual([{ n: 0 }]);

    const again = await api.post('/api/login', { account: member.name, password: TEST_PASSWORD });
    expect(again.status).toBe(200);
  });
});

describe('login throttle behind a trusted proxy (TRUST_PROXY=1)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start({ trustProxy: 1 });
  });
  afterAll(() => api.close());

  it('counts the address the nearest proxy saw; an address the client prepends changes nothing', async () => {
    await failFromOneAddress(api, (attempt) => `10.9.9.${attempt}, 203.0.113.9`);
    expect(await freshLogin(api, { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' })).toBe(429);
    expect(await freshLogin(api, { 'x-forwarded-for': '203.0.113.10' })).toBe(200);
  });
});

describe('TRUST_PROXY setting', () => {
  it('reads off, true, a hop count or a list of proxies', () => {
    expect([undefined, '', 'false', 'FALSE', '0'].map(parseTrustProxy)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' loopback, 10.0.0.0/8 ')).toBe('loopback, 10.0.0.0/8');
  });
});

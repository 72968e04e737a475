import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../config';
import type { UserRow } from '../members/members.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { THROTTLE } from './login-throttle';

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

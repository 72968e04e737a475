import type { SessionView } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi, testConfig } from '../test/test-app';
import { userSessions } from './sessions.schema';

/** Signed-in sessions (docs/product/access.md, "Sessions"): listed, ended one by one or all but this one. */
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.close());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Signs in from a browser and an address (the test app trusts no proxy: the address is inject's own). */
async function signIn(name: string, userAgent: string, remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': userAgent },
    remoteAddress,
    payload: { account: name, password: TEST_PASSWORD },
  });
  return res.json().data.access_token;
}

const sessionsOf = async (token: string) =>
  (await api.get<{ list: SessionView[] }>('/api/me/sessions', { token })).body.data.list;

describe('GET /api/me/sessions', () => {
  it("lists the account's sessions with device, browser, address and times, this one marked", async () => {
    const member = await api.factory.member();
    const phone = await signIn(member.name, IPHONE, '203.0.113.7');
    const desk = await signIn(member.name, WINDOWS, '198.51.100.4');
    const list = await sessionsOf(desk);
    expect(list).toHaveLength(2);
    const byDevice = Object.fromEntries(list.map((s) => [s.device, s]));
    expect(byDevice.mobile).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS 17.5',
      address: '203.0.113.7',
      current: false,
    });
    expect(byDevice.desktop).toMatchObject({
      browser: 'Chrome 126',
      os: 'Windows 10',
      address: '198.51.100.4',
      current: true,
    });
    expect(Date.parse(byDevice.desktop!.created_at)).not.toBeNaN();
    expect(Date.parse(byDevice.desktop!.last_seen_at)).toBeGreaterThanOrEqual(
      Date.parse(byDevice.desktop!.created_at),
    );
    // Another account's sessions are not shown.
    const other = await api.login((await api.factory.member()).name, TEST_PASSWORD);
    expect(await sessionsOf(other)).toHaveLength(1);
    expect((await sessionsOf(phone)).find((s) => s.current)?.device).toBe('mobile');
  });

  it('moves "last seen" and the address at most once a minute', async () => {
    const member = await api.factory.member();
    const token = await signIn(member.name, WINDOWS);
    const [row] = await api.db.select().from(userSessions).where(eq(userSessions.userId, member.id));
    const longAgo = new Date(Date.now() - 5 * 60_000);
    await api.db.update(userSessions).set({ lastSeenAt: longAgo }).where(eq(userSessions.id, row!.id));
    await api.get('/api/me', { token });
    const [seen] = await api.db.select().from(userSessions).where(eq(userSessions.id, row!.id));
    expect(seen!.lastSeenAt.getTime()).toBeGreaterThan(longAgo.getTime());
    const recent = new Date(Date.now() - 10_000);
    await api.db.update(userSessions).set({ lastSeenAt: recent }).where(eq(userSessions.id, row!.id));
    await api.get('/api/me', { token });
    const [kept] = await api.db.select().from(userSessions).where(eq(userSessions.id, row!.id));
    expect(kept!.lastSeenAt.getTime()).toBe(recent.getTime());
  });
});

describe('ending sessions', () => {
  it("ends one: its token is refused, the others go on; another account's session is not found", async () => {
    const member = await api.factory.member();
    const here = await signIn(member.name, WINDOWS);
    const there = await signIn(member.name, IPHONE);
    const phone = (await sessionsOf(here)).find((s) => !s.current)!;
    const intruder = await api.login((await api.factory.member()).name, TEST_PASSWORD);
    const notTheirs = await api.delete(`/api/me/sessions/${phone.id}`, { token: intruder, locale: 'zh-HK' });
    expect(notTheirs.body).toMatchObject({ code: 404, msg: '此登入工作階段已結束' });

    const ended = await api.delete(`/api/me/sessions/${phone.id}`, { token: here });
    expect(ended.body).toMatchObject({ code: 200, msg: 'Session ended' });
    const refused = await api.get('/api/user/info', { token: there });
    expect(refused.body.code).toBe(50012);
    expect((await api.get('/api/user/info', { token: here })).status).toBe(200);
    expect((await api.delete(`/api/me/sessions/${phone.id}`, { token: here })).status).toBe(404);
    expect((await api.delete('/api/me/sessions/not-a-uuid', { token: here })).status).toBe(422);
  });

  it('ends all the others at once, and a logout ends this one only', async () => {
    const member = await api.factory.member();
    const here = await signIn(member.name, WINDOWS);
    const others = [await signIn(member.name, IPHONE), await signIn(member.name, IPHONE)];
    const res = await api.post('/api/me/sessions/end-others', {}, { token: here, locale: 'zh-CN' });
    expect(res.body).toMatchObject({ code: 200, msg: '已结束其他所有会话' });
    for (const token of others) expect((await api.get('/api/me', { token })).body.code).toBe(50012);
    expect((await sessionsOf(here)).map((s) => s.current)).toEqual([true]);

    const later = await signIn(member.name, IPHONE);
    await api.post('/api/logout', {}, { token: here });
    expect((await api.get('/api/me', { token: here })).body.code).toBe(50012);
    expect((await api.get('/api/me', { token: later })).status).toBe(200);
  });

  it('refuses on every process at once: a session ended through one app is refused by another on the same database', async () => {
    const other = await buildApp({ db: api.db, config: testConfig() });
    try {
      const member = await api.factory.member();
      const token = await api.login(member.name, TEST_PASSWORD);
      const onOther = () =>
        other.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
      expect((await onOther()).statusCode).toBe(200);
      const [session] = await sessionsOf(token);
      await api.delete(`/api/me/sessions/${session!.id}`, { token });
      expect((await onOther()).json()).toMatchObject({ code: 50012 });
    } finally {
      await other.close();
    }
  });
});

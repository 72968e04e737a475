import { type CurrentUser, type MeProfile, type ThemeBody, type ThemeMode, translate } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../members/members.schema';
import { auditLogs } from '../platform/audit/audit.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';

/** Each person's colour theme of the web app (PUT /api/me/theme), kept on the server for every device. */
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.close());

const themeOf = async (token: string) => (await api.get<MeProfile>('/api/me', { token })).body.data.theme;

describe('PUT /api/me/theme', () => {
  it("is light by default and changes the caller's own theme only, unaudited", async () => {
    const member = await api.factory.member();
    const other = await api.factory.member();
    const token = await api.login(member.name, TEST_PASSWORD);
    const otherToken = await api.login(other.name, TEST_PASSWORD);
    expect(await themeOf(token)).toBe('light');

    const res = await api.put<ThemeBody>('/api/me/theme', { theme: 'dark' }, { token });
    expect(res).toMatchObject({ status: 200, body: { code: 200, data: { theme: 'dark' } } });
    expect(await themeOf(token)).toBe('dark');
    // The sign-in and the shell's current user carry it too, so a new browser paints it at once.
    const signIn = await api.post<{ user: CurrentUser }>('/api/login', {
      account: member.name,
      password: TEST_PASSWORD,
    });
    expect(signIn.body.data.user.theme).toBe('dark');
    expect((await api.get<CurrentUser>('/api/user/info', { token })).body.data.theme).toBe('dark');
    expect(await themeOf(otherToken)).toBe('light');

    const [row] = await api.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.updatedAt).toEqual(member.updatedAt);
    expect(await api.db.select().from(auditLogs).where(eq(auditLogs.actorId, member.id))).toEqual([]);

    await api.put('/api/me/theme', { theme: 'light' }, { token });
    expect(await themeOf(token)).toBe('light');
  });

  it("is an administrator's own preference too", async () => {
    const admin = await api.factory.admin();
    const token = await api.login(admin.name, TEST_PASSWORD);
    expect((await api.put('/api/me/theme', { theme: 'dark' }, { token })).status).toBe(200);
    expect(await themeOf(token)).toBe('dark');
  });

  it('refuses another value with the translated field error, and a call without a token', async () => {
    const member = await api.factory.member();
    const token = await api.login(member.name, TEST_PASSWORD);
    const refusal = translate('validation.choice', 'zh-HK');
    for (const body of [{ theme: 'blue' }, {}]) {
      const res = await api.put('/api/me/theme', body, { token, locale: 'zh-HK' });
      expect(res).toMatchObject({
        status: 422,
        body: {
          code: 422,
          msg: `theme: ${refusal}`,
          data: { errors: [{ field: 'theme', message: refusal }] },
        },
      });
    }
    expect(await themeOf(token)).toBe('light');
    // The database refuses it too (check constraint users_ui_theme).
    await expect(
      api.db
        .update(users)
        .set({ uiTheme: 'blue' as ThemeMode })
        .where(eq(users.id, member.id)),
    ).rejects.toThrow();

    const anonymous = await api.put('/api/me/theme', { theme: 'dark' });
    expect(anonymous).toMatchObject({ status: 401, body: { code: 401 } });
  });
});

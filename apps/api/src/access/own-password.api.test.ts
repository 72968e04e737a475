import { translate } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/client';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { THROTTLE } from './login-throttle';
import { onPasswordHashed } from './passwords';
import { endSessions } from './sessions';

/** A member's own password change (POST /api/me): its hashes run outside any transaction, its guesses throttled. */
let api: TestApi;
let stopListening: (() => void) | undefined;
beforeAll(async () => {
  // Hashes long enough (tens of milliseconds) that what runs beside them is seen.
  api = await TestApi.start({ passwordCost: { N: 2 ** 14, r: 8, p: 1 } });
});
afterAll(() => api.close());
afterEach(() => stopListening?.());

const change = (token: string, oldPassword: string, password = 'newpass1') =>
  api.post('/api/me', { old_password: oldPassword, password, password_confirmation: password }, { token });

/** Runs `then` once, right after the first scrypt run the next request makes (the old password's check). */
function afterFirstHash<T>(then: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    stopListening = onPasswordHashed(() => {
      stopListening?.();
      then().then(resolve, reject);
    });
  });
}

describe('a password change', () => {
  it('checks the old password with the row neither locked nor written, and only then saves', async () => {
    const member = await api.factory.member();
    const token = await api.login(member.name, TEST_PASSWORD);
    // On PostgreSQL a lock held by a transaction refuses NOWAIT at once; on embedded PGlite the statement waits
    // for such a transaction to end, and would then read the new hash.
    const seen = afterFirstHash(() =>
      queryRows<{ password_hash: string }>(
        api.db,
        sql`select password_hash from users where id = ${member.id} for update nowait`,
      ),
    );
    const res = await change(token, TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(await seen).toEqual([{ password_hash: member.passwordHash }]);
    await api.login(member.name, 'newpass1');
  });

  it('is refused, translated, when the sessions or the password changed while it was checked', async () => {
    const member = await api.factory.member();
    const token = await api.login(member.name, TEST_PASSWORD);
    const signedOutElsewhere = afterFirstHash(() => endSessions(api.db, member.id));
    const res = await change(token, TEST_PASSWORD);
    await signedOutElsewhere;
    expect(res).toMatchObject({
      status: 409,
      body: { code: 409, msg: translate('access.changedMeanwhile', 'en-US') },
    });
    await api.login(member.name, TEST_PASSWORD);
  });

  it('counts wrong old passwords as failed sign-ins of the account from that address', async () => {
    const member = await api.factory.member();
    const token = await api.login(member.name, TEST_PASSWORD);
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      const wrong = await change(token, 'not-it');
      expect(wrong.body.data).toEqual({ errors: [{ field: 'old_password', message: 'wrong password' }] });
    }
    const waiting = await change(token, TEST_PASSWORD);
    expect(waiting).toMatchObject({
      status: 429,
      body: { msg: expect.stringMatching(/try again in 1 minute/) },
    });
    expect((await api.post('/api/login', { account: member.name, password: TEST_PASSWORD })).status).toBe(
      429,
    );
  });

  it("holds an administrator's new password to 16 characters, a member's to 18, before the old one is checked", async () => {
    const admin = await api.factory.admin();
    const token = await api.login(admin.name, TEST_PASSWORD);
    // 17 characters: a member's password may have 18, an administrator's 16. The old password is wrong too: the
    // length is refused before the old password is checked.
    const refused = await api.post(
      '/api/me',
      { old_password: 'not-it', password: 'seventeen-chars-x', password_confirmation: 'seventeen-chars-x' },
      { token, locale: 'zh-HK' },
    );
    expect(refused).toMatchObject({ status: 422, body: { code: 422 } });
    expect(refused.body.data).toEqual({
      errors: [{ field: 'password', message: translate('validation.tooLong', 'zh-HK', { max: 16 }) }],
    });
    expect((await change(token, TEST_PASSWORD, 'sixteen-chars-xx')).status).toBe(200);
    await api.login(admin.name, 'sixteen-chars-xx');

    const member = await api.factory.member();
    const memberToken = await api.login(member.name, TEST_PASSWORD);
    expect((await change(memberToken, TEST_PASSWORD, 'seventeen-chars-x')).status).toBe(200);
    await api.login(member.name, 'seventeen-chars-x');
  });
});

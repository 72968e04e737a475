import type {
  LoginAnswer,
  LoginResult,
  RecoveryCodes,
  TwoFactorChallenge,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../platform/audit/audit.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { rolePermissions, roles } from './access.schema';
import { THROTTLE } from './login-throttle';
import { recoveryCodes as storedCodes } from './two-factor.schema';

/** Two-factor sign-in (docs/product/access.md, "Two-factor sign-in"): set-up, sign-in, codes, reset. */
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.close());

const PERIOD_MS = 30_000;
/** The code an authenticator app shows for `secret` at `offsetSteps` steps from now: the test's clock, injected. */
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * PERIOD_MS,
  });

/** A member with 2FA on: their password's token, the secret and the recovery codes. */
async function memberWithTwoFactor() {
  const member = await api.factory.member();
  const token = await api.login(member.name, TEST_PASSWORD);
  const setup = await api.post<TwoFactorSetup>('/api/me/two-factor/setup', {}, { token });
  const secret = setup.body.data.secret;
  const confirmed = await api.post<RecoveryCodes>(
    '/api/me/two-factor/confirm',
    { code: codeAt(secret, -1) },
    { token },
  );
  expect(confirmed.status).toBe(200);
  return { member, token, secret, recoveryCodes: confirmed.body.data.recovery_codes };
}

/** An administrator whose one role grants `permissionIds`. */
async function adminHolding(on: TestApi, permissionIds: number[]) {
  const [role] = await on.db
    .insert(roles)
    .values({ name: `role_${permissionIds.join('_')}_${Math.random().toString(36).slice(2)}` })
    .returning();
  await on.db
    .insert(rolePermissions)
    .values(permissionIds.map((permissionId) => ({ roleId: role!.id, permissionId })));
  return on.factory.admin({ roleIds: [role!.id] });
}

const passwordStep = async (name: string) => {
  const res = await api.post<LoginAnswer>('/api/login', { account: name, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return (res.body.data as TwoFactorChallenge).challenge;
};
const codeStep = (challenge: string, code: string, locale?: 'zh-HK' | 'zh-CN') =>
  api.post<LoginResult>('/api/login/two-factor', { challenge, code }, { locale });

describe('setting up two-factor sign-in', () => {
  it('shows the secret as text and as a QR of its otpauth:// URI, and turns on with a right code', async () => {
    const member = await api.factory.member({ name: 'tf_setup' });
    const token = await api.login(member.name, TEST_PASSWORD);
    const before = await api.get<TwoFactorStatus>('/api/me/two-factor', { token });
    expect(before.body.data).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });

    const setup = await api.post<TwoFactorSetup>('/api/me/two-factor/setup', {}, { token });
    const { secret, otpauth_uri, qr_image } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/Back-office:tf_setup?issuer=Back-office&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_image).toMatch(/^data:image\/png;base64,/);

    const wrong = await api.post(
      '/api/me/two-factor/confirm',
      { code: '000000' },
      { token, locale: 'zh-HK' },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.data).toEqual({ errors: [{ field: 'code', message: '驗證碼錯誤或已過期' }] });

    const ok = await api.post<RecoveryCodes>(
      '/api/me/two-factor/confirm',
      { code: codeAt(secret) },
      { token },
    );
    expect(ok.body).toMatchObject({ code: 200, msg: 'Two-factor sign-in is on' });
    const codes = ok.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const after = await api.get<TwoFactorStatus>('/api/me/two-factor', { token });
    expect(after.body.data).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    // Stored as digests only.
    const stored = await api.db.select().from(storedCodes).where(eq(storedCodes.userId, member.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes).not.toContain(row.codeHash);

    const again = await api.post('/api/me/two-factor/setup', {}, { token });
    expect(again.body).toMatchObject({ code: 409, msg: 'Two-factor sign-in is already turned on' });
    const audited = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'user.two_factor'), eq(auditLogs.entityId, String(member.id))));
    expect(audited.map((row) => row.action)).toEqual(['create']);
  });
});

describe('signing in with a second factor', () => {
  it('asks for a code after the right password, and signs in with a right one', async () => {
    const { member, secret } = await memberWithTwoFactor();
    const first = await api.post<TwoFactorChallenge>('/api/login', {
      account: member.name,
      password: TEST_PASSWORD,
    });
    expect(first.body.data).toEqual({ two_factor: true, challenge: expect.any(String), expires_in: 300 });
    expect(first.body.data).not.toHaveProperty('access_token');
    // The challenge is no token.
    const asToken = await api.get('/api/user/info', { token: first.body.data.challenge });
    expect(asToken.body.code).toBe(50008);

    const signedIn = await codeStep(first.body.data.challenge, codeAt(secret));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user).toMatchObject({ id: member.id, two_factor_enabled: true });
    const info = await api.get('/api/user/info', { token: signedIn.body.data.access_token });
    expect(info.status).toBe(200);
  });

  it('refuses a wrong code, translated, and a code of a step outside the drift allowed', async () => {
    const { member, secret } = await memberWithTwoFactor();
    const challenge = await passwordStep(member.name);
    const wrong = await codeStep(challenge, '123456', 'zh-CN');
    expect(wrong.status).toBe(422);
    expect(wrong.body.data).toEqual({ errors: [{ field: 'code', message: '验证码错误或已过期' }] });
    // Three steps (90 s) off either way: past the one step of drift allowed.
    expect((await codeStep(challenge, codeAt(secret, -3))).status).toBe(422);
    expect((await codeStep(challenge, codeAt(secret, 3))).status).toBe(422);
    // One step off is still the same phone with a clock a little out.
    expect((await codeStep(challenge, codeAt(secret, 1))).status).toBe(200);
  });

  it('never takes a code twice, nor one of an earlier step once a later one was taken', async () => {
    const { member, secret } = await memberWithTwoFactor();
    const code = codeAt(secret);
    expect((await codeStep(await passwordStep(member.name), code)).status).toBe(200);
    const replay = await codeStep(await passwordStep(member.name), code);
    expect(replay.body).toMatchObject({ code: 422, msg: 'Incorrect or expired code' });
    expect((await codeStep(await passwordStep(member.name), codeAt(secret, 1))).status).toBe(200);
    // The code set-up confirmed was of the step before: older than the one just taken.
    expect((await codeStep(await passwordStep(member.name), codeAt(secret, -1))).status).toBe(422);
  });

  it('takes a recovery code once, however it is typed, and then refuses it', async () => {
    const { member, recoveryCodes, token } = await memberWithTwoFactor();
    const [code] = recoveryCodes as [string];
    const first = await codeStep(
      await passwordStep(member.name),
      ` ${code.toUpperCase().replace('-', ' ')} `,
    );
    expect(first.status).toBe(200);
    const again = await codeStep(await passwordStep(member.name), code);
    expect(again.status).toBe(422);
    const status = await api.get<TwoFactorStatus>('/api/me/two-factor', { token });
    expect(status.body.data.recovery_codes_left).toBe(9);
  });

  it('makes the account wait after repeated wrong codes, even for the right one, and a right password does not lift it', async () => {
    const { member, secret } = await memberWithTwoFactor();
    const challenge = await passwordStep(member.name);
    for (let i = 0; i < THROTTLE.perAccount; i++)
      expect((await codeStep(challenge, '111111')).status).toBe(422);
    const waiting = await codeStep(await passwordStep(member.name), codeAt(secret));
    expect(waiting.status).toBe(429);
    expect(waiting.body.msg).toBe('Too many failed sign-in attempts, please try again in 1 minute');
  });

  it('refuses a forged or other challenge', async () => {
    const res = await codeStep('not-a-challenge', '123456', 'zh-HK');
    expect(res.body).toMatchObject({ code: 400, msg: '登入逾時，請重新輸入密碼' });
  });
});

describe('turning two-factor sign-in off', () => {
  it('takes the password and a code; either wrong changes nothing', async () => {
    const { member, token, secret } = await memberWithTwoFactor();
    const badPassword = await api.post(
      '/api/me/two-factor/disable',
      { password: 'not-it', code: codeAt(secret) },
      { token },
    );
    expect(badPassword.body.data).toEqual({ errors: [{ field: 'password', message: 'wrong password' }] });
    const badCode = await api.post(
      '/api/me/two-factor/disable',
      { password: TEST_PASSWORD, code: '000000' },
      { token },
    );
    expect(badCode.status).toBe(422);
    expect((await api.get<TwoFactorStatus>('/api/me/two-factor', { token })).body.data.enabled).toBe(true);

    const off = await api.post(
      '/api/me/two-factor/disable',
      { password: TEST_PASSWORD, code: codeAt(secret, 1) },
      { token },
    );
    expect(off.body).toMatchObject({ code: 200, msg: 'Two-factor sign-in is off' });
    const plain = await api.post<LoginResult>('/api/login', {
      account: member.name,
      password: TEST_PASSWORD,
    });
    expect(plain.body.data.access_token).toEqual(expect.any(String));
  });
});

describe("an administrator's reset of a member's second factor", () => {
  it('needs Reset two-factor sign-in (Perm 26), is audited, and lets the member in with the password alone', async () => {
    const { member } = await memberWithTwoFactor();
    const url = `/api/users/${member.id}/two-factor/reset`;
    const operator = await adminHolding(api, [11]);
    const refused = await api.post(url, {}, { token: await api.login(operator.name, TEST_PASSWORD) });
    expect(refused.status).toBe(403);
    const asMember = await api.post(
      url,
      {},
      { token: await api.login((await api.factory.member()).name, TEST_PASSWORD) },
    );
    expect(asMember.status).toBe(403);

    const holder = await adminHolding(api, [26]);
    const holderToken = await api.login(holder.name, TEST_PASSWORD);
    const reset = await api.post(url, {}, { token: holderToken, locale: 'zh-CN' });
    expect(reset.body).toMatchObject({ code: 200, msg: '已重置此会员的双重验证' });
    const rows = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'user.two_factor'), eq(auditLogs.entityId, String(member.id))));
    expect(rows.map((row) => [row.action, row.actorId])).toEqual([
      ['create', member.id],
      ['delete', holder.id],
    ]);
    const plain = await api.post<LoginResult>('/api/login', {
      account: member.name,
      password: TEST_PASSWORD,
    });
    expect(plain.body.data.access_token).toEqual(expect.any(String));
    expect((await api.post(url, {}, { token: holderToken })).status).toBe(409);
    const admin = await api.post(`/api/users/${holder.id}/two-factor/reset`, {}, { token: holderToken });
    expect(admin.status).toBe(404);
  });
});

describe('ADMIN_2FA=required', () => {
  it('takes an administrator without 2FA to the set-up: every other call is refused until it is on', async () => {
    const strict = await TestApi.start({ adminTwoFactor: true });
    try {
      const admin = await adminHolding(strict, [11]);
      const signIn = await strict.post<LoginResult>('/api/login', {
        account: admin.name,
        password: TEST_PASSWORD,
      });
      const token = signIn.body.data.access_token;
      expect(signIn.body.data.user).toMatchObject({ two_factor_enabled: false, two_factor_required: true });
      const list = await strict.get('/api/users/list', { token, locale: 'zh-HK' });
      expect(list.body).toMatchObject({ code: 403, msg: '管理員必須先開啟雙重驗證，請先完成設定' });
      expect((await strict.get('/api/user/info', { token })).status).toBe(200);
      const status = await strict.get<TwoFactorStatus>('/api/me/two-factor', { token });
      expect(status.body.data).toMatchObject({ enabled: false, required: true });

      const setup = await strict.post<TwoFactorSetup>('/api/me/two-factor/setup', {}, { token });
      await strict.post('/api/me/two-factor/confirm', { code: codeAt(setup.body.data.secret) }, { token });
      expect((await strict.get('/api/users/list', { token })).status).toBe(200);

      // Once on, it stays on: turning it off is refused, even with the right password and code.
      const off = await strict.post(
        '/api/me/two-factor/disable',
        { password: TEST_PASSWORD, code: codeAt(setup.body.data.secret, 1) },
        { token, locale: 'zh-CN' },
      );
      expect(off.body).toMatchObject({ code: 409, msg: '此系统要求管理员使用双重验证，不能关闭' });
      expect((await strict.get<TwoFactorStatus>('/api/me/two-factor', { token })).body.data.enabled).toBe(
        true,
      );

      // Members are not held to it.
      const member = await strict.factory.member();
      const memberToken = await strict.login(member.name, TEST_PASSWORD);
      expect((await strict.get('/api/me', { token: memberToken })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

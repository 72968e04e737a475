import { type Locale, RESET_LINK_MINUTES, translate } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../members/members.schema';
import { notificationPreferences } from '../notifications/notifications.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { TestMailbox } from '../test/test-mailbox';
import { RESET_THROTTLE } from './password-reset';
import { passwordResets } from './password-resets.schema';

const PUBLIC_URL = 'https://office.example.test';
const NEW_PASSWORD = 'fresh-pass1';

let api: TestApi;
let mailbox: TestMailbox;
const logLines: string[] = [];
beforeAll(async () => {
  mailbox = await TestMailbox.start();
  // Each test asks from an address of its own (X-Forwarded-For), so the per-address throttle is its own.
  api = await TestApi.start(
    { mail: mailbox.settings, publicUrl: PUBLIC_URL, trustProxy: true, logLevel: 'warn' },
    { write: (line: string) => logLines.push(line) },
  );
});
afterAll(async () => {
  await api.close();
  await mailbox.close();
});

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

const ask = (account: string, from: string, locale: Locale = 'en-US') =>
  api.post('/api/password-reset', { account }, { locale, headers: { 'x-forwarded-for': from } });
const setPassword = (token: string, password = NEW_PASSWORD, locale: Locale = 'en-US') =>
  api.post('/api/password-reset/confirm', { token, password, password_confirmation: password }, { locale });

/** The reset page's link in the mail, checked to open the web app's page; its token. */
function tokenIn(mail: ParsedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
  expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
  return url.searchParams.get('token') ?? '';
}

/** Asks for a link for `user` and reads it from the mail that arrives; answers its token. */
async function mailedToken(user: UserRow, from = newAddress()): Promise<string> {
  const seen = mailbox.to(user.email ?? '').length;
  expect((await ask(user.name, from)).status).toBe(200);
  return tokenIn(await mailbox.next(user.email ?? '', seen));
}

const refusedLink = (locale: Locale) => ({
  status: 400,
  body: { code: 400, msg: translate('access.resetLinkInvalid', locale), data: null },
});

describe('asking for a password reset', () => {
  it('mails a link to the reset page, in the language the account chose for its mail', async () => {
    const member = await api.factory.member();
    await api.db
      .insert(notificationPreferences)
      .values({ userId: member.id, locale: 'zh-HK', mailKinds: [] });
    const res = await ask(member.email ?? '', newAddress(), 'en-US');
    expect(res).toMatchObject({
      status: 200,
      body: { code: 200, msg: translate('access.resetRequested', 'en-US', { minutes: RESET_LINK_MINUTES }) },
    });
    const mail = await mailbox.next(member.email ?? '');
    expect(mail.from?.value[0]?.address).toBe('noreply@backoffice.test');
    expect(mail.subject).toBe(translate('access.resetMail.subject', 'zh-HK', { site: '會員管理後台' }));
    expect(mail.text).toContain(`${member.name} 你好`);
    tokenIn(mail);
  });

  it('writes the mail in the language of the request when the account chose none', async () => {
    const member = await api.factory.member();
    expect((await ask(member.name, newAddress(), 'zh-CN')).status).toBe(200);
    const mail = await mailbox.next(member.email ?? '');
    expect(mail.subject).toBe('为 会员管理后台 设置新密码');
  });

  it('keeps only the hash of the link’s token', async () => {
    const member = await api.factory.member();
    const token = await mailedToken(member);
    const rows = await api.db.select().from(passwordResets).where(eq(passwordResets.userId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers an unknown account, a disabled one and one without e-mail exactly as a known one, and mails none', async () => {
    const known = await api.factory.member();
    const disabled = await api.factory.member({ status: 0 });
    const noMail = await api.factory.member({ email: undefined });
    const from = newAddress();
    const answers = await Promise.all(
      [known.name, 'nobody-of-that-name', disabled.name, noMail.name].map((account) =>
        ask(account, from, 'zh-HK'),
      ),
    );
    const shown = answers.map((res) => ({ status: res.status, body: res.body }));
    expect(new Set(shown.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(shown[0]).toEqual({
      status: 200,
      body: { code: 200, msg: translate('access.resetRequested', 'zh-HK', { minutes: 30 }), data: null },
    });
    await mailbox.next(known.email ?? '');
    expect(mailbox.to(disabled.email ?? '')).toEqual([]);
    const links = await api.db.select().from(passwordResets);
    expect(links.filter((link) => [disabled.id, noMail.id].includes(link.userId))).toEqual([]);
  });

  it('is refused 429, translated, past the allowance of an account, from any address, known or not', async () => {
    const member = await api.factory.member();
    for (const account of [member.name, 'no-such-account-at-all']) {
      for (let i = 0; i < RESET_THROTTLE.account; i++)
        expect((await ask(account, newAddress())).status).toBe(200);
      const refused = await ask(account, newAddress(), 'zh-CN');
      expect(refused).toMatchObject({
        status: 429,
        body: { code: 429, msg: translate('access.tooManyAttempts', 'zh-CN', { count: 1 }) },
      });
    }
    // The e-mail names the same account: it is counted there too.
    expect((await ask(member.email ?? '', newAddress())).status).toBe(429);
  });

  it('is refused 429 past the allowance of an address, whatever the accounts', async () => {
    const from = newAddress();
    for (let i = 0; i < RESET_THROTTLE.address; i++)
      expect((await ask(`someone-${i}`, from)).status).toBe(200);
    expect(await ask('someone-else', from)).toMatchObject({
      status: 429,
      body: { msg: translate('access.tooManyAttempts_one', 'en-US', { count: 1 }) },
    });
    expect((await ask('someone-else', newAddress())).status).toBe(200);
  });

  it('answers the same when the mail server refuses the message, and logs the failure without the link', async () => {
    const member = await api.factory.member();
    mailbox.refuseWith = 'Mailbox full';
    try {
      expect((await ask(member.name, newAddress())).status).toBe(200);
      const logged = () => logLines.find((line) => line.includes('Mailbox full'));
      await expect.poll(logged).toBeDefined();
      expect(JSON.parse(logged() ?? '{}')).toMatchObject({
        level: 40,
        msg: 'A mail was not sent',
        mail: 'password reset',
      });
      expect(logged()).not.toContain(PUBLIC_URL);
    } finally {
      mailbox.refuseWith = undefined;
    }
    expect(await api.login(member.name, TEST_PASSWORD)).toBeTruthy();
  });
});

describe('setting a new password with the link', () => {
  it('sets it, ends every session of the account, and works once only', async () => {
    const member = await api.factory.member();
    const sessions = [
      await api.login(member.name, TEST_PASSWORD),
      await api.login(member.name, TEST_PASSWORD),
    ];
    const token = await mailedToken(member);
    expect(await setPassword(token, NEW_PASSWORD, 'zh-HK')).toMatchObject({
      status: 200,
      body: { code: 200, msg: translate('access.passwordResetDone', 'zh-HK') },
    });
    for (const session of sessions)
      expect((await api.get('/api/user/info', { token: session })).status).toBe(401);
    expect((await api.post('/api/login', { account: member.name, password: TEST_PASSWORD })).status).toBe(
      400,
    );
    await api.login(member.name, NEW_PASSWORD);
    expect(await setPassword(token, 'another-pass2', 'zh-HK')).toMatchObject(refusedLink('zh-HK'));
    await api.login(member.name, NEW_PASSWORD);
  });

  it('makes every older link of the account useless', async () => {
    const member = await api.factory.member();
    const older = await mailedToken(member);
    const newer = await mailedToken(member);
    expect((await setPassword(newer)).status).toBe(200);
    expect(await setPassword(older, 'another-pass2')).toMatchObject(refusedLink('en-US'));
    await api.login(member.name, NEW_PASSWORD);
  });

  it(`refuses a link older than ${RESET_LINK_MINUTES} minutes, translated`, async () => {
    const member = await api.factory.member();
    const token = await mailedToken(member);
    await api.db
      .update(passwordResets)
      .set({ createdAt: sql`now() - make_interval(mins => ${RESET_LINK_MINUTES + 1})` })
      .where(eq(passwordResets.userId, member.id));
    expect(await setPassword(token, NEW_PASSWORD, 'zh-CN')).toMatchObject(refusedLink('zh-CN'));
    await api.login(member.name, TEST_PASSWORD);
  });

  it('refuses a token no link has', async () => {
    expect(await setPassword('made-up-token')).toMatchObject(refusedLink('en-US'));
  });

  it('gives the link to one of two uses at once', async () => {
    const member = await api.factory.member();
    const token = await mailedToken(member);
    const answers = await Promise.all([
      setPassword(token, 'first-pass1'),
      setPassword(token, 'second-pass2'),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it('holds the new password to the rules of the account, translated, and keeps the link for a good one', async () => {
    const admin = await api.factory.admin();
    const token = await mailedToken(admin);
    // 17 characters: a member's password may have 18, an administrator's 16.
    const refused = await setPassword(token, 'seventeen-chars-x', 'zh-HK');
    expect(refused).toMatchObject({ status: 422, body: { code: 422 } });
    expect(refused.body.data).toEqual({
      errors: [{ field: 'password', message: translate('validation.tooLong', 'zh-HK', { max: 16 }) }],
    });
    const mismatch = await api.post('/api/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: 'other',
    });
    expect(mismatch.body.data).toEqual({
      errors: [
        { field: 'password_confirmation', message: translate('access.passwordsInconsistent', 'en-US') },
      ],
    });
    expect((await setPassword(token)).status).toBe(200);
    await api.login(admin.name, NEW_PASSWORD);
  });
});

describe('without mail', () => {
  let offline: TestApi;
  beforeAll(async () => {
    offline = await TestApi.start();
  });
  afterAll(() => offline.close());

  it('the public settings say so, and a request is refused 503, translated', async () => {
    expect((await offline.get('/api/config/public')).body.data).toEqual({ mail: false });
    expect((await api.get('/api/config/public')).body.data).toEqual({ mail: true });
    expect(
      await offline.post('/api/password-reset', { account: 'admin' }, { locale: 'zh-HK' }),
    ).toMatchObject({
      status: 503,
      body: { code: 503, msg: translate('access.resetUnavailable', 'zh-HK') },
    });
  });
});

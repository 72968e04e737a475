import {
  isStagingHost,
  type Locale,
  type LoginAnswer,
  type LoginResult,
  loginBody,
  loginCodeBody,
  type MeUpdateResult,
  menuFor,
  ResultCode,
  sessionEndpoints,
  themeBody,
  updateMeBody,
} from '@app/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import { users } from '../members/members.schema';
import { businessTimeZone } from '../platform/business-time/business-time';
import type { CallSource } from '../platform/caller';
import { AppError, fieldError } from '../platform/http/errors';
import { type AppContext, access, publicRoute, route } from '../platform/http/route';
import {
  currentUserOf,
  loadCallerWithProfile,
  loadProfile,
  type ProfileView,
  profileOf,
} from './current-user';
import { attemptKeys, checkThrottled } from './login-throttle';
import { saveOwnTheme, updateOwnProfile } from './own-profile';
import {
  hashPassword,
  needsRehash,
  verifyAgainstNoAccount,
  verifyPassword,
  whileSigningIn,
} from './passwords';
import { endSession, sessionToken } from './sessions';
import { acceptSecondFactor } from './two-factor';
import { twoFactorSecrets } from './two-factor.schema';

/** How long the second step of a sign-in may take: the challenge's life. */
const CHALLENGE_SECONDS = 300;

const viewOf = (app: AppContext, locale: Locale): ProfileView => ({
  locale,
  adminTwoFactor: app.config.adminTwoFactor ?? false,
});

/** A sign-in accepted: a new session (access/sessions.ts) and its token. */
async function signedIn(
  app: AppContext,
  userId: number,
  source: CallSource,
  locale: Locale,
): Promise<LoginResult> {
  await app.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  return {
    access_token: await sessionToken(app.db, app.tokens, userId, source),
    token_type: 'Bearer',
    expires_in: app.tokens.ttlSeconds,
    user: currentUserOf(await loadProfile(app.db, userId, viewOf(app, locale))),
  };
}

/** The password step: a session, or a challenge for the code when the account has two-factor sign-in. */
const login = publicRoute({
  endpoint: sessionEndpoints.login,
  body: loginBody,
  handler: async ({ body, app, req, locale, caller }): Promise<LoginAnswer> => {
    const { db, tokens } = app;
    const user = await whileSigningIn(async () => {
      const account = body.account.toLowerCase();
      const [found] = await db
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.name})`, account), eq(sql`lower(${users.email})`, account)))
        .limit(1);
      const keys = attemptKeys(req.ip, found ? { userId: found.id } : { unknownName: account });
      const passwordOk = await checkThrottled(db, keys, () =>
        found ? verifyPassword(body.password, found.passwordHash) : verifyAgainstNoAccount(body.password),
      );
      if (!found || !passwordOk) throw new AppError(ResultCode.BAD_REQUEST, 'access.incorrectCredentials');
      return found;
    });
    if (user.status !== 1) throw new AppError(ResultCode.FORBIDDEN, 'access.accountDisabled');
    if (needsRehash(user.passwordHash)) {
      // Only over the hash just verified: a password changed meanwhile is not put back.
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(body.password) })
        .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
    }
    const [secondFactor] = await db
      .select({ enabledAt: twoFactorSecrets.enabledAt })
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, user.id));
    if (secondFactor?.enabledAt)
      return {
        two_factor: true,
        challenge: await tokens.signChallenge(user.id, CHALLENGE_SECONDS),
        expires_in: CHALLENGE_SECONDS,
      };
    return signedIn(app, user.id, caller, locale);
  },
});

/** The code step: the challenge of a right password and a code of the account's app (or a recovery code). */
const loginCode = publicRoute({
  endpoint: sessionEndpoints.loginCode,
  body: loginCodeBody,
  handler: async ({ body, app, locale, caller }): Promise<LoginResult> => {
    const challenge = app.tokens.checkChallenge(body.challenge);
    if (!challenge.ok) throw new AppError(ResultCode.BAD_REQUEST, 'access.twoFactorChallengeExpired');
    const [user] = await app.db
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, challenge.userId));
    if (!user) throw new AppError(ResultCode.BAD_REQUEST, 'access.twoFactorChallengeExpired');
    if (user.status !== 1) throw new AppError(ResultCode.FORBIDDEN, 'access.accountDisabled');
    if (!(await acceptSecondFactor(app.db, challenge.userId, body.code, caller.origin)))
      throw fieldError('code', 'access.twoFactorWrongCode');
    return signedIn(app, challenge.userId, caller, locale);
  },
});

/** Ends the caller's session (this device); the account's others go on. */
const logout = route({
  endpoint: sessionEndpoints.logout,
  access: access.user,
  beforeTwoFactor: true,
  message: 'access.loggedOut',
  handler: async ({ app, caller }) => {
    if (caller.sessionId) await endSession(app.db, caller.id, caller.sessionId);
    return null;
  },
});

const userInfo = route({
  endpoint: sessionEndpoints.currentUser,
  access: access.user,
  beforeTwoFactor: true,
  loadCaller: loadCallerWithProfile,
  handler: async ({ app, caller, locale }) =>
    currentUserOf(profileOf(caller.profile, viewOf(app, locale), await businessTimeZone(app.db))),
});

const getMe = route({
  endpoint: sessionEndpoints.me,
  access: access.user,
  loadCaller: loadCallerWithProfile,
  // The business time zone is read at most once in a few seconds per process: no query of its own per request.
  handler: async ({ app, caller, locale }) =>
    profileOf(caller.profile, viewOf(app, locale), await businessTimeZone(app.db)),
});

/** Profile, bank details (members) and password; a new password ends the account's other sessions. */
const updateMe = route({
  endpoint: sessionEndpoints.updateMe,
  access: access.user,
  body: updateMeBody,
  message: 'common.editSuccessful',
  handler: async ({ app, caller, body, locale }): Promise<MeUpdateResult> => {
    await updateOwnProfile(app.db, caller, body);
    return loadProfile(app.db, caller.id, viewOf(app, locale));
  },
});

/** The caller's colour theme of the web app, on every device they sign in from; not audited (a preference). */
const saveTheme = route({
  endpoint: sessionEndpoints.theme,
  access: access.user,
  body: themeBody,
  handler: ({ app, caller, body }) => saveOwnTheme(app.db, caller, body.theme),
});

const menu = route({
  endpoint: sessionEndpoints.menu,
  access: access.user,
  handler: async ({ caller, req, app }) => ({
    menu: menuFor(
      { isAdmin: caller.isAdmin, roleIds: caller.roleIds },
      { staging: isStagingHost(req.hostname) },
    ),
    shop_url: app.config.shopUrl,
  }),
});

export const sessionRoutes = [login, loginCode, logout, userInfo, getMe, updateMe, saveTheme, menu];

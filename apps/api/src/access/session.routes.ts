import {
  isStagingHost,
  type LoginResult,
  loginBody,
  type MeUpdateResult,
  menuFor,
  ResultCode,
  sessionEndpoints,
  updateMeBody,
} from '@app/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import { users } from '../members/members.schema';
import { businessTimeZone } from '../platform/business-time/business-time';
import { AppError } from '../platform/http/errors';
import { access, publicRoute, route } from '../platform/http/route';
import { currentUserOf, loadCallerWithProfile, loadProfile, profileOf } from './current-user';
import { attemptKeys, checkThrottled } from './login-throttle';
import { updateOwnProfile } from './own-profile';
import {
  hashPassword,
  needsRehash,
  verifyAgainstNoAccount,
  verifyPassword,
  whileSigningIn,
} from './passwords';

const login = publicRoute({
  endpoint: sessionEndpoints.login,
  body: loginBody,
  handler: async ({ body, app, req, locale }): Promise<LoginResult> => {
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
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    return {
      access_token: await tokens.sign({ userId: user.id, version: user.tokenVersion }),
      token_type: 'Bearer',
      expires_in: tokens.ttlSeconds,
      user: currentUserOf(await loadProfile(db, user.id, locale)),
    };
  },
});

/** Ends every session of the caller: tokens carry the version this bumps. */
const logout = route({
  endpoint: sessionEndpoints.logout,
  access: access.user,
  message: 'access.loggedOut',
  handler: async ({ app, caller }) => {
    await app.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, caller.id));
    return null;
  },
});

const userInfo = route({
  endpoint: sessionEndpoints.currentUser,
  access: access.user,
  loadCaller: loadCallerWithProfile,
  handler: async ({ app, caller, locale }) =>
    currentUserOf(profileOf(caller.profile, locale, await businessTimeZone(app.db))),
});

const getMe = route({
  endpoint: sessionEndpoints.me,
  access: access.user,
  loadCaller: loadCallerWithProfile,
  // The business time zone is read at most once in a few seconds per process: no query of its own per request.
  handler: async ({ app, caller, locale }) =>
    profileOf(caller.profile, locale, await businessTimeZone(app.db)),
});

/** Profile, bank details (members) and password; a new password ends every session and hands this caller a fresh token. */
const updateMe = route({
  endpoint: sessionEndpoints.updateMe,
  access: access.user,
  body: updateMeBody,
  message: 'common.editSuccessful',
  handler: async ({ app, caller, body, locale }): Promise<MeUpdateResult> => {
    const tokenVersion = await updateOwnProfile(app.db, caller, body);
    const profile = await loadProfile(app.db, caller.id, locale);
    if (tokenVersion === null) return profile;
    return { ...profile, access_token: await app.tokens.sign({ userId: caller.id, version: tokenVersion }) };
  },
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

export const sessionRoutes = [login, logout, userInfo, getMe, updateMe, menu];

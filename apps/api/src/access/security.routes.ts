import { idParam, Perm, securityEndpoints, twoFactorConfirmBody, twoFactorDisableBody } from '@app/contracts';
import { z } from 'zod';
import { notFound } from '../platform/http/errors';
import { access, route } from '../platform/http/route';
import { endSession, endSessions, listSessions } from './sessions';
import {
  beginSetUp,
  confirmSetUp,
  disableTwoFactor,
  resetMemberTwoFactor,
  twoFactorStatus,
} from './two-factor';

/** The caller's second factor and sessions, and the reset of a member's second factor (docs/product/access.md). */

const twoFactor = route({
  endpoint: securityEndpoints.twoFactor,
  access: access.user,
  beforeTwoFactor: true,
  handler: ({ app, caller }) => twoFactorStatus(app.db, caller, app.config.adminTwoFactor ?? false),
});

const setUp = route({
  endpoint: securityEndpoints.twoFactorSetup,
  access: access.user,
  beforeTwoFactor: true,
  handler: ({ app, caller }) => beginSetUp(app.db, caller),
});

const confirm = route({
  endpoint: securityEndpoints.twoFactorConfirm,
  access: access.user,
  beforeTwoFactor: true,
  body: twoFactorConfirmBody,
  message: 'access.twoFactorOn',
  handler: ({ app, caller, body }) => confirmSetUp(app.db, caller, body.code),
});

const disable = route({
  endpoint: securityEndpoints.twoFactorDisable,
  access: access.user,
  body: twoFactorDisableBody,
  message: 'access.twoFactorOff',
  handler: async ({ app, caller, body }) => {
    await disableTwoFactor(app.db, caller, body, app.config.adminTwoFactor ?? false);
    return null;
  },
});

const reset = route({
  endpoint: securityEndpoints.resetTwoFactor,
  access: access.admin(Perm.resetTwoFactor),
  params: idParam,
  message: 'access.twoFactorReset',
  handler: async ({ app, caller, params }) => {
    await resetMemberTwoFactor(app.db, caller, params.id);
    return null;
  },
});

const sessions = route({
  endpoint: securityEndpoints.sessions,
  access: access.user,
  handler: async ({ app, caller }) => ({ list: await listSessions(app.db, caller) }),
});

const endOne = route({
  endpoint: securityEndpoints.endSession,
  access: access.user,
  params: z.object({ id: z.uuid('validation.invalid') }),
  message: 'access.sessionEnded',
  handler: async ({ app, caller, params }) => {
    if (!(await endSession(app.db, caller.id, params.id))) throw notFound('access.sessionNotFound');
    return null;
  },
});

const endOthers = route({
  endpoint: securityEndpoints.endOtherSessions,
  access: access.user,
  message: (ended: { ended: number }) => ['access.otherSessionsEnded', { count: ended.ended }],
  handler: async ({ app, caller }) => ({
    ended: await endSessions(app.db, caller.id, { except: caller.sessionId }),
  }),
});

export const securityRoutes = [twoFactor, setUp, confirm, disable, reset, sessions, endOne, endOthers];

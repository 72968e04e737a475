import {
  type PublicSettings,
  passwordResetBody,
  passwordResetEndpoints,
  passwordResetRequestBody,
  RESET_LINK_MINUTES,
  ResultCode,
} from '@app/contracts';
import { AppError } from '../platform/http/errors';
import { publicRoute } from '../platform/http/route';
import { requestReset, resetPassword, resetsAvailable } from './password-reset';

/** A forgotten password set again through a link sent by e-mail, before sign-in (docs/product/access.md). */

const publicSettings = publicRoute({
  endpoint: passwordResetEndpoints.publicSettings,
  handler: async ({ app }): Promise<PublicSettings> => ({ mail: resetsAvailable(app) }),
});

const request = publicRoute({
  endpoint: passwordResetEndpoints.request,
  body: passwordResetRequestBody,
  message: () => ['access.resetRequested', { minutes: RESET_LINK_MINUTES }],
  handler: async ({ app, body, caller, req, locale }) => {
    const { mailer, config } = app;
    if (!mailer || !config.publicUrl)
      throw new AppError(ResultCode.SERVICE_UNAVAILABLE, 'access.resetUnavailable');
    await requestReset(app.db, body.account, caller, {
      mailer,
      publicUrl: config.publicUrl,
      locale,
      onFailure: (error) => req.log.warn({ err: error, mail: 'password reset' }, 'A mail was not sent'),
    });
    return null;
  },
});

const confirm = publicRoute({
  endpoint: passwordResetEndpoints.confirm,
  body: passwordResetBody,
  message: 'access.passwordResetDone',
  handler: async ({ app, body, caller }) => {
    await resetPassword(app.db, body, caller);
    return null;
  },
});

export const passwordResetRoutes = [publicSettings, request, confirm];

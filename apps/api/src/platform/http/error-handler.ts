import { type Locale, ResultCode, resolveLocale, translate } from '@app/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasSqlState, isDatabaseUnavailable, QUERY_CANCELED } from '../db/errors';
import { AppError, httpStatusFor } from './errors';
import { frameworkAppError } from './framework-errors';
import { type RawFieldError, translateFieldErrors } from './validation';

/**
 * Every failure as the envelope `{ code, msg, data }` translated from the Locale header: the handlers' AppErrors,
 * the framework's own errors about the request (Fastify's `frameworkErrors` come here too), a database out of
 * reach (503), a statement stopped by the statement timeout (503), anything else a logged 500.
 */
export function sendError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const locale = resolveLocale(req.headers.locale as string | undefined);
  const known = error instanceof AppError ? error : frameworkAppError(error);
  if (known) return sendAppError(known, locale, reply);
  if (isDatabaseUnavailable(error)) {
    req.log.warn({ err: error }, 'database unavailable');
    return reply.status(503).send(unavailable(locale));
  }
  if (hasSqlState(error, QUERY_CANCELED)) {
    req.log.warn({ err: error }, 'statement cancelled (DB_STATEMENT_TIMEOUT_MS)');
    const msg = translate('common.requestTooSlow', locale);
    return reply.status(503).send({ code: ResultCode.SERVICE_UNAVAILABLE, msg, data: null });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) req.log.error(error);
  const code = status < 500 ? status : ResultCode.SERVER_ERROR;
  const key =
    status >= 500 ? 'common.serviceError' : status === 429 ? 'common.tooManyRequests' : 'common.badRequest';
  return reply.status(status).send({ code, msg: translate(key, locale), data: null });
}

function sendAppError(error: AppError, locale: Locale, reply: FastifyReply) {
  const data = error.data as { errors?: RawFieldError[] } | null;
  const errors = data?.errors ? translateFieldErrors(data.errors, locale) : undefined;
  const msg =
    errors && errors.length > 0 && error.key === 'common.validationFailed'
      ? `${errors[0]?.field}: ${errors[0]?.message}`
      : translate(error.key, locale, error.params);
  return reply
    .status(httpStatusFor(error.code))
    .send({ code: error.code, msg, data: errors ? { errors } : data });
}

/** The envelope of a request that may succeed when retried (database out of reach, server stopping). */
export const unavailable = (locale: Locale) => ({
  code: ResultCode.SERVICE_UNAVAILABLE,
  msg: translate('common.serviceUnavailable', locale),
  data: null,
});

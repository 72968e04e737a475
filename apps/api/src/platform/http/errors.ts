import { type FieldError, type MessageKey, ResultCode } from '@app/contracts';

const HTTP_STATUS_BY_CODE: Record<number, number> = {
  [ResultCode.BAD_REQUEST]: 400,
  [ResultCode.UNAUTHORIZED]: 401,
  [ResultCode.FORBIDDEN]: 403,
  [ResultCode.NOT_FOUND]: 404,
  [ResultCode.REQUEST_TIMEOUT]: 408,
  [ResultCode.CONFLICT]: 409,
  [ResultCode.PAYLOAD_TOO_LARGE]: 413,
  [ResultCode.URI_TOO_LONG]: 414,
  [ResultCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ResultCode.VALIDATION]: 422,
  [ResultCode.TOO_MANY_REQUESTS]: 429,
  [ResultCode.REQUEST_HEADERS_TOO_LARGE]: 431,
  [ResultCode.SERVER_ERROR]: 500,
  [ResultCode.SERVICE_UNAVAILABLE]: 503,
  [ResultCode.ILLEGAL_TOKEN]: 401,
  [ResultCode.SESSION_REVOKED]: 401,
  [ResultCode.TOKEN_EXPIRED]: 401,
};

export const httpStatusFor = (code: number) => HTTP_STATUS_BY_CODE[code] ?? 400;

/** A failure the caller should see: a result code and a catalogue message key, translated on the way out. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(ResultCode.BAD_REQUEST, key, params);
export const notFound = (key: MessageKey = 'common.dataNotFound') => new AppError(ResultCode.NOT_FOUND, key);
export const conflict = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(ResultCode.CONFLICT, key, params);
export const forbidden = () => new AppError(ResultCode.FORBIDDEN, 'common.forbidden');

/** A 422 naming the field, as if the schema had refused it. */
export const fieldError = (field: string, key: MessageKey) =>
  new AppError(ResultCode.VALIDATION, key, undefined, {
    errors: [{ field, message: key }] satisfies FieldError[],
  });

/** Result codes carried in the envelope's `code` (docs/product/README.md). */
export const ResultCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** The request took too long to arrive (the HTTP parser's timeout). */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
  REQUEST_HEADERS_TOO_LARGE: 431,
  SERVER_ERROR: 500,
  /** The database (or another dependency) is out of reach for a moment; the request may be retried. */
  SERVICE_UNAVAILABLE: 503,
  /** Illegal (forged or malformed) token. */
  ILLEGAL_TOKEN: 50008,
  /** Account disabled, or the session was ended elsewhere (logout, password change). */
  SESSION_REVOKED: 50012,
  /** Token expired. */
  TOKEN_EXPIRED: 50014,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes for which the web app offers the confirm-logout dialog. */
export const SESSION_CODES: readonly number[] = [
  ResultCode.ILLEGAL_TOKEN,
  ResultCode.SESSION_REVOKED,
  ResultCode.TOKEN_EXPIRED,
];

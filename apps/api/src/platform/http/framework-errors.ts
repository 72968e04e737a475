import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type MessageKey, ResultCode, resolveLocale, translate } from '@app/contracts';
import { AppError } from './errors';

const malformedBody = [ResultCode.BAD_REQUEST, 'common.malformedBody'] as const;
const uploadLimit = [ResultCode.PAYLOAD_TOO_LARGE, 'common.uploadLimit'] as const;
const unsupportedType = [ResultCode.UNSUPPORTED_MEDIA_TYPE, 'common.unsupportedContentType'] as const;

/** Fastify's and @fastify/multipart's own errors, by their code: what the caller is told. */
const BY_CODE: Record<string, readonly [code: number, key: MessageKey]> = {
  FST_ERR_BAD_URL: [ResultCode.BAD_REQUEST, 'common.malformedUrl'],
  FST_ERR_MAX_PARAM_LENGTH: [ResultCode.URI_TOO_LONG, 'common.urlTooLong'],
  FST_ERR_CTP_BODY_TOO_LARGE: [ResultCode.PAYLOAD_TOO_LARGE, 'common.bodyTooLarge'],
  FST_REQ_FILE_TOO_LARGE: [ResultCode.PAYLOAD_TOO_LARGE, 'common.bodyTooLarge'],
  FST_PARTS_LIMIT: uploadLimit,
  FST_FILES_LIMIT: uploadLimit,
  FST_FIELDS_LIMIT: uploadLimit,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: unsupportedType,
  FST_INVALID_MULTIPART_CONTENT_TYPE: unsupportedType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: malformedBody,
  FST_ERR_CTP_EMPTY_JSON_BODY: malformedBody,
  FST_ERR_CTP_INVALID_JSON_BODY: malformedBody,
  FST_INVALID_JSON_FIELD_ERROR: malformedBody,
  FST_PROTO_VIOLATION: malformedBody,
  FST_MP_PREMATURE_CLOSE: malformedBody,
};

/** busboy says a multipart body is cut short or has no boundary with plain Errors, known only by their words. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of (multipart data|form)|Multipart: Boundary not found|Malformed part header)|terminated early due to unexpected end/;

/** A framework's error about the request as the AppError the caller gets, or null for any other error. */
export function frameworkAppError(error: { code?: unknown; message?: unknown }): AppError | null {
  const known = typeof error.code === 'string' ? BY_CODE[error.code] : undefined;
  if (known) return new AppError(known[0], known[1]);
  if (typeof error.message === 'string' && MALFORMED_MULTIPART.test(error.message))
    return new AppError(...malformedBody);
  return null;
}

/**
 * Node's HTTP parser's errors, answered on the socket: headers it cannot read or that arrive too slowly, or a
 * body cut short (the sender stopped before its Content-Length). A request whose headers were read is answered
 * in its Locale; one whose headers the parser gave up on, in the Locale found in the bytes it was reading when
 * it gave up, if any; else in the default language.
 */
export function answerClientError(error: { code?: string; rawPacket?: unknown }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Node's own name for the response of the request being read on this socket, if its headers were.
  const inFlight = (socket as { _httpMessage?: ServerResponse })._httpMessage;
  const [code, key] = clientError(error.code, inFlight !== undefined);
  const locale = resolveLocale(
    (inFlight?.req.headers.locale as string | undefined) ?? localeHeaderIn(error.rawPacket),
  );
  const body = JSON.stringify({ code, msg: translate(key, locale), data: null });
  if (socket.writable && !inFlight?.headersSent)
    socket.write(
      `HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error as Error);
}

/** The value of a `Locale` header in raw request bytes (Node's `rawPacket` of a parser error). */
function localeHeaderIn(raw: unknown): string | undefined {
  if (!Buffer.isBuffer(raw)) return undefined;
  return /\r\nlocale:[ \t]*([^\r\n]*)/i.exec(raw.toString('latin1'))?.[1]?.trim();
}

function clientError(code: string | undefined, inFlight: boolean): readonly [code: number, key: MessageKey] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [ResultCode.REQUEST_TIMEOUT, 'common.requestTimeout'];
  if (code === 'HPE_HEADER_OVERFLOW') return [ResultCode.REQUEST_HEADERS_TOO_LARGE, 'common.headersTooLarge'];
  return inFlight ? malformedBody : [ResultCode.BAD_REQUEST, 'common.badRequest'];
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller's (or proxy's) id may look like to be kept: short, and harmless in a log line or header. */
const ACCEPTED = /^[\w.:@/+=-]{1,128}$/;

/** The caller's `x-request-id` when it is a plausible id, else a fresh UUID (Fastify's genReqId). */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers[REQUEST_ID_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  return given && ACCEPTED.test(given) ? given : randomUUID();
}

/** Every answer names its request id, so a caller can quote it and an operator find its log lines. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
}

import type { FastifyRequest } from 'fastify';
import type { CallSource } from '../caller';

const USER_AGENT_MAX = 300;

/**
 * Where a request came from: the client address (`TRUST_PROXY` decides which hop), the browser, the request id and
 * the session its token names (none until the token is checked).
 */
export function sourceOf(req: FastifyRequest, sessionId: string | null = null): CallSource {
  return {
    origin: req.ip ?? null,
    userAgent: req.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
    requestId: req.id,
    sessionId,
  };
}

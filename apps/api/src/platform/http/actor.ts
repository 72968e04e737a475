import type { FastifyRequest } from 'fastify';
import type { Actor } from '../audit/actor';

const USER_AGENT_MAX = 300;

/**
 * The caller of a request as the services take it (platform/audit/actor.ts): the signed-in account
 * (none on a public route before sign-in: then kind 'system', as the audit log has always recorded it),
 * the client address (`TRUST_PROXY` decides which hop), the browser and the request id.
 */
export function actorOf(req: FastifyRequest): Actor {
  const principal = req.principal;
  return {
    id: principal?.id ?? null,
    isAdmin: principal?.isAdmin ?? false,
    isSuper: principal?.isSuper ?? false,
    kind: principal ? (principal.isAdmin ? 'admin' : 'member') : 'system',
    origin: req.ip ?? null,
    userAgent: req.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
    requestId: req.id,
  };
}

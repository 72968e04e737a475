import type { AuditActorKind } from '@app/contracts';

/**
 * Who makes a change, as every service that changes data takes it and `audit` records it: the signed-in
 * account of a request (`actorOf(req)`, platform/http/actor.ts) with where the request came from, or, for a
 * change made outside the API (start-up, the operator command line), no account and a description of where
 * it came from (`systemActor`).
 */
export interface Actor {
  /** The acting account; null outside the API. */
  id: number | null;
  /** True for an administrator's account. */
  isAdmin: boolean;
  /** True for a super administrator's account. */
  isSuper: boolean;
  /** 'admin' / 'member' for an account, 'system' without one. */
  kind: AuditActorKind;
  /** Stored in the audit log's `ip` column: the client address, or e.g. `cli:root@db-host`. */
  origin: string | null;
  userAgent: string | null;
  /** The request's id (x-request-id), null outside the API. */
  requestId: string | null;
}

/** A change made outside the API: no account, and `origin` says where it came from (null: unknown, e.g. a script). */
export function systemActor(origin: string | null = null): Actor {
  return {
    id: null,
    isAdmin: false,
    isSuper: false,
    kind: 'system',
    origin,
    userAgent: null,
    requestId: null,
  };
}

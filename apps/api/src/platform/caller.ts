import type { RoleIds } from '@app/contracts';
import type { DbOrTx } from './db/client';

/** Where a call came from, as the audit log records it. */
export interface CallSource {
  /** Stored in the audit log's `ip` column: the client address (`TRUST_PROXY` decides which hop), or e.g. `cli:root@db-host`. */
  origin: string | null;
  userAgent: string | null;
  /** The request's id (x-request-id), null outside the API. */
  requestId: string | null;
  /** The signed-in session the request's token names (access/sessions.ts); null outside a signed-in request. */
  sessionId: string | null;
}

/** A signed-in account's call: the account as it is now (read at every request) and where the request came from. */
export interface AccountCaller extends CallSource {
  kind: 'admin' | 'member';
  id: number;
  name: string;
  isAdmin: boolean;
  isSuper: boolean;
  status: number;
  levelId: number;
  roleIds: RoleIds;
  /** The account signs in with a second factor (an authenticator app's code). */
  twoFactor: boolean;
  /**
   * The session named by `sessionId` while it lasts (null: ended, expired, another account's, or none named);
   * `seenDue` when its "last seen" is over a minute old and the request moves it.
   */
  session: { seenDue: boolean } | null;
}

/**
 * A call without an account: start-up, jobs of the system, the operator command line, demo data, or a public
 * request before sign-in; `origin` says where it came from (null: unknown, e.g. a script).
 */
export interface SystemCaller extends CallSource {
  kind: 'system';
  id: null;
  isAdmin: false;
  isSuper: false;
}

/**
 * Who asks, as every service takes it: reads take the `AccountCaller` they show data to, changes any `Caller`, whom
 * `audit` records. A route has it as `ctx.caller`.
 */
export type Caller = AccountCaller | SystemCaller;

/** Where a call came from when nothing says: a script or a test. */
export const UNKNOWN_SOURCE: CallSource = { origin: null, userAgent: null, requestId: null, sessionId: null };

export function systemCaller(origin: string | null = null): SystemCaller {
  return { ...UNKNOWN_SOURCE, kind: 'system', id: null, isAdmin: false, isSuper: false, origin };
}

/**
 * The caller behind a token's user id as they are now (null when the user is gone), calling from `source`;
 * access/caller.ts. A route's own loader (`route({ loadCaller })`) returns the caller with more of their row, read
 * in the same statement.
 */
export type CallerLoader<C extends AccountCaller = AccountCaller> = (
  db: DbOrTx,
  userId: number,
  source?: CallSource,
) => Promise<C | null>;

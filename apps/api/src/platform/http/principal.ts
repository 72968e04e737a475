import type { RoleIds } from '@app/contracts';
import type { DbOrTx } from '../db/client';

/** The signed-in caller as every route sees it. */
export interface Principal {
  id: number;
  name: string;
  isAdmin: boolean;
  isSuper: boolean;
  status: number;
  tokenVersion: number;
  levelId: number;
  roleIds: RoleIds;
}

/**
 * The caller behind a token's user id as they are now (null when the user is gone); access/principal.ts. A
 * route's own loader (`route({ loadPrincipal })`) returns the principal with more of the caller's row, read
 * in the same statement.
 */
export type PrincipalLoader<P extends Principal = Principal> = (
  db: DbOrTx,
  userId: number,
) => Promise<P | null>;

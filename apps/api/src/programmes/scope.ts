import type { AccountCaller } from '../platform/caller';
import { forbidden } from '../platform/http/errors';

/** Holder routes: a member acts only on itself, an admin on anyone. */
export function ownOrAdmin(user: AccountCaller, id: number): number {
  if (!user.isAdmin && user.id !== id) throw forbidden();
  return id;
}

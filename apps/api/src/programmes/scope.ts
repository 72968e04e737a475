import { forbidden } from '../platform/http/errors';
import type { Principal } from '../platform/http/principal';

/** Holder routes: a member acts only on itself, an admin on anyone. */
export function ownOrAdmin(user: Principal, id: number): number {
  if (!user.isAdmin && user.id !== id) throw forbidden();
  return id;
}

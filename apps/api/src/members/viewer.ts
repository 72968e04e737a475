import { hasPermission, maskName, Perm } from '@app/contracts';
import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../access/principal';
import type { DbOrTx } from '../platform/db/client';
import { forbidden } from '../platform/http/errors';
import { users } from './members.schema';

/**
 * Who is looking at member data. Access rules of the member reads
 * (list, detail), documented in docs/members.md:
 * - administrators need Perm.userList and see every member in full;
 * - members need Perm.organization and see only themselves and their sponsor
 *   downline; other people's names are masked and their email/phone withheld.
 */
export interface Viewer {
  id: number;
  isAdmin: boolean;
  /** The member's own sponsor path (its downline lies below it); null for admins. */
  treePath: string | null;
}

export async function memberViewer(db: DbOrTx, user: Principal): Promise<Viewer> {
  if (user.isAdmin) {
    if (!hasPermission(user.roleIds, Perm.userList)) throw forbidden();
    return { id: user.id, isAdmin: true, treePath: null };
  }
  if (!hasPermission(user.roleIds, Perm.organization)) throw forbidden();
  const [row] = await db.select({ treePath: users.treePath }).from(users).where(eq(users.id, user.id));
  return { id: user.id, isAdmin: false, treePath: row?.treePath ?? `/${user.id}/` };
}

/** What a viewer may read of someone's personal fields. */
export function personal<T extends { id: number; name: string }>(
  viewer: Pick<Viewer, 'id' | 'isAdmin'>,
  person: T,
): T {
  if (viewer.isAdmin || person.id === viewer.id) return person;
  const masked: Record<string, unknown> = { ...person, name: maskName(person.name) };
  if (typeof masked.display_name === 'string') masked.display_name = maskName(masked.display_name);
  if ('email' in masked) masked.email = null;
  if ('phone' in masked) masked.phone = null;
  return masked as T;
}

/** `maskName` in SQL: someone else's name as a member sees it, for searches that must not see more. */
export const maskedName = (name: SQL | Column) => sql`case when char_length(${name}) <= 6
    then left(${name}, least(3, ceil(char_length(${name}) / 2.0)::int)) || '***'
    else left(${name}, 3) || '***' || right(${name}, 3) end`;

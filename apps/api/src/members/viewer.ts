import { hasPermission, maskName, Perm, PRIVATE_USER_FIELDS } from '@app/contracts';
import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { forbidden } from '../platform/http/errors';
import type { Principal } from '../platform/http/principal';
import { users } from './members.schema';

/**
 * Who is looking at member data. Access rules of the member reads
 * (list, detail), documented in docs/members.md:
 * - administrators need Perm.userList and see every member in full;
 * - members need Perm.organization and see only themselves and their sponsor
 *   downline; other people's names are masked and their PRIVATE_USER_FIELDS left out.
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

/** Administrators, and anyone about themselves, read a person in full. */
const readsInFull = (viewer: Pick<Viewer, 'id' | 'isAdmin'>, personId: number) =>
  viewer.isAdmin || personId === viewer.id;

/** A person's name as the viewer may read it: someone else's masked for members (docs/product/README.md). */
export const shownName = (viewer: Pick<Viewer, 'id' | 'isAdmin'>, personId: number, name: string) =>
  readsInFull(viewer, personId) ? name : maskName(name);

/**
 * The presenter of every member-facing row about a person (list rows, details, upline chains, references):
 * for someone else a member gets the names masked and no PRIVATE_USER_FIELDS at all.
 */
export function personal<T extends { id: number; name: string; display_name?: string | null }>(
  viewer: Pick<Viewer, 'id' | 'isAdmin'>,
  person: T,
): T {
  if (readsInFull(viewer, person.id)) return person;
  const shown: Record<string, unknown> = { ...person, name: maskName(person.name) };
  if (typeof person.display_name === 'string') shown.display_name = maskName(person.display_name);
  for (const field of PRIVATE_USER_FIELDS) delete shown[field];
  return shown as T;
}

/** `maskName` in SQL: someone else's name as a member sees it, for searches that must not see more. */
export const maskedName = (name: SQL | Column) => sql`case when char_length(${name}) <= 6
    then left(${name}, least(3, ceil(char_length(${name}) / 2.0)::int)) || '***'
    else left(${name}, 3) || '***' || right(${name}, 3) end`;

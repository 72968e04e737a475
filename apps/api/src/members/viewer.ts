import { hasPermission, Perm } from '@app/contracts';
import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { forbidden } from '../platform/http/errors';
import type { Principal } from '../platform/http/principal';
import { users } from './members.schema';

/**
 * Who is looking at member data. Access rules of the member reads
 * (list, detail), documented in docs/product/members.md:
 * - administrators need Perm.userList and see every member in full;
 * - members need Perm.organization and see only themselves and their sponsor
 *   downline; other people's names are masked and their PRIVATE_USER_FIELDS left out (member.presenter.ts).
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

/** `maskName` in SQL: someone else's name as a member sees it (member.presenter.ts), for searches and sorts that must not see more. */
export const maskedName = (name: SQL | Column) => sql`case when char_length(${name}) <= 6
    then left(${name}, least(3, ceil(char_length(${name}) / 2.0)::int)) || '***'
    else left(${name}, 3) || '***' || right(${name}, 3) end`;

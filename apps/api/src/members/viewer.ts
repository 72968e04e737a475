import { hasPermission, Perm } from '@app/contracts';
import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { AccountCaller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { forbidden } from '../platform/http/errors';
import { users } from './members.schema';

/**
 * The caller of a member read with the part of the members it covers. Access rules of the member reads
 * (list, detail), documented in docs/product/members.md:
 * - administrators need Perm.userList and see every member in full;
 * - members need Perm.organization and see only themselves and their sponsor
 *   downline; other people's names are masked and their PRIVATE_USER_FIELDS left out (member.presenter.ts).
 */
export interface Viewer extends AccountCaller {
  /** The member's own sponsor path (its downline lies below it); null for admins. */
  treePath: string | null;
}

export async function memberViewer(db: DbOrTx, caller: AccountCaller): Promise<Viewer> {
  if (caller.isAdmin) {
    if (!hasPermission(caller.roleIds, Perm.userList)) throw forbidden();
    return { ...caller, treePath: null };
  }
  if (!hasPermission(caller.roleIds, Perm.organization)) throw forbidden();
  const [row] = await db.select({ treePath: users.treePath }).from(users).where(eq(users.id, caller.id));
  return { ...caller, treePath: row?.treePath ?? `/${caller.id}/` };
}

/** `maskName` in SQL: someone else's name as a member sees it (member.presenter.ts), for searches and sorts that must not see more. */
export const maskedName = (name: SQL | Column) => sql`case when char_length(${name}) <= 6
    then left(${name}, least(3, ceil(char_length(${name}) / 2.0)::int)) || '***'
    else left(${name}, 3) || '***' || right(${name}, 3) end`;

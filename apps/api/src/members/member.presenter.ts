import { maskName, PRIVATE_USER_FIELDS, type UserRef } from '@app/contracts';
import type { AccountCaller } from '../platform/caller';

/**
 * How every answer shows a member to the one who asked (docs/product/README.md): administrators, and anyone
 * about themselves, read a person in full; a member sees everyone else's names masked and none of their
 * PRIVATE_USER_FIELDS. Any answer that shows another member goes through one of these; searches and sorts
 * that must not see more than that use `maskedName` (viewer.ts), the same mask in SQL.
 */

const readsInFull = (viewer: AccountCaller, personId: number) => viewer.isAdmin || personId === viewer.id;

/** A person's name as the viewer may read it. */
export const shownName = (viewer: AccountCaller, personId: number, name: string) =>
  readsInFull(viewer, personId) ? name : maskName(name);

/** A named person (a payout's buyer) whose id or name may be missing: the name as the viewer may read it. */
export const shownNameOf = (viewer: AccountCaller, personId: number | null, name: string | null) =>
  personId === null || name === null ? name : shownName(viewer, personId, name);

/** A member's two names in the trees (genealogy, downline export): `full_name` is the display name, else the name. */
export const treeNames = (
  viewer: AccountCaller,
  person: { id: number; name: string; display_name: string | null },
) => ({
  full_name: shownName(viewer, person.id, person.display_name || person.name),
  name: shownName(viewer, person.id, person.name),
});

/**
 * A reference to a member inside another record (a member's sponsor, an order's buyer, a transfer's sender):
 * id, member number and name as the viewer may read it; null when the record has none.
 */
export function memberRef(
  viewer: AccountCaller,
  ref: { id: number | null; name: string | null; user_no: string | null } | null,
): UserRef | null {
  if (!ref?.id) return null;
  return { id: ref.id, name: shownName(viewer, ref.id, ref.name ?? ''), user_no: ref.user_no ?? '' };
}

/**
 * A member row about a person (list rows, details, upline chains): for someone else a member gets the
 * names masked and no PRIVATE_USER_FIELDS at all.
 */
export function personal<T extends { id: number; name: string; display_name?: string | null }>(
  viewer: AccountCaller,
  person: T,
): T {
  if (readsInFull(viewer, person.id)) return person;
  const shown: Record<string, unknown> = { ...person, name: maskName(person.name) };
  if (typeof person.display_name === 'string') shown.display_name = maskName(person.display_name);
  for (const field of PRIVATE_USER_FIELDS) delete shown[field];
  return shown as T;
}

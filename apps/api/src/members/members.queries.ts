import {
  ADMIN_ONLY_USER_SORTS,
  type CommissionStatus,
  formatCents,
  type Locale,
  type UserListItem,
  type UserSort,
  type userListQuery,
} from '@app/contracts';
import { and, asc, type Column, count, desc, eq, inArray, lt, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { levelName } from '../access/current-user';
import type { DbOrTx } from '../platform/db/client';
import { keywordFilter } from '../platform/db/paging';
import { fieldError } from '../platform/http/errors';
import { storedDownlineCount } from '../tree/tree.queries';
import { downlineCounts } from '../tree/tree.schema';
import { pathRange } from '../tree/tree-path';
import { wallets } from '../wallet/wallet.schema';
import { memberIdsByBalance } from './by-balance';
import { memberRef, personal } from './member.presenter';
import { levels, users } from './members.schema';
import { nameOrDisplayNameContains } from './name-search';
import { talliedAccounts } from './tallies';
import { maskedName, type Viewer } from './viewer';

const parent = alias(users, 'parent');
const iblommerParent = alias(users, 'iblommer_parent');

const rowColumns = {
  user: users,
  level: levels,
  parent: { id: parent.id, name: parent.name, user_no: parent.userNo },
  iblommerParent: { id: iblommerParent.id, name: iblommerParent.name, user_no: iblommerParent.userNo },
  /** Members below it in the sponsor tree, as `downline_counts` keeps them. */
  downline: sql<number>`coalesce(${downlineCounts.sponsorCount}, 0)`,
  available: wallets.availableCents,
  frozen: wallets.frozenCents,
};

function baseQuery(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(users)
    .leftJoin(levels, eq(levels.id, users.levelId))
    .leftJoin(parent, eq(parent.id, users.parentUserId))
    .leftJoin(iblommerParent, eq(iblommerParent.id, users.iblommerParentUserId))
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .leftJoin(downlineCounts, eq(downlineCounts.userId, users.id));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** Members only, and for a member viewer only their own downline (or themselves when `withSelf`). */
export function scopeFilter(viewer: Viewer, withSelf = false): SQL {
  const own = viewer.treePath
    ? withSelf
      ? pathRange(users.treePath, viewer.treePath)
      : and(pathRange(users.treePath, viewer.treePath), not(eq(users.id, viewer.id)))!
    : undefined;
  return and(eq(users.isAdmin, false), own)!;
}

/** A member row in full; callers present it with `personal` (toListItem, the detail). */
export function memberFields(viewer: Viewer, row: Row, locale: Locale): Required<UserListItem> {
  const { user, level } = row;
  return {
    id: user.id,
    name: user.name,
    display_name: user.displayName,
    user_no: user.userNo,
    email: user.email,
    phone: user.phone,
    status: user.status as 1 | 2,
    level_id: user.levelId,
    level: level ? { id: level.id, name: levelName(level, locale) } : null,
    tree_level: user.treeDepth,
    downline_count: Number(row.downline),
    balance: formatCents(row.available ?? 0),
    frozen_balance: formatCents(row.frozen ?? 0),
    parent_user: memberRef(viewer, row.parent),
    iblommer_parent_user: memberRef(viewer, row.iblommerParent),
    platform_id: user.platformId,
    commission_status: user.commissionStatus as CommissionStatus,
    commission_reason: user.commissionReason,
    created_at: user.createdAt.toISOString(),
  };
}

export const toListItem = (viewer: Viewer, row: Row, locale: Locale): UserListItem =>
  personal(viewer, memberFields(viewer, row, locale));

/** The sorts read along a column; by balance, a page is read in two parts instead (by-balance.ts). */
const SORT_COLUMNS: Record<Exclude<UserSort, 'balance'>, SQL | Column> = {
  id: users.id,
  created_at: users.createdAt,
  level_id: users.levelId,
  name: sql`lower(${users.name})`,
  user_no: users.userNo,
};

/**
 * A member sorts only by what they see: never a private field, names as masked (like the keyword). Null: by
 * balance (administrators only).
 */
function sortColumn(viewer: Viewer, sort: UserSort): SQL | Column | null {
  if (!viewer.isAdmin && ADMIN_ONLY_USER_SORTS.includes(sort)) throw fieldError('sort', 'validation.choice');
  if (sort === 'balance') return null;
  return sort === 'name' && !viewer.isAdmin ? sql`lower(${maskedName(users.name)})` : SORT_COLUMNS[sort];
}

type MemberListQuery = z.output<typeof userListQuery>;

/** The member list's filters as one condition, and whether a keyword is among them (its total is then counted). */
export function memberListWhere(viewer: Viewer, q: MemberListQuery): { where: SQL; keyword: boolean } {
  // A member searches what they see of the others (docs/product/members.md): masked names and member numbers.
  // An administrator finds the account or display name (through the trigram index), e-mail, phone or member number.
  const keyword = !q.keyword
    ? undefined
    : viewer.isAdmin
      ? or(
          nameOrDisplayNameContains(q.keyword),
          keywordFilter(q.keyword, [users.email, users.phone, users.userNo]),
        )
      : keywordFilter(q.keyword, [maskedName(users.name), maskedName(users.displayName), users.userNo]);
  const where = and(
    scopeFilter(viewer),
    keyword,
    q.level_id ? eq(users.levelId, q.level_id) : undefined,
    q.status ? eq(users.status, q.status) : undefined,
    commissionFilter(viewer, q.commission_status),
  )!;
  return { where, keyword: keyword !== undefined };
}

/** One page of the member list plus the appended users (pickers) that the page lacks. */
export async function listMembers(
  db: DbOrTx,
  viewer: Viewer,
  q: MemberListQuery,
  locale: Locale,
): Promise<{ list: UserListItem[]; total: number }> {
  const { where, keyword } = memberListWhere(viewer, q);
  const ascending = q.order === 'asc' || q.order === 'ascend';
  const direction = ascending ? asc : desc;
  const offset = (q.page - 1) * q.pageSize;
  const column = sortColumn(viewer, q.sort);
  const page = async () => {
    if (column)
      return baseQuery(db)
        .where(where)
        .orderBy(direction(column), direction(users.id))
        .limit(q.pageSize)
        .offset(offset);
    const ids = await memberIdsByBalance(db, where, ascending ? 'asc' : 'desc', offset, q.pageSize);
    const found = ids.length ? await baseQuery(db).where(inArray(users.id, ids)) : [];
    return ids.map((id) => found.find((r) => r.user.id === id)!);
  };
  const [rows, [totalRow]] = await Promise.all([page(), listTotal(db, viewer, q, !keyword, where)]);
  const missing = q.append_user_ids.filter((id) => !rows.some((r) => r.user.id === id));
  const appended = missing.length
    ? await baseQuery(db).where(and(scopeFilter(viewer), inArray(users.id, missing)))
    : [];
  return {
    list: [...appended, ...rows].map((row) => toListItem(viewer, row, locale)),
    total: totalRow?.n ?? 0,
  };
}

/** The members `where` selects, newest first: `limit` of them with ids below `beforeId` (an export's batches). */
export async function membersBefore(
  db: DbOrTx,
  viewer: Viewer,
  where: SQL,
  beforeId: number | null,
  limit: number,
  locale: Locale,
): Promise<UserListItem[]> {
  const rows = await baseQuery(db)
    .where(and(where, beforeId === null ? undefined : lt(users.id, beforeId)))
    .orderBy(desc(users.id))
    .limit(limit);
  return rows.map((row) => toListItem(viewer, row, locale));
}

/** Members of a commission status: administrators only (it is a private field; docs/product/bonus.md). */
function commissionFilter(viewer: Viewer, status: CommissionStatus | undefined) {
  if (!status) return undefined;
  if (!viewer.isAdmin) throw fieldError('commission_status', 'validation.choice');
  return eq(users.commissionStatus, status);
}

/** How many members the list's filters select (the list's total, for an export). */
export async function countMembers(db: DbOrTx, viewer: Viewer, q: MemberListQuery): Promise<number> {
  const { where, keyword } = memberListWhere(viewer, q);
  const [row] = await listTotal(db, viewer, q, !keyword, where);
  return row.n;
}

/**
 * The list's total: without a keyword, an administrator's (by level and status too) from the member
 * tallies and a member's whole downline from its downline count, both kept exact by triggers; a keyword
 * search counts the matching rows.
 */
async function listTotal(
  db: DbOrTx,
  viewer: Viewer,
  q: MemberListQuery,
  noKeyword: boolean,
  where: SQL | undefined,
): Promise<[{ n: number }]> {
  // The tallies know no commission status: those few members are counted (a scan of users' status).
  if (noKeyword && viewer.isAdmin && !q.commission_status)
    return [{ n: await talliedAccounts(db, { levelId: q.level_id, status: q.status }) }];
  if (noKeyword && viewer.treePath && !q.level_id && !q.status && !q.commission_status)
    return [{ n: await storedDownlineCount(db, 'sponsor', viewer.id) }];
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return [{ n: row?.n ?? 0 }];
}

/** One member as the viewer may see it (itself or its downline for members), or undefined. */
export async function findMember(db: DbOrTx, viewer: Viewer, id: number) {
  const [row] = await baseQuery(db).where(and(scopeFilter(viewer, true), eq(users.id, id)));
  if (!row) return undefined;
  const [direct] = await db.select({ n: count() }).from(users).where(eq(users.parentUserId, id));
  return { row, directCount: direct?.n ?? 0 };
}

export type MemberRow = Row;

import { type SQL, sql } from 'drizzle-orm';
import { type UserRow, users } from '../members/members.schema';
import type { TreeKind } from './tree-path';

/** The columns of the users table that hold each referral tree. */
export const treeColumns = {
  sponsor: { parent: users.parentUserId, depth: users.treeDepth, path: users.treePath },
  iblommer: { parent: users.iblommerParentUserId, depth: users.iblommerDepth, path: users.iblommerPath },
} as const;

/** A tree column (qualified by `alias`, default `u`; '' for none), as an SQL identifier for raw queries. */
export const col = (tree: TreeKind, name: keyof (typeof treeColumns)['sponsor'], alias = 'u'): SQL => {
  const column = treeColumns[tree][name].name;
  return sql.raw(alias ? `${alias}.${column}` : column);
};

/** The fields of a member's row that place it in both trees. */
export type TreePlaces = Pick<UserRow, 'treeDepth' | 'treePath' | 'iblommerDepth' | 'iblommerPath'>;

/** A member's depth and path in `tree`. */
export const placeIn = (tree: TreeKind, member: TreePlaces): { depth: number; path: string } =>
  tree === 'sponsor'
    ? { depth: member.treeDepth, path: member.treePath }
    : { depth: member.iblommerDepth, path: member.iblommerPath };

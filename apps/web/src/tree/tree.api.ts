import {
  memberEndpoints,
  type TreeAnswer,
  type TreeNode,
  treeEndpoints,
  type UserListResult,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { download, request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import { to, useWrite } from '../platform/write';

export type TreeKind = 'sponsor' | 'iblommer';

/** Each tree's view from a member and the move of a member within it (docs/product/tree.md). */
const TREES = {
  sponsor: { view: treeEndpoints.sponsor, move: treeEndpoints.moveSponsor },
  iblommer: { view: treeEndpoints.iblommer, move: treeEndpoints.moveIblommer },
} as const;

export const treeKeys = {
  all: queryRoots.tree,
  tree: (kind: TreeKind, userId: number | null) => [...treeKeys.all, kind, userId] as const,
  rootPicker: (keyword: string) => [...treeKeys.all, 'rootPicker', keyword] as const,
};

/** A tree from `userId` (or the top sponsors); 10 levels at once. */
export const useTree = (kind: TreeKind, userId: number | undefined) =>
  useQuery({
    queryKey: treeKeys.tree(kind, userId ?? null),
    queryFn: () => request<TreeAnswer>(TREES[kind].view, { query: { user_id: userId } }),
  });

/** Lazy loading of a node: the sponsor tree's direct children, or the next levels of the iBloomer tree. */
export async function fetchChildren(kind: TreeKind, nodeId: number | string): Promise<TreeNode[]> {
  if (kind === 'sponsor') return request<TreeNode[]>(treeEndpoints.member, { query: { user_id: nodeId } });
  const answer = await request<TreeAnswer>(treeEndpoints.iblommer, { query: { user_id: nodeId } });
  return answer.roots[0]?.children ?? [];
}

/** Up to 10 members matching `keyword`, to pick a tree's root. */
export const useRootOptions = (keyword: string) =>
  useQuery({
    queryKey: treeKeys.rootPicker(keyword),
    queryFn: () => request<UserListResult>(memberEndpoints.list, { query: { keyword, pageSize: 10 } }),
    enabled: keyword.length > 0,
  });

/** The whole downline of a member as a spreadsheet. */
export const exportDownline = (userId: number | string, userNo: string | undefined) =>
  download(treeEndpoints.exportLegend, `downline-${userNo}.xlsx`, { body: { user_id: userId } });

/** Moves a member under another upline in `kind`: the trees and the member lists and details (upline) refresh. */
export const useMoveMember = (kind: TreeKind) =>
  useWrite({
    send: ({ userId, parentId }: { userId: number | string; parentId: number | string }) =>
      to(TREES[kind].move, { body: { user_id: userId, parent_user_id: parentId } }),
    invalidates: [treeKeys.all, queryRoots.members],
  });

import type { TreeAnswer, TreeNode, UserListResult } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MEMBERS, memberKeys } from '../members/members.api';
import { download, http } from '../platform/http';
import { queryRoots } from '../platform/query-roots';

export type TreeKind = 'sponsor' | 'iblommer';

/** The tree endpoints (docs/product/tree.md). */
export const TREES = {
  sponsor: MEMBERS.tree,
  sponsorChildren: MEMBERS.treeChildren,
  iblommer: '/api/users/iblommeTree',
  exportDownline: '/api/users/exportLegend',
  move: { sponsor: '/api/users/update/refererUser', iblommer: '/api/users/update/iblommerUser' },
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
    queryFn: () =>
      http.get<TreeAnswer>(kind === 'sponsor' ? TREES.sponsor : TREES.iblommer, { user_id: userId }),
  });

/** Lazy loading of a node: the sponsor tree's direct children, or the next levels of the iBloomer tree. */
export async function fetchChildren(kind: TreeKind, nodeId: number | string): Promise<TreeNode[]> {
  if (kind === 'sponsor') return http.get<TreeNode[]>(TREES.sponsorChildren, { user_id: nodeId });
  const answer = await http.get<TreeAnswer>(TREES.iblommer, { user_id: nodeId });
  return answer.roots[0]?.children ?? [];
}

/** Up to 10 members matching `keyword`, to pick a tree's root. */
export const useRootOptions = (keyword: string) =>
  useQuery({
    queryKey: treeKeys.rootPicker(keyword),
    queryFn: () => http.get<UserListResult>(MEMBERS.list, { keyword, pageSize: 10 }),
    enabled: keyword.length > 0,
  });

/** The whole downline of a member as a spreadsheet. */
export const exportDownline = (userId: number | string, userNo: string | undefined) =>
  download(TREES.exportDownline, { user_id: userId }, `downline-${userNo}.xlsx`);

/** Moves a member under another upline in `kind`: the trees and the member lists and details (upline) refresh. */
export function useMoveMember(kind: TreeKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, parentId }: { userId: number | string; parentId: number | string }) =>
      http.put(TREES.move[kind], { user_id: userId, parent_user_id: parentId }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: treeKeys.all }),
        client.invalidateQueries({ queryKey: memberKeys.all }),
      ]),
  });
}

import {
  type CommissionStatusBody,
  type CommissionStatusResult,
  type CpInfo,
  type TreeAnswer,
  type TreeNode,
  UI,
  type UserDetail,
  type UserListResult,
  type UserReport,
  userListQuery,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedback } from '../platform/feedback';
import type { FiltersOf } from '../platform/filters/url-filters';
import { download, http, send } from '../platform/http';
import { fetchPublicConfig, publicConfigKey } from '../platform/public-config';
import { invalidateMoney, queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';

/** The member endpoints (docs/product/members.md). */
export const MEMBERS = {
  list: '/api/users/list',
  create: '/api/users',
  item: (id: number) => `/api/users/${id}`,
  reportNumbers: (id: number) => `/api/users/add/reportNumber/${id}`,
  report: '/api/users/report',
  tree: '/api/users/tree',
  treeChildren: '/api/users/tree/user',
  cpInfo: (id: number) => `/api/members/wecCpInfo/${id}`,
  commissionStatus: (id: number) => `/api/users/${id}/commission-status`,
} as const;

export const memberKeys = {
  all: queryRoots.members,
  lists: () => [...memberKeys.all, 'list'] as const,
  picker: (keyword: string, selected: number | undefined) =>
    [...memberKeys.all, 'picker', keyword, selected] as const,
  details: () => [...memberKeys.all, 'detail'] as const,
  detail: (userId: number, params: object) => [...memberKeys.details(), userId, params] as const,
  report: (params: object) => [...memberKeys.all, 'report', params] as const,
  downline: (userId: number) => [...memberKeys.all, 'downline', userId] as const,
  cpInfo: (userId: number) => [...memberKeys.all, 'cpInfo', userId] as const,
};

/** The member list's filters, as the contract reads them (also from the URL). */
export const memberFilters = userListQuery.pick({
  keyword: true,
  level_id: true,
  status: true,
  commission_status: true,
});
export type MemberFilters = FiltersOf<typeof memberFilters>;

export const membersList: ListEndpoint = { key: memberKeys.lists(), url: MEMBERS.list };

/** Member levels with names in the current language (from GET /api/common/config). */
export function useLevels() {
  return useQuery({
    queryKey: publicConfigKey,
    queryFn: fetchPublicConfig,
    select: (config) => config.levels,
    staleTime: 10 * 60_000,
  });
}

/** GET /api/users/{id}: every section unless `append` names some. */
export function useUserDetail(userId: number, params: Record<string, string | number> = {}) {
  return useQuery({
    queryKey: memberKeys.detail(userId, params),
    queryFn: () => http.get<UserDetail>(MEMBERS.item(userId), params),
  });
}

/** Up to one picker page of members matching `keyword`, always including `selected`. */
export function useUserOptions(keyword: string, selected: number | undefined) {
  return useQuery({
    queryKey: memberKeys.picker(keyword, selected),
    queryFn: () =>
      http.get<UserListResult>(MEMBERS.list, {
        keyword: keyword || undefined,
        pageSize: UI.userPickerPageSize,
        append_user_ids: selected,
      }),
    select: (result) => result.list,
  });
}

export type ReportParams = { start: string; end: string; period: 'day' | 'month' };

export const useUserReport = (params: ReportParams) =>
  useQuery({
    queryKey: memberKeys.report(params),
    queryFn: () => http.get<UserReport>(MEMBERS.report, params),
  });

export const exportUserReport = (params: ReportParams) =>
  download(
    MEMBERS.report,
    { ...params, export: true },
    `member-report-${params.start}-${params.end}.xlsx`,
    'GET',
  );

/** The member's downline, `UI.treeModalLevels` deep. */
export const useDownline = (userId: number) =>
  useQuery({
    queryKey: memberKeys.downline(userId),
    queryFn: () => http.get<TreeAnswer>(MEMBERS.tree, { user_id: userId, levels: UI.treeModalLevels }),
  });

/** One more level under a node of a tree. */
export const fetchTreeChildren = (userId: number | string) =>
  http.get<TreeNode[]>(MEMBERS.treeChildren, { user_id: userId });

export const useCpInfo = (userId: number) =>
  useQuery({ queryKey: memberKeys.cpInfo(userId), queryFn: () => http.get<CpInfo>(MEMBERS.cpInfo(userId)) });

/** A member write: toasts the server's message, then refreshes the member lists, pickers and details. */
function useMemberWrite<V>(
  call: (vars: V) => { method: 'PUT' | 'POST' | 'DELETE'; url: string; data?: unknown },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => {
      const envelope = await send<unknown>(call(vars));
      feedback.message.success(envelope.msg);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/** Creates (id null: PUT /api/users) or edits a member. */
export const useSaveMember = () =>
  useMemberWrite(({ id, values }: { id: number | null; values: unknown }) =>
    id
      ? { method: 'POST', url: MEMBERS.item(id), data: values }
      : { method: 'PUT', url: MEMBERS.create, data: values },
  );

export const useDeleteMember = () =>
  useMemberWrite((id: number) => ({ method: 'DELETE', url: MEMBERS.item(id) }));

export const useAddReportNumbers = () =>
  useMemberWrite(({ userId, values }: { userId: number; values: unknown }) => ({
    method: 'POST',
    url: MEMBERS.reportNumbers(userId),
    data: values,
  }));

/**
 * Pays, holds or forfeits a member's commissions (PUT /api/users/{id}/commission-status). A release credits held
 * payouts and a forfeit turns them forfeited: the member, their wallet and bonus views all refresh.
 */
export function useSetCommissionStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, body }: { userId: number; body: CommissionStatusBody }) => {
      const envelope = await send<CommissionStatusResult>({
        method: 'PUT',
        url: MEMBERS.commissionStatus(userId),
        data: body,
      });
      feedback.message.success(envelope.msg);
      return envelope.data;
    },
    onSuccess: () => invalidateMoney(client),
  });
}

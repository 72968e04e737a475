import {
  type BulkResult,
  bonusEndpoints,
  type CommissionStatusBody,
  type CommissionStatusResult,
  type CpInfo,
  type JobStarted,
  memberEndpoints,
  programmeEndpoints,
  securityEndpoints,
  type TreeAnswer,
  type TreeNode,
  treeEndpoints,
  UI,
  type UserBulkStatusBody,
  type UserDetail,
  type UserListResult,
  type UserReport,
  userListQuery,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FiltersOf } from '../platform/filters/url-filters';
import { download, request } from '../platform/http';
import { fetchPublicConfig, publicConfigKey } from '../platform/public-config';
import { moneyRoots, queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite } from '../platform/write';

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

export const membersList: ListEndpoint = { key: memberKeys.lists(), endpoint: memberEndpoints.list };

/** Enables or disables the selected members; the result dialog tells each row's outcome (no toast). */
export const useMemberBulkStatus = () =>
  useWrite<UserBulkStatusBody, BulkResult>({
    send: (body) => to(memberEndpoints.bulkStatus, { body }),
    invalidates: [memberKeys.all],
    idempotent: ({ status, ids }) => `bulk/${status}/${ids.join(',')}`,
    toast: false,
  });

/** Starts the export job of the filtered member list (administrators). */
export const exportMembers = (filters: MemberFilters) =>
  request<JobStarted>(memberEndpoints.list, { query: { ...filters, export: 1 } });

/** Member levels with names in the current language, from the public config. */
export function useLevels() {
  return useQuery({
    queryKey: publicConfigKey,
    queryFn: fetchPublicConfig,
    select: (config) => config.levels,
    staleTime: 10 * 60_000,
  });
}

/** A member's record (memberEndpoints.view): every section unless `append` names some. */
export function useUserDetail(userId: number, params: Record<string, string | number> = {}) {
  return useQuery({
    queryKey: memberKeys.detail(userId, params),
    queryFn: () => request<UserDetail>(memberEndpoints.view, { params: { id: userId }, query: params }),
  });
}

/** Up to one picker page of members matching `keyword`, always including `selected`. */
export function useUserOptions(keyword: string, selected: number | undefined) {
  return useQuery({
    queryKey: memberKeys.picker(keyword, selected),
    queryFn: () =>
      request<UserListResult>(memberEndpoints.list, {
        query: { keyword: keyword || undefined, pageSize: UI.userPickerPageSize, append_user_ids: selected },
      }),
    select: (result) => result.list,
  });
}

export type ReportParams = { start: string; end: string; period: 'day' | 'month' };

export const useUserReport = (params: ReportParams) =>
  useQuery({
    queryKey: memberKeys.report(params),
    queryFn: () => request<UserReport>(memberEndpoints.report, { query: params }),
  });

export const exportUserReport = (params: ReportParams) =>
  download(memberEndpoints.report, `member-report-${params.start}-${params.end}.xlsx`, {
    query: { ...params, export: true },
  });

/** The member's downline, `UI.treeModalLevels` deep. */
export const useDownline = (userId: number) =>
  useQuery({
    queryKey: memberKeys.downline(userId),
    queryFn: () =>
      request<TreeAnswer>(treeEndpoints.sponsor, { query: { user_id: userId, levels: UI.treeModalLevels } }),
  });

/** One more level under a node of a tree. */
export const fetchTreeChildren = (userId: number | string) =>
  request<TreeNode[]>(treeEndpoints.member, { query: { user_id: userId } });

export const useCpInfo = (userId: number) =>
  useQuery({
    queryKey: memberKeys.cpInfo(userId),
    queryFn: () => request<CpInfo>(programmeEndpoints.wecCpInfo, { params: { id: userId } }),
  });

/** Creates (id null) or edits a member; the member lists, pickers and details refresh. */
export const useSaveMember = () =>
  useWrite({
    send: ({ id, values }: { id: number | null; values: unknown }) =>
      id
        ? to(memberEndpoints.update, { params: { id }, body: values })
        : to(memberEndpoints.create, { body: values }),
    invalidates: [memberKeys.all],
  });

export const useDeleteMember = () =>
  useWrite({
    send: (id: number) => to(memberEndpoints.remove, { params: { id } }),
    invalidates: [memberKeys.all],
  });

/** Takes a member's second factor away (Perm 26): they sign in with the password alone until they set it up again. */
export const useResetTwoFactor = () =>
  useWrite({
    send: (id: number) => to(securityEndpoints.resetTwoFactor, { params: { id } }),
    invalidates: [memberKeys.all],
  });

export const useAddReportNumbers = () =>
  useWrite({
    send: ({ userId, values }: { userId: number; values: unknown }) =>
      to(memberEndpoints.addReportNumber, { params: { id: userId }, body: values }),
    invalidates: [memberKeys.all],
  });

/**
 * Pays, holds or forfeits a member's commissions. A release credits held payouts and a forfeit turns them
 * forfeited: the member, their wallet and bonus views all refresh.
 */
export const useSetCommissionStatus = () =>
  useWrite<{ userId: number; body: CommissionStatusBody }, CommissionStatusResult>({
    send: ({ userId, body }) => to(bonusEndpoints.commissionStatus, { params: { id: userId }, body }),
    invalidates: moneyRoots,
  });

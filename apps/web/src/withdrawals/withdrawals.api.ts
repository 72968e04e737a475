import {
  type BulkResult,
  type CreateWithdrawalBody,
  type JobStarted,
  type WithdrawalAction,
  type WithdrawalBulkBody,
  withdrawalEndpoints,
  withdrawalListQuery,
} from '@app/contracts';
import { moneyListFilters } from '../platform/filters/MoneyListFilterItems';
import type { FiltersOf } from '../platform/filters/url-filters';
import { request } from '../platform/http';
import { moneyRoots, queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite } from '../platform/write';

export const withdrawalKeys = {
  all: queryRoots.withdrawals,
  adminList: () => [...withdrawalKeys.all, 'admin'] as const,
  mine: () => [...withdrawalKeys.all, 'mine'] as const,
};

/** The list's filters as the URL keeps them: status, member (id or name, or picked) and the money list filters. */
export const withdrawalFilters = withdrawalListQuery
  .pick({ keyword: true, status: true })
  .extend(moneyListFilters.shape);
export type WithdrawalFilters = FiltersOf<typeof withdrawalFilters>;

export const withdrawalsList: ListEndpoint = {
  key: withdrawalKeys.adminList(),
  endpoint: withdrawalEndpoints.list,
};
/** The signed-in member's own applications. */
export const myWithdrawalsList: ListEndpoint = {
  key: withdrawalKeys.mine(),
  endpoint: withdrawalEndpoints.mine,
};

/** Moves a withdrawal one step; each (withdrawal, action) keeps its Idempotency-Key until it succeeds. */
export const useWithdrawalStep = () =>
  useWrite({
    send: ({ id, action, reason }: { id: number; action: WithdrawalAction; reason?: string }) =>
      to(withdrawalEndpoints.step, { params: { id }, body: { action, reason } }),
    invalidates: moneyRoots,
    idempotent: ({ id, action }) => `${id}/${action}`,
  });

export const useApplyWithdrawal = () =>
  useWrite({
    send: (values: CreateWithdrawalBody) => to(withdrawalEndpoints.apply, { body: values }),
    invalidates: moneyRoots,
    idempotent: true,
  });

export const useCancelWithdrawal = () =>
  useWrite({
    send: (id: number) => to(withdrawalEndpoints.cancel, { params: { id } }),
    invalidates: moneyRoots,
    idempotent: true,
  });

/** Starts the export job of the filtered list. */
export const exportWithdrawals = (filters: WithdrawalFilters) =>
  request<JobStarted>(withdrawalEndpoints.list, { query: { ...filters, export: 1 } });

/** One step on the selected applications; the result dialog tells each row's outcome (no toast). */
export const useWithdrawalBulk = () =>
  useWrite<WithdrawalBulkBody, BulkResult>({
    send: (body) => to(withdrawalEndpoints.bulk, { body }),
    invalidates: moneyRoots,
    idempotent: ({ action, ids }) => `bulk/${action}/${ids.join(',')}`,
    toast: false,
  });

import {
  type CreateWithdrawalBody,
  type WithdrawalAction,
  withdrawalEndpoints,
  withdrawalListQuery,
} from '@app/contracts';
import type { FiltersOf } from '../platform/filters/url-filters';
import { moneyRoots, queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite } from '../platform/write';

export const withdrawalKeys = {
  all: queryRoots.withdrawals,
  adminList: () => [...withdrawalKeys.all, 'admin'] as const,
  mine: () => [...withdrawalKeys.all, 'mine'] as const,
};

export const withdrawalFilters = withdrawalListQuery.pick({ keyword: true, status: true });
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

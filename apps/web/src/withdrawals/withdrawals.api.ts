import { type CreateWithdrawalBody, type WithdrawalAction, withdrawalListQuery } from '@app/contracts';
import type { FiltersOf } from '../platform/filters/url-filters';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { useMoneyMutation } from '../wallet/wallet.api';

/** The withdrawal endpoints (docs/product/withdrawals.md). */
export const WITHDRAWALS = {
  adminList: '/api/wallet/admin/list',
  step: (id: number) => `/api/wallet/admin/next/${id}`,
  mine: '/api/wallet/withdraw-record',
  create: '/api/wallet/create-withdraw-record',
  cancel: (id: number) => `/api/wallet/${id}/update-withdraw-record`,
} as const;

export const withdrawalKeys = {
  all: queryRoots.withdrawals,
  adminList: () => [...withdrawalKeys.all, 'admin'] as const,
  mine: () => [...withdrawalKeys.all, 'mine'] as const,
};

export const withdrawalFilters = withdrawalListQuery.pick({ keyword: true, status: true });
export type WithdrawalFilters = FiltersOf<typeof withdrawalFilters>;

export const withdrawalsList: ListEndpoint = { key: withdrawalKeys.adminList(), url: WITHDRAWALS.adminList };
/** The signed-in member's own applications. */
export const myWithdrawalsList: ListEndpoint = { key: withdrawalKeys.mine(), url: WITHDRAWALS.mine };

/** Moves a withdrawal one step; each (withdrawal, action) keeps its Idempotency-Key until it succeeds. */
export const useWithdrawalStep = () =>
  useMoneyMutation(
    (post, { id, action, reason }: { id: number; action: WithdrawalAction; reason?: string }) =>
      post(WITHDRAWALS.step(id), { action, reason }, `${id}/${action}`),
  );

export const useApplyWithdrawal = () =>
  useMoneyMutation((post, values: CreateWithdrawalBody) => post(WITHDRAWALS.create, values));

export const useCancelWithdrawal = () => useMoneyMutation((post, id: number) => post(WITHDRAWALS.cancel(id)));

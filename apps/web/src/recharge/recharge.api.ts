import { rechargeListQuery } from '@app/contracts';
import type { FiltersOf } from '../platform/filters/url-filters';
import { send } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { useMoneyMutation } from '../wallet/wallet.api';

/** The recharge endpoints (docs/product/wallet.md). */
export const RECHARGE = {
  list: '/api/recharge/list',
  create: '/api/recharge/create',
  proof: (id: number) => `/api/recharge/${id}/proof`,
  settle: (outcome: 'complete' | 'reject', id: number) => `/api/recharge/${outcome}/${id}`,
} as const;

export const rechargeKeys = {
  all: queryRoots.recharge,
  lists: () => [...rechargeKeys.all, 'list'] as const,
};

export const rechargeFilters = rechargeListQuery.pick({ status: true });
export type RechargeFilters = FiltersOf<typeof rechargeFilters>;

export const rechargeList: ListEndpoint = { key: rechargeKeys.lists(), url: RECHARGE.list };

/** The proof image, fetched with the caller's token. */
export const fetchProof = (id: number) =>
  send<Blob>({ method: 'GET', url: RECHARGE.proof(id), responseType: 'blob' }).then((e) => e.data);

/** A new recharge (multipart: fields and the optional proof image). */
export const useCreateRecharge = () =>
  useMoneyMutation((post, body: FormData) => post(RECHARGE.create, body));

export const useSettleRecharge = () =>
  useMoneyMutation((post, { id, outcome }: { id: number; outcome: 'complete' | 'reject' }) =>
    post(RECHARGE.settle(outcome, id)),
  );

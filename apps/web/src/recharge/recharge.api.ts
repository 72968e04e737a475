import { rechargeEndpoints, rechargeListQuery } from '@app/contracts';
import type { FiltersOf } from '../platform/filters/url-filters';
import { request } from '../platform/http';
import { moneyRoots, queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite } from '../platform/write';

export const rechargeKeys = {
  all: queryRoots.recharge,
  lists: () => [...rechargeKeys.all, 'list'] as const,
};

export const rechargeFilters = rechargeListQuery.pick({ status: true });
export type RechargeFilters = FiltersOf<typeof rechargeFilters>;

export const rechargeList: ListEndpoint = { key: rechargeKeys.lists(), endpoint: rechargeEndpoints.list };

/** The proof image, fetched with the caller's token. */
export const fetchProof = (id: number) =>
  request<Blob>(rechargeEndpoints.proof, { params: { id }, responseType: 'blob' });

/** A new recharge (multipart: fields and the optional proof image). */
export const useCreateRecharge = () =>
  useWrite({
    send: (body: FormData) => to(rechargeEndpoints.create, { body }),
    invalidates: moneyRoots,
    idempotent: true,
  });

export const useSettleRecharge = () =>
  useWrite({
    send: ({ id, outcome }: { id: number; outcome: 'complete' | 'reject' }) =>
      to(rechargeEndpoints[outcome], { params: { id } }),
    invalidates: moneyRoots,
    idempotent: true,
  });

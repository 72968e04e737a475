import {
  type BulkResult,
  type JobStarted,
  type RechargeBulkBody,
  rechargeEndpoints,
  rechargeListQuery,
} from '@app/contracts';
import { moneyListFilters } from '../platform/filters/MoneyListFilterItems';
import type { FiltersOf } from '../platform/filters/url-filters';
import { request } from '../platform/http';
import { moneyRoots, queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite } from '../platform/write';

export const rechargeKeys = {
  all: queryRoots.recharge,
  lists: () => [...rechargeKeys.all, 'list'] as const,
};

/** The list's filters as the URL keeps them: status and the money list filters (member, days, amount). */
export const rechargeFilters = rechargeListQuery.pick({ status: true }).extend(moneyListFilters.shape);
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

/** Starts the export job of the filtered list. */
export const exportRecharges = (filters: RechargeFilters) =>
  request<JobStarted>(rechargeEndpoints.list, { query: { ...filters, export: 1 } });

/** Completes or rejects the selected recharges; the result dialog tells each row's outcome (no toast). */
export const useRechargeBulk = () =>
  useWrite<RechargeBulkBody, BulkResult>({
    send: (body) => to(rechargeEndpoints.bulk, { body }),
    invalidates: moneyRoots,
    idempotent: ({ outcome, ids }) => `bulk/${outcome}/${ids.join(',')}`,
    toast: false,
  });

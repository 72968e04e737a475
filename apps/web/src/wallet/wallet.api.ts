import {
  type JobStarted,
  type Paged,
  type SendTransferBody,
  type TransferRecipient,
  transferListQuery,
  type WalletRecordItem,
  type WalletSummary,
  walletEndpoints,
  walletRecordListQuery,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FiltersOf } from '../platform/filters/url-filters';
import { request } from '../platform/http';
import { queryClient } from '../platform/query-client';
import { moneyRoots, queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite } from '../platform/write';

export const walletKeys = {
  all: queryRoots.wallet,
  summary: (userId: number) => [...walletKeys.all, 'summary', userId] as const,
  records: (userId: number) => [...walletKeys.all, 'records', userId] as const,
  recordList: () => [...walletKeys.all, 'recordList'] as const,
  transfers: () => [...walletKeys.all, 'transfers'] as const,
  recipient: (userNo: string) => [...walletKeys.all, 'recipient', userNo] as const,
};

/** The admin wallet-record list's filters, as the contract reads them (also from the URL). */
export const walletRecordFilters = walletRecordListQuery.pick({
  keyword: true,
  kind: true,
  action: true,
  status: true,
  start_date: true,
  end_date: true,
});
export type WalletRecordFilters = FiltersOf<typeof walletRecordFilters>;

export const walletRecordList: ListEndpoint = {
  key: walletKeys.recordList(),
  endpoint: walletEndpoints.recordList,
};
/** The transfer list's filters, as the contract reads them (also from the URL). */
export const transferFilters = transferListQuery.pick({ direction: true });
export type TransferFilters = FiltersOf<typeof transferFilters>;

/** Starts the export job of the caller's transfers the filters keep. */
export const exportTransfers = (filters: TransferFilters) =>
  request<JobStarted>(walletEndpoints.transferList, { query: { ...filters, export: 1 } });

export const transfersList: ListEndpoint = {
  key: walletKeys.transfers(),
  endpoint: walletEndpoints.transferList,
};
export const memberRecordsList = (userId: number): ListEndpoint => ({
  key: walletKeys.records(userId),
  endpoint: walletEndpoints.records,
  params: { id: userId },
});

/** Starts the export job of the filtered wallet records. */
export const exportWalletRecords = (filters: WalletRecordFilters) =>
  request<JobStarted>(walletEndpoints.recordList, { query: { ...filters, export: 1 } });

export const useWalletSummary = (userId: number) =>
  useQuery({
    queryKey: walletKeys.summary(userId),
    queryFn: () => request<WalletSummary>(walletEndpoints.summary, { params: { id: userId } }),
    enabled: userId > 0,
  });

/** Member ids are looked up as the server reads them: trimmed, any case. */
export const normalizeUserNo = (userNo: unknown) =>
  String(userNo ?? '')
    .trim()
    .toUpperCase();

/** Who a transfer to `userNo` reaches (answers cached a minute); rejects with the server's translated reason. */
export const lookUpRecipient = (userNo: unknown) =>
  queryClient.fetchQuery({
    queryKey: walletKeys.recipient(normalizeUserNo(userNo)),
    queryFn: () =>
      request<TransferRecipient>(walletEndpoints.recipient, {
        query: { user_no: normalizeUserNo(userNo) },
        quiet: true,
      }),
    staleTime: 60_000,
  });

/** The recipient last looked up for `userNo` (filled by `lookUpRecipient`, never fetched by itself). */
export const useLookedUpRecipient = (userNo: string) =>
  useQuery({
    queryKey: walletKeys.recipient(userNo),
    queryFn: () => lookUpRecipient(userNo),
    enabled: false,
  }).data;

/** `onSent` runs as soon as the server has answered, before the lists and the balance are fetched again. */
export const useSendTransfer = (onSent: () => void) =>
  useWrite({
    send: (values: SendTransferBody) => to(walletEndpoints.sendTransfer, { body: values }),
    invalidates: moneyRoots,
    idempotent: true,
    onAnswer: onSent,
  });

/** One page of a member's wallet records, for a table paged by its caller. */
export const useRecordsPage = (userId: number, page: number, pageSize: number) =>
  useQuery({
    queryKey: [...walletKeys.records(userId), { page, pageSize }],
    queryFn: () =>
      request<Paged<WalletRecordItem>>(walletEndpoints.records, {
        params: { id: userId },
        query: { page, pageSize },
      }),
  });

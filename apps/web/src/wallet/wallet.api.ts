import {
  type JobStarted,
  type Paged,
  type SendTransferBody,
  type TransferRecipient,
  type WalletRecordItem,
  type WalletSummary,
  walletRecordListQuery,
} from '@app/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { feedback } from '../platform/feedback';
import type { FiltersOf } from '../platform/filters/url-filters';
import { http, send } from '../platform/http';
import { queryClient } from '../platform/query-client';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { IdempotencyKeys } from './idempotency-keys';

/** The wallet endpoints (docs/product/wallet.md). */
export const WALLET = {
  summary: (userId: number) => `/api/wallet/${userId}`,
  records: (userId: number) => `/api/wallet/${userId}/record`,
  recordList: '/api/wallet/recordList',
  transferList: '/api/wallet/transferList',
  sendTransfer: '/api/wallet/sendTransfer',
  recipient: '/api/wallet/recipient',
} as const;

export const walletKeys = {
  all: queryRoots.wallet,
  summary: (userId: number) => [...walletKeys.all, 'summary', userId] as const,
  records: (userId: number) => [...walletKeys.all, 'records', userId] as const,
  recordList: () => [...walletKeys.all, 'recordList'] as const,
  transfers: () => [...walletKeys.all, 'transfers'] as const,
  recipient: (userNo: string) => [...walletKeys.all, 'recipient', userNo] as const,
};

/** What a move of money changes: wallets, withdrawals, recharges, member balances, dashboard figures, bonus reports. */
export const invalidateMoney = (client: QueryClient) =>
  Promise.all(
    [
      queryRoots.wallet,
      queryRoots.withdrawals,
      queryRoots.recharge,
      queryRoots.members,
      queryRoots.dashboard,
      queryRoots.bonus,
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );

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

export const walletRecordList: ListEndpoint = { key: walletKeys.recordList(), url: WALLET.recordList };
export const transfersList: ListEndpoint = { key: walletKeys.transfers(), url: WALLET.transferList };
export const memberRecordsList = (userId: number): ListEndpoint => ({
  key: walletKeys.records(userId),
  url: WALLET.records(userId),
});

/** Starts the export job of the filtered wallet records. */
export const exportWalletRecords = (filters: WalletRecordFilters) =>
  http.get<JobStarted>(WALLET.recordList, { ...filters, export: 1 });

export const useWalletSummary = (userId: number) =>
  useQuery({
    queryKey: walletKeys.summary(userId),
    queryFn: () => http.get<WalletSummary>(WALLET.summary(userId)),
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
      http.get<TransferRecipient>(WALLET.recipient, { user_no: normalizeUserNo(userNo) }, { quiet: true }),
    staleTime: 60_000,
  });

/** The recipient last looked up for `userNo` (filled by `lookUpRecipient`, never fetched by itself). */
export const useLookedUpRecipient = (userNo: string) =>
  useQuery({
    queryKey: walletKeys.recipient(userNo),
    queryFn: () => lookUpRecipient(userNo),
    enabled: false,
  }).data;

type MoneyPost = <T>(url: string, body?: unknown, scope?: string) => Promise<T>;

/**
 * Money-moving POSTs whose Idempotency-Key lives as long as the calling form or dialog is open (see
 * IdempotencyKeys): a resubmit after a timeout or lost answer sends the same key, so the server replays
 * the first answer instead of moving money twice. A success starts a new key, and so does reopening the
 * form (a new mount). `scope` keeps independent actions of one component apart (default: the URL, so
 * each row action has its own key). Each success toasts the server's text ("Application Successful"…).
 */
export function useMoneyPost(): MoneyPost {
  const [keys] = useState(() => new IdempotencyKeys());
  return useCallback(
    async <T>(url: string, body?: unknown, scope = url): Promise<T> => {
      const envelope = await keys.run(scope, (key) =>
        send<T>({ method: 'POST', url, data: body, headers: { 'Idempotency-Key': key } }),
      );
      feedback.message.success(envelope.msg);
      return envelope.data;
    },
    [keys],
  );
}

/** A money-moving write (through `useMoneyPost`) that refreshes what money changes once it succeeded. */
export function useMoneyMutation<V>(post: (moneyPost: MoneyPost, vars: V) => Promise<unknown>) {
  const moneyPost = useMoneyPost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => post(moneyPost, vars),
    onSuccess: () => invalidateMoney(client),
  });
}

export const useSendTransfer = () =>
  useMoneyMutation((post, values: SendTransferBody) => post(WALLET.sendTransfer, values));

/** One page of a member's wallet records, for a table paged by its caller. */
export const useRecordsPage = (userId: number, page: number, pageSize: number) =>
  useQuery({
    queryKey: [...walletKeys.records(userId), { page, pageSize }],
    queryFn: () => http.get<Paged<WalletRecordItem>>(WALLET.records(userId), { page, pageSize }),
  });

import { type JobStarted, type OrderDetail, orderFilterFields } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { FiltersOf } from '../platform/filters/url-filters';
import { download, http } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { walletKeys } from '../wallet/wallet.api';

/** The orders endpoints (docs/product/orders.md). */
export const ORDERS = {
  list: '/api/orders/list',
  options: '/api/orders/options',
  item: (orderNo: string) => `/api/orders/item/${encodeURIComponent(orderNo)}`,
  import: '/api/orders/import',
  exportRefund: '/api/orders/export-refund',
  refundWallet: '/api/orders/refund-wallet',
  exportMonthly: '/api/orders/export-gim-to-raymond',
} as const;

export const orderKeys = {
  all: queryRoots.orders,
  lists: () => [...orderKeys.all, 'list'] as const,
  options: () => [...orderKeys.all, 'options'] as const,
  item: (orderNo: string | null) => [...orderKeys.all, 'item', orderNo] as const,
};

/** The filter fields of the orders list, as the contract reads them (also from the URL). */
export const orderFilters = z.object(orderFilterFields);
export type OrderFilters = FiltersOf<typeof orderFilters>;

export const ordersList: ListEndpoint = { key: orderKeys.lists(), url: ORDERS.list, method: 'POST' };

/** Starts the export job of the filtered list. */
export const exportOrders = (filters: OrderFilters) =>
  http.post<JobStarted>(ORDERS.list, { ...filters, export: true });

export const downloadRefundSheet = (refund_no: string) =>
  download(ORDERS.exportRefund, { refund_no }, `refund-${refund_no}.xlsx`);

export const downloadMonthlySheet = (month: string) =>
  download(ORDERS.exportMonthly, { month }, `transfer-${month}.xlsx`);

export const useOrderOptions = () =>
  useQuery({
    queryKey: orderKeys.options(),
    queryFn: () => http.get<{ can_refund: boolean; is_admin: boolean }>(ORDERS.options),
  });

export const useOrderDetail = (orderNo: string | null) =>
  useQuery({
    queryKey: orderKeys.item(orderNo),
    queryFn: () => http.get<OrderDetail>(ORDERS.item(orderNo!)),
    enabled: !!orderNo,
  });

/** Reverses the wallet credits of a refunded order: orders and wallets change. */
export function useRefundToWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (platform_order_no_origin: string) =>
      http.post<{ reversed: number; already_refunded: boolean }>(ORDERS.refundWallet, {
        platform_order_no_origin,
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: orderKeys.all }),
        client.invalidateQueries({ queryKey: walletKeys.all }),
      ]),
  });
}

/** After an order import finished: the lists and details show the new orders. */
export function useOrdersImported() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: orderKeys.all });
}

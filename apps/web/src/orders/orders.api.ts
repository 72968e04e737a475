import { type JobStarted, type OrderDetail, orderEndpoints, orderFilterFields } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { FiltersOf } from '../platform/filters/url-filters';
import { download, request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite } from '../platform/write';
import { walletKeys } from '../wallet/wallet.api';

export const orderKeys = {
  all: queryRoots.orders,
  lists: () => [...orderKeys.all, 'list'] as const,
  options: () => [...orderKeys.all, 'options'] as const,
  item: (orderNo: string | null) => [...orderKeys.all, 'item', orderNo] as const,
};

/** The filter fields of the orders list, as the contract reads them (also from the URL). */
export const orderFilters = z.object(orderFilterFields);
export type OrderFilters = FiltersOf<typeof orderFilters>;

export const ordersList: ListEndpoint = { key: orderKeys.lists(), endpoint: orderEndpoints.list };

/** Starts the export job of the filtered list. */
export const exportOrders = (filters: OrderFilters) =>
  request<JobStarted>(orderEndpoints.list, { body: { ...filters, export: true } });

export const downloadRefundSheet = (refund_no: string) =>
  download(orderEndpoints.exportRefund, `refund-${refund_no}.xlsx`, { body: { refund_no } });

export const downloadMonthlySheet = (month: string) =>
  download(orderEndpoints.exportGimToRaymond, `transfer-${month}.xlsx`, { body: { month } });

export const useOrderOptions = () =>
  useQuery({
    queryKey: orderKeys.options(),
    queryFn: () => request<{ can_refund: boolean; is_admin: boolean }>(orderEndpoints.options),
  });

export const useOrderDetail = (orderNo: string | null) =>
  useQuery({
    queryKey: orderKeys.item(orderNo),
    queryFn: () => request<OrderDetail>(orderEndpoints.item, { params: { orderNo: orderNo! } }),
    enabled: !!orderNo,
  });

/** Reverses the wallet credits of a refunded order: orders and wallets change. */
export const useRefundToWallet = () =>
  useWrite({
    send: (platform_order_no_origin: string) =>
      to(orderEndpoints.refundWallet, { body: { platform_order_no_origin } }),
    invalidates: [orderKeys.all, walletKeys.all],
  });

/** After an order import finished: the lists and details show the new orders. */
export function useOrdersImported() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: orderKeys.all });
}

import type { OrderDetail, ProviderView } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../platform/http';

export const useOrderOptions = () =>
  useQuery({
    queryKey: ['orders', 'options'],
    queryFn: () => http.get<{ can_refund: boolean; is_admin: boolean }>('/api/orders/options'),
  });

/** Providers for pickers (page size 1000, docs/product/README.md). */
export const useProviderOptions = () =>
  useQuery({
    queryKey: ['providers', 'picker'],
    queryFn: () =>
      http.get<{ list: Pick<ProviderView, 'id' | 'name' | 'provider_no'>[] }>('/api/provider/list', {
        pageSize: 1000,
      }),
    select: (page) => page.list,
  });

export const useProductTags = () =>
  useQuery({ queryKey: ['products', 'tags'], queryFn: () => http.get<string[]>('/api/product/tags') });

export const useOrderDetail = (orderNo: string | null) =>
  useQuery({
    queryKey: ['orders', 'item', orderNo],
    queryFn: () => http.get<OrderDetail>(`/api/orders/item/${encodeURIComponent(orderNo!)}`),
    enabled: !!orderNo,
  });

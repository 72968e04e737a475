import { productEndpoints, productListBody } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiltersOf } from '../platform/filters/url-filters';
import { download, request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite } from '../platform/write';

export const productKeys = {
  all: queryRoots.products,
  lists: () => [...productKeys.all, 'list'] as const,
  tags: () => [...productKeys.all, 'tags'] as const,
};

export const productFilters = productListBody.pick({ keyword: true, provider_id: true, tags: true });
export type ProductFilters = FiltersOf<typeof productFilters>;

export const productsList: ListEndpoint = { key: productKeys.lists(), endpoint: productEndpoints.list };

export const exportProducts = (filters: ProductFilters) =>
  download(productEndpoints.list, 'products.xlsx', { body: { ...filters, export: true } });

export const useProductTags = () =>
  useQuery({ queryKey: productKeys.tags(), queryFn: () => request<string[]>(productEndpoints.tags) });

/** Adds (id null) or edits a product; lists and tags refresh. */
export const useSaveProduct = () =>
  useWrite({
    send: ({ id, body }: { id: number | null; body: unknown }) =>
      id ? to(productEndpoints.update, { params: { id }, body }) : to(productEndpoints.create, { body }),
    invalidates: [productKeys.all],
  });

/** After a product import finished. */
export function useProductsImported() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: productKeys.all });
}

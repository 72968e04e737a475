import { productListBody } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiltersOf } from '../platform/filters/url-filters';
import { download, http } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';

/** The products endpoints (docs/product/providers.md). */
export const PRODUCTS = {
  list: '/api/product/list',
  add: '/api/product/add',
  item: (id: number) => `/api/product/${id}`,
  tags: '/api/product/tags',
} as const;

export const productKeys = {
  all: queryRoots.products,
  lists: () => [...productKeys.all, 'list'] as const,
  tags: () => [...productKeys.all, 'tags'] as const,
};

export const productFilters = productListBody.pick({ keyword: true, provider_id: true, tags: true });
export type ProductFilters = FiltersOf<typeof productFilters>;

export const productsList: ListEndpoint = { key: productKeys.lists(), url: PRODUCTS.list, method: 'POST' };

export const exportProducts = (filters: ProductFilters) =>
  download(PRODUCTS.list, { ...filters, export: true }, 'products.xlsx');

export const useProductTags = () =>
  useQuery({ queryKey: productKeys.tags(), queryFn: () => http.get<string[]>(PRODUCTS.tags) });

/** Adds (id null) or edits a product; lists and tags refresh. */
export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: unknown }) =>
      http.post(id ? PRODUCTS.item(id) : PRODUCTS.add, body),
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** After a product import finished. */
export function useProductsImported() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: productKeys.all });
}

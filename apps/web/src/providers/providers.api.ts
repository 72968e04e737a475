import { type ImportKind, type JobStarted, type ProviderView, providerListQuery, UI } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiltersOf } from '../platform/filters/url-filters';
import { download, http, send } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';

/** The providers endpoints (docs/product/providers.md), and the import and template paths of every kind. */
export const PROVIDERS = {
  list: '/api/provider/list',
  add: '/api/provider/add',
  item: (id: number) => `/api/provider/${id}`,
} as const;

const IMPORT_URL: Record<ImportKind, string> = {
  provider: '/api/provider/import',
  product: '/api/product/import',
  order: '/api/orders/import',
};
const IMPORT_TEMPLATE_URL = '/api/common/importTemplate';

export const providerKeys = {
  all: queryRoots.providers,
  lists: () => [...providerKeys.all, 'list'] as const,
  picker: () => [...providerKeys.all, 'picker'] as const,
};

export const providerFilters = providerListQuery.pick({ keyword: true });
export type ProviderFilters = FiltersOf<typeof providerFilters>;

export const providersList: ListEndpoint = { key: providerKeys.lists(), url: PROVIDERS.list };
/** The same list by referrer (a member's wallet accordion). */
export const referredProvidersList = providersList;

export const exportProviders = (filters: ProviderFilters) =>
  download(PROVIDERS.list, { ...filters, export: true }, 'providers.xlsx', 'GET');

export const downloadImportTemplate = (kind: ImportKind) =>
  download(IMPORT_TEMPLATE_URL, { kind }, `${kind}-template.xlsx`, 'GET');

/** Providers for pickers (page size 1000, docs/product/README.md). */
export const useProviderOptions = () =>
  useQuery({
    queryKey: providerKeys.picker(),
    queryFn: () =>
      http.get<{ list: Pick<ProviderView, 'id' | 'name' | 'provider_no'>[] }>(PROVIDERS.list, {
        pageSize: UI.pickerPageSize,
      }),
    select: (page) => page.list,
  });

/** Adds (id null) or edits a provider; lists and pickers refresh. */
export function useSaveProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: unknown }) =>
      id ? http.put(PROVIDERS.item(id), body) : http.post(PROVIDERS.add, body),
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.all }),
  });
}

export function useDeleteProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(PROVIDERS.item(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.all }),
  });
}

/** After a provider import finished. */
export function useProvidersImported() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: providerKeys.all });
}

/** Uploads a sheet of one kind; the answer is the import job to follow. */
export const uploadImport = (kind: ImportKind, file: File, onProgress: (percent: number) => void) => {
  const data = new FormData();
  data.append('file', file);
  return send<JobStarted>({
    method: 'POST',
    url: IMPORT_URL[kind],
    data,
    onUploadProgress: (e) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  }).then((envelope) => envelope.data);
};

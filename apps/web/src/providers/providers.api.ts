import {
  type Endpoint,
  type ImportKind,
  type JobStarted,
  orderEndpoints,
  type ProviderView,
  platformEndpoints,
  productEndpoints,
  providerEndpoints,
  providerListQuery,
  UI,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiltersOf } from '../platform/filters/url-filters';
import { download, request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite } from '../platform/write';

/** Where a sheet of each kind is imported (its template: platformEndpoints.importTemplate). */
const IMPORT_ENDPOINT: Record<ImportKind, Endpoint> = {
  provider: providerEndpoints.import,
  product: productEndpoints.import,
  order: orderEndpoints.import,
};

export const providerKeys = {
  all: queryRoots.providers,
  lists: () => [...providerKeys.all, 'list'] as const,
  picker: () => [...providerKeys.all, 'picker'] as const,
};

export const providerFilters = providerListQuery.pick({ keyword: true });
export type ProviderFilters = FiltersOf<typeof providerFilters>;

export const providersList: ListEndpoint = { key: providerKeys.lists(), endpoint: providerEndpoints.list };
/** The same list by referrer (a member's wallet accordion). */
export const referredProvidersList = providersList;

export const exportProviders = (filters: ProviderFilters) =>
  download(providerEndpoints.list, 'providers.xlsx', { query: { ...filters, export: true } });

export const downloadImportTemplate = (kind: ImportKind) =>
  download(platformEndpoints.importTemplate, `${kind}-template.xlsx`, { query: { kind } });

/** Providers for pickers (page size 1000, docs/product/README.md). */
export const useProviderOptions = () =>
  useQuery({
    queryKey: providerKeys.picker(),
    queryFn: () =>
      request<{ list: Pick<ProviderView, 'id' | 'name' | 'provider_no'>[] }>(providerEndpoints.list, {
        query: { pageSize: UI.pickerPageSize },
      }),
    select: (page) => page.list,
  });

/** Adds (id null) or edits a provider; lists and pickers refresh. */
export const useSaveProvider = () =>
  useWrite({
    send: ({ id, body }: { id: number | null; body: unknown }) =>
      id ? to(providerEndpoints.update, { params: { id }, body }) : to(providerEndpoints.create, { body }),
    invalidates: [providerKeys.all],
  });

export const useDeleteProvider = () =>
  useWrite({
    send: (id: number) => to(providerEndpoints.remove, { params: { id } }),
    invalidates: [providerKeys.all],
  });

/** After a provider import finished. */
export function useProvidersImported() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: providerKeys.all });
}

/**
 * Uploads a sheet of one kind (upload progress to `onProgress`); the answer is the import job, followed in its
 * progress dialog, whose end refreshes what it imported.
 */
export const useUploadImport = (kind: ImportKind, onProgress: (percent: number) => void) =>
  useWrite<File, JobStarted>({
    send: (file) => {
      const body = new FormData();
      body.append('file', file);
      return to(IMPORT_ENDPOINT[kind], {
        body,
        onUploadProgress: (e) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
      });
    },
    invalidates: [],
    toast: false,
  });

import {
  type ListColumns,
  type ListColumnsBody,
  type ListKey,
  type SavedView,
  type SaveViewBody,
  viewEndpoints,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import { to, useWrite } from '../platform/write';

/** Each person's saved views and columns of the list screens (docs/product/members.md, "Saved views and columns"): `viewEndpoints`. */
export const viewKeys = {
  all: queryRoots.views,
  list: (list: ListKey) => [...viewKeys.all, 'list', list] as const,
  columns: (list: ListKey) => [...viewKeys.all, 'columns', list] as const,
};

export const useSavedViews = (list: ListKey) =>
  useQuery({
    queryKey: viewKeys.list(list),
    queryFn: () => request<SavedView[]>(viewEndpoints.list, { query: { list } }),
  });

export const useSaveView = () =>
  useWrite<SaveViewBody, SavedView>({
    // A refusal (a name taken on the list, the most views kept) shows under the name field: SaveViewDialog.
    send: (body) => to(viewEndpoints.save, { body, quiet: true }),
    invalidates: (_view, body) => [viewKeys.list(body.list)],
  });

export const useDeleteView = (list: ListKey) =>
  useWrite({
    send: (id: number) => to(viewEndpoints.remove, { params: { id: String(id) } }),
    invalidates: [viewKeys.list(list)],
  });

export const useListColumns = (list: ListKey) =>
  useQuery({
    queryKey: viewKeys.columns(list),
    queryFn: () => request<ListColumns>(viewEndpoints.columns, { query: { list } }),
  });

/** Saves the columns shown; the list and the checkboxes show them at once, before the server's answer. */
export function useSaveColumns(list: ListKey) {
  const client = useQueryClient();
  const write = useWrite<ListColumnsBody, ListColumns>({
    send: (body) => to(viewEndpoints.saveColumns, { body }),
    invalidates: (_columns, body) => [viewKeys.columns(body.list)],
    toast: false,
  });
  return (columns: string[]) => {
    client.setQueryData<ListColumns>(viewKeys.columns(list), { list, columns });
    write.mutate({ list, columns });
  };
}

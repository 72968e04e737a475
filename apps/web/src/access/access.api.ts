import {
  accessEndpoints,
  auditQuery,
  type Endpoint,
  type JobStarted,
  listQuery,
  MAX_PAGE_SIZE,
  MENU,
  type Paged,
  type PermissionView,
  type RoleView,
  sessionEndpoints,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FiltersOf } from '../platform/filters/url-filters';
import { request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite, type WriteCall } from '../platform/write';

/** The three managed lists (docs/product/access.md); each kind's calls are `accessEndpoints[kind]`. */
export type ManagedKind = keyof typeof accessEndpoints;

export const accessKeys = {
  all: queryRoots.access,
  lists: (kind: ManagedKind) => [...accessKeys.all, kind, 'list'] as const,
  everything: (kind: ManagedKind) => [...accessKeys.all, kind, 'all'] as const,
  audit: () => [...accessKeys.all, 'audit'] as const,
};

export const managedList = (kind: ManagedKind): ListEndpoint => ({
  key: accessKeys.lists(kind),
  endpoint: accessEndpoints[kind].list,
});
export const auditList: ListEndpoint = { key: accessKeys.audit(), endpoint: sessionEndpoints.auditLog };

/** The managed lists' filters (keyword, status), as the contract reads them (also from the URL). */
export const managedFilters = listQuery.pick({ keyword: true, status: true });
export type ManagedFilters = FiltersOf<typeof managedFilters>;

/** The operation log's filters. */
export const auditFilters = auditQuery.pick({
  keyword: true,
  actor_kind: true,
  action: true,
  entity: true,
  entity_id: true,
  date_from: true,
  date_to: true,
});
export type AuditFilters = FiltersOf<typeof auditFilters>;

/** Starts the export job of the operation log as its filters select it. */
export const exportAuditLog = (filters: AuditFilters) =>
  request<JobStarted>(sessionEndpoints.auditLog, { query: { ...filters, export: 1 } });

/** Every row of a paged list, the largest pages the API gives, page after page: never cut at the first page. */
async function everyRow<T>(endpoint: Endpoint): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const { list, meta } = await request<Paged<T>>(endpoint, { query: { page, pageSize: MAX_PAGE_SIZE } });
    rows.push(...list);
    if (list.length < MAX_PAGE_SIZE || rows.length >= meta.total) return rows;
  }
}

/** Every role, for the administrator form. */
export const useAllRoles = () =>
  useQuery({
    queryKey: accessKeys.everything('roles'),
    queryFn: () => everyRow<RoleView>(accessEndpoints.roles.list),
  });

/** Every permission, for the role form and the role list. */
export const useAllPermissions = () =>
  useQuery({
    queryKey: accessKeys.everything('permissions'),
    queryFn: () => everyRow<PermissionView>(accessEndpoints.permissions.list),
  });

/** A built-in permission is shown by its translated menu title, an admin-made one by its name. */
export function usePermissionLabel() {
  const { t } = useTranslation();
  return (p: Pick<PermissionView, 'id' | 'name' | 'path' | 'is_system'>) => {
    const entry = p.is_system ? MENU.find((e) => e.path === p.path && e.roleId === p.id) : undefined;
    return entry ? t(entry.titleKey) : p.name;
  };
}

/**
 * Create/update, status and delete calls of one managed list: each toasts the server's success message, then
 * refreshes every cached answer: a change of an administrator, role or permission changes what the caller and
 * others may see anywhere (the menu, the current user, every list's rows).
 */
export function useEntityActions(kind: ManagedKind) {
  const calls = accessEndpoints[kind];
  const write = useWrite({ send: (call: WriteCall) => call, invalidates: 'all' });
  return {
    save: (id: number | null, values: unknown) =>
      write.mutateAsync(
        id === null ? to(calls.create, { body: values }) : to(calls.update, { params: { id }, body: values }),
      ),
    setStatus: (id: number, status: 1 | 2) =>
      write.mutateAsync(to(calls.setStatus, { params: { id }, body: { status } })),
    remove: (id: number) => write.mutateAsync(to(calls.remove, { params: { id } })),
  };
}

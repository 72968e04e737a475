import {
  auditQuery,
  listQuery,
  MAX_PAGE_SIZE,
  MENU,
  type Paged,
  type PermissionView,
  type RoleView,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedback } from '../platform/feedback';
import type { FiltersOf } from '../platform/filters/url-filters';
import { http, send } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';

/** The access endpoints (docs/product/access.md): three managed lists and the operation log. */
export const ACCESS = {
  admins: '/api/permission/admins',
  roles: '/api/permission/roles',
  permissions: '/api/permission/permissions',
  audit: '/api/permission/audit',
} as const;
export type ManagedKind = 'admins' | 'roles' | 'permissions';

export const accessKeys = {
  all: queryRoots.access,
  lists: (kind: ManagedKind) => [...accessKeys.all, kind, 'list'] as const,
  everything: (kind: ManagedKind) => [...accessKeys.all, kind, 'all'] as const,
  audit: () => [...accessKeys.all, 'audit'] as const,
};

export const managedList = (kind: ManagedKind): ListEndpoint => ({
  key: accessKeys.lists(kind),
  url: ACCESS[kind],
});
export const auditList: ListEndpoint = { key: accessKeys.audit(), url: ACCESS.audit };

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

/** Every row of a paged list, the largest pages the API gives, page after page: never cut at the first page. */
async function everyRow<T>(path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const { list, meta } = await http.get<Paged<T>>(path, { page, pageSize: MAX_PAGE_SIZE });
    rows.push(...list);
    if (list.length < MAX_PAGE_SIZE || rows.length >= meta.total) return rows;
  }
}

/** Every role, for the administrator form. */
export const useAllRoles = () =>
  useQuery({
    queryKey: accessKeys.everything('roles'),
    queryFn: () => everyRow<RoleView>(ACCESS.roles),
  });

/** Every permission, for the role form and the role list. */
export const useAllPermissions = () =>
  useQuery({
    queryKey: accessKeys.everything('permissions'),
    queryFn: () => everyRow<PermissionView>(ACCESS.permissions),
  });

/** A built-in permission is shown by its translated menu title, an admin-made one by its name. */
export function usePermissionLabel() {
  const { t } = useTranslation();
  return (p: Pick<PermissionView, 'id' | 'name' | 'path' | 'is_system'>) => {
    const entry = p.is_system ? MENU.find((e) => e.path === p.path && e.roleId === p.id) : undefined;
    return entry ? t(entry.titleKey) : p.name;
  };
}

type Write = { method: 'POST' | 'PUT' | 'DELETE'; path: string; data?: unknown };

/**
 * Create/update, status and delete calls of one managed list (its path + `/:id`): each toasts the server's
 * success message, then refreshes every cached answer: a change of an administrator, role or permission
 * changes what the caller and others may see anywhere (the menu, the current user, every list's rows).
 */
export function useEntityActions<V>(kind: ManagedKind) {
  const client = useQueryClient();
  const url = ACCESS[kind];
  const write = useMutation({
    mutationFn: async ({ method, path, data }: Write) => {
      const envelope = await send<V>({ method, url: path, data });
      feedback.message.success(envelope.msg);
      return envelope.data;
    },
    onSuccess: () => client.invalidateQueries(),
  });
  return {
    save: (id: number | null, values: unknown) =>
      write.mutateAsync(
        id === null
          ? { method: 'POST', path: url, data: values }
          : { method: 'PUT', path: `${url}/${id}`, data: values },
      ),
    setStatus: (id: number, status: 1 | 2) =>
      write.mutateAsync({ method: 'POST', path: `${url}/${id}/status`, data: { status } }),
    remove: (id: number) => write.mutateAsync({ method: 'DELETE', path: `${url}/${id}` }),
  };
}

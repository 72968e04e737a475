import { MENU, type Paged, type PermissionView, type RoleView } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../platform/http';

const ALL = { page: 1, pageSize: 1000 };

/** Every role, for the administrator form. */
export const useAllRoles = () =>
  useQuery({
    queryKey: ['/api/permission/roles', 'all'],
    queryFn: () => http.get<Paged<RoleView>>('/api/permission/roles', ALL).then((p) => p.list),
  });

/** Every permission, for the role form and the role list. */
export const useAllPermissions = () =>
  useQuery({
    queryKey: ['/api/permission/permissions', 'all'],
    queryFn: () => http.get<Paged<PermissionView>>('/api/permission/permissions', ALL).then((p) => p.list),
  });

/** A built-in permission is shown by its translated menu title, an admin-made one by its name. */
export function usePermissionLabel() {
  const { t } = useTranslation();
  return (p: Pick<PermissionView, 'id' | 'name' | 'path' | 'is_system'>) => {
    const entry = p.is_system ? MENU.find((e) => e.path === p.path && e.roleId === p.id) : undefined;
    return entry ? t(entry.titleKey) : p.name;
  };
}

import { Perm, roleBody } from '@app/contracts';
import { crudRoutes } from './crud-routes';
import { createRole, deleteRole, listRoles, roleView, setRoleStatus, updateRole } from './roles.service';

export const roleRoutes = crudRoutes({
  url: '/api/permission/roles',
  entity: 'role',
  perm: Perm.permissionAdmin,
  createBody: roleBody,
  updateBody: roleBody,
  service: {
    list: listRoles,
    view: roleView,
    create: createRole,
    update: updateRole,
    setStatus: setRoleStatus,
    remove: deleteRole,
  },
});

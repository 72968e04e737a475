import { accessEndpoints, Perm, roleBody } from '@app/contracts';
import { crudRoutes } from './crud-routes';
import { createRole, deleteRole, listRoles, roleView, setRoleStatus, updateRole } from './roles.service';

export const roleRoutes = crudRoutes({
  endpoints: accessEndpoints.roles,
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

import { accessEndpoints, Perm, permissionBody } from '@app/contracts';
import { crudRoutes } from './crud-routes';
import {
  createPermission,
  deletePermission,
  listPermissions,
  permissionView,
  setPermissionStatus,
  updatePermission,
} from './permissions.service';

export const permissionRoutes = crudRoutes({
  endpoints: accessEndpoints.permissions,
  entity: 'permission',
  perm: Perm.permissionAdmin,
  createBody: permissionBody,
  updateBody: permissionBody,
  service: {
    list: listPermissions,
    view: permissionView,
    create: createPermission,
    update: updatePermission,
    setStatus: setPermissionStatus,
    remove: deletePermission,
  },
});

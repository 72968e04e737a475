import { accessEndpoints, adminCreateBody, adminUpdateBody, Perm } from '@app/contracts';
import {
  adminView,
  createAdmin,
  deleteAdmin,
  listAdmins,
  setAdminStatus,
  updateAdmin,
} from './admins.service';
import { crudRoutes } from './crud-routes';

export const adminRoutes = crudRoutes({
  endpoints: accessEndpoints.admins,
  entity: 'admin',
  perm: Perm.permissionAdmin,
  createBody: adminCreateBody,
  updateBody: adminUpdateBody,
  service: {
    list: listAdmins,
    view: adminView,
    create: createAdmin,
    update: updateAdmin,
    setStatus: setAdminStatus,
    remove: deleteAdmin,
  },
});

import { adminRoutes } from './admins.routes';
import { auditLogRoutes } from './audit-log.routes';
import { passwordResetRoutes } from './password-reset.routes';
import { permissionRoutes } from './permissions.routes';
import { roleRoutes } from './roles.routes';
import { securityRoutes } from './security.routes';
import { sessionRoutes } from './session.routes';

export const accessRoutes = [
  ...sessionRoutes,
  ...securityRoutes,
  ...passwordResetRoutes,
  ...roleRoutes,
  ...permissionRoutes,
  ...adminRoutes,
  ...auditLogRoutes,
];

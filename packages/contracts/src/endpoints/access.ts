import { endpoint } from './endpoint';

/** Signing in and out, the caller's own account and menu, the audit log (docs/product/access.md). */
export const sessionEndpoints = {
  login: endpoint('POST', '/api/login'),
  /** The second step of a sign-in when the account has two-factor sign-in: the challenge and a code. */
  loginCode: endpoint('POST', '/api/login/two-factor'),
  logout: endpoint('POST', '/api/logout'),
  currentUser: endpoint('GET', '/api/user/info'),
  me: endpoint('GET', '/api/me'),
  updateMe: endpoint('POST', '/api/me'),
  /** The caller's colour theme of the web app (light or dark). */
  theme: endpoint('PUT', '/api/me/theme'),
  menu: endpoint('POST', '/api/user/menu'),
  auditLog: endpoint('GET', '/api/permission/audit'),
};

/** List, create, edit, enable/disable and delete of one managed kind (administrators, roles, permissions). */
const crudEndpoints = <B extends string>(base: B) => ({
  list: endpoint('GET', base),
  create: endpoint('POST', base),
  update: endpoint('PUT', `${base}/:id` as `${B}/:id`),
  setStatus: endpoint('POST', `${base}/:id/status` as `${B}/:id/status`),
  remove: endpoint('DELETE', `${base}/:id` as `${B}/:id`),
});
export type CrudEndpoints = ReturnType<typeof crudEndpoints<string>>;

/** The caller's own second factor and signed-in sessions; an administrator's reset of a member's (docs/product/access.md). */
export const securityEndpoints = {
  twoFactor: endpoint('GET', '/api/me/two-factor'),
  twoFactorSetup: endpoint('POST', '/api/me/two-factor/setup'),
  twoFactorConfirm: endpoint('POST', '/api/me/two-factor/confirm'),
  twoFactorDisable: endpoint('POST', '/api/me/two-factor/disable'),
  resetTwoFactor: endpoint('POST', '/api/users/:id/two-factor/reset'),
  sessions: endpoint('GET', '/api/me/sessions'),
  endSession: endpoint('DELETE', '/api/me/sessions/:id'),
  endOtherSessions: endpoint('POST', '/api/me/sessions/end-others'),
};

export const accessEndpoints = {
  admins: crudEndpoints('/api/permission/admins'),
  roles: crudEndpoints('/api/permission/roles'),
  permissions: crudEndpoints('/api/permission/permissions'),
};

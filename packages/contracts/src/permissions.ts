/**
 * Permission numbers (the menu `role_id`s, docs/product/access.md). A user's `role_ids`
 * is the list of these numbers they hold, or ['*'] for a super administrator.
 */
export const Perm = {
  dashboard: 1,
  organization: 2,
  bonusConfig: 3,
  levels: 4,
  programmes: 5,
  orders: 6,
  providers: 7,
  wec: 8,
  transfer: 9,
  withdraw: 10,
  userList: 11,
  userReport: 12,
  keyNumbers: 21,
  walletRecord: 22,
  permissionAdmin: 23,
  recharge: 24,
  approveSettlements: 25,
  resetTwoFactor: 26,
} as const;
export type PermId = (typeof Perm)[keyof typeof Perm];

export const ALL_PERMISSIONS = '*';
export type RoleIds = Array<number | typeof ALL_PERMISSIONS>;

export function hasPermission(roleIds: readonly (number | string)[], perm: number | undefined): boolean {
  if (perm === undefined) return true;
  return roleIds.includes(ALL_PERMISSIONS) || roleIds.includes(perm);
}

/** The built-in permissions, seeded with these ids; admins may add more. */
export const BUILT_IN_PERMISSIONS: ReadonlyArray<{
  id: PermId;
  name: string;
  path: string;
  icon: string;
  classification: string;
}> = [
  { id: 1, name: 'Dashboard', path: '/dashboard/workplace', icon: 'dashboard', classification: 'home' },
  { id: 2, name: 'Organization', path: '/organization/index', icon: 'apartment', classification: 'members' },
  { id: 3, name: 'Bonus allocation', path: '/config/index', icon: 'setting', classification: 'bonus' },
  { id: 4, name: 'Member levels', path: '/level/level', icon: 'crown', classification: 'bonus' },
  {
    id: 5,
    name: 'Programmes and content',
    path: '/annoucement/list',
    icon: 'notification',
    classification: 'content',
  },
  { id: 6, name: 'Orders', path: '/orders/orders', icon: 'shopping', classification: 'sales' },
  {
    id: 7,
    name: 'Providers and products',
    path: '/provider/provider',
    icon: 'shop',
    classification: 'sales',
  },
  { id: 8, name: 'WEP (WEC)', path: '/sa/sa', icon: 'trophy', classification: 'programmes' },
  { id: 9, name: 'Transfer', path: '/transfer', icon: 'swap', classification: 'wallet' },
  { id: 10, name: 'Withdrawals', path: '/withdraw', icon: 'bank', classification: 'wallet' },
  { id: 11, name: 'Member list', path: '/user', icon: 'team', classification: 'members' },
  { id: 12, name: 'Member report', path: '/user/report', icon: 'bar-chart', classification: 'members' },
  { id: 21, name: 'Key Number Category', path: '/rk/rk', icon: 'tags', classification: 'programmes' },
  { id: 22, name: 'Wallet', path: '/walletRecord', icon: 'wallet', classification: 'wallet' },
  { id: 23, name: 'Administrators', path: '/permission/admins', icon: 'safety', classification: 'system' },
  { id: 24, name: 'Recharge', path: '/recharge', icon: 'dollar', classification: 'wallet' },
  {
    id: 25,
    name: 'Approve settlements',
    path: '/config/approvals',
    icon: 'audit',
    classification: 'bonus',
  },
  { id: 26, name: 'Reset two-factor sign-in', path: '/user', icon: 'safety', classification: 'members' },
];

/** Permissions of the built-in Member role. */
export const MEMBER_PERMISSIONS: readonly PermId[] = [1, 2, 5, 6, 8, 9, 22];

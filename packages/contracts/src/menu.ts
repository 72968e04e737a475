import { hasPermission, Perm, type PermId } from './permissions';

/**
 * The menu (docs/product/access.md). `member`: 'user' = members only, 'admin' = admins only,
 * absent = both. `titleKey` is a web locale key. The server filters this list
 * for `POST /api/user/menu`; the web app builds its routes from it.
 */
export interface MenuEntry {
  path: string;
  titleKey: string;
  /** Title for members when it differs (the Sponsor Tree). */
  memberTitleKey?: string;
  icon: string;
  order: number;
  roleId?: PermId;
  member?: 'user' | 'admin';
  /** A members-only entry administrators may still open by its path (it stays out of their menu). */
  adminMayOpen?: boolean;
  hidden?: boolean;
  /** Opens the configured shop URL in a new tab instead of a page. */
  external?: 'shop';
  /** Shown only when the host name contains the staging marker. */
  stagingOnly?: boolean;
}

export const MENU: readonly MenuEntry[] = [
  {
    path: '/dashboard/workplace',
    titleKey: 'menu.dashboard',
    icon: 'dashboard',
    order: 1,
    roleId: Perm.dashboard,
  },
  {
    path: '/organization/index',
    titleKey: 'menu.genealogy',
    memberTitleKey: 'menu.sponsorTree',
    icon: 'apartment',
    order: 2,
    roleId: Perm.organization,
  },
  {
    path: '/iblommeTree',
    titleKey: 'menu.iblommeTree',
    icon: 'cluster',
    order: 3,
    roleId: Perm.organization,
    member: 'admin',
  },
  {
    path: '/user',
    titleKey: 'menu.userList',
    icon: 'team',
    order: 4,
    roleId: Perm.userList,
    member: 'admin',
  },
  {
    path: '/user/report',
    titleKey: 'menu.userReport',
    icon: 'bar-chart',
    order: 5,
    roleId: Perm.userReport,
    member: 'admin',
  },
  {
    path: '/user/income-disclosure',
    titleKey: 'menu.incomeDisclosure',
    icon: 'bar-chart',
    order: 5,
    roleId: Perm.userReport,
    member: 'admin',
  },
  { path: '/orders/orders', titleKey: 'menu.orders', icon: 'shopping', order: 6, roleId: Perm.orders },
  {
    path: '/provider/provider',
    titleKey: 'menu.providers',
    icon: 'shop',
    order: 7,
    roleId: Perm.providers,
    member: 'admin',
  },
  {
    path: '/provider/product',
    titleKey: 'menu.products',
    icon: 'appstore',
    order: 8,
    roleId: Perm.providers,
    member: 'admin',
  },
  {
    path: '/wallet',
    titleKey: 'menu.wallet',
    icon: 'wallet',
    order: 9,
    roleId: Perm.walletRecord,
    member: 'user',
  },
  {
    path: '/statement',
    titleKey: 'menu.statement',
    icon: 'account-book',
    order: 9,
    roleId: Perm.walletRecord,
    member: 'user',
  },
  {
    path: '/walletRecord',
    titleKey: 'menu.walletRecord',
    icon: 'account-book',
    order: 10,
    roleId: Perm.walletRecord,
    member: 'admin',
  },
  {
    path: '/withdraw',
    titleKey: 'menu.withdraw',
    icon: 'bank',
    order: 11,
    roleId: Perm.withdraw,
    member: 'admin',
  },
  {
    path: '/transfer',
    titleKey: 'menu.transfer',
    icon: 'swap',
    order: 12,
    roleId: Perm.transfer,
    member: 'user',
  },
  {
    path: '/recharge',
    titleKey: 'menu.recharge',
    icon: 'dollar',
    order: 13,
    roleId: Perm.recharge,
    member: 'admin',
  },
  {
    path: '/config/index',
    titleKey: 'menu.bonusConfig',
    icon: 'setting',
    order: 14,
    roleId: Perm.bonusConfig,
    member: 'admin',
  },
  {
    path: '/config/approvals',
    titleKey: 'menu.settlementApprovals',
    icon: 'audit',
    order: 14,
    roleId: Perm.approveSettlements,
    member: 'admin',
  },
  {
    path: '/level/level',
    titleKey: 'menu.levels',
    icon: 'crown',
    order: 15,
    roleId: Perm.levels,
    member: 'admin',
  },
  {
    path: '/cp/cp',
    titleKey: 'menu.qualifiedCp',
    icon: 'star',
    order: 16,
    roleId: Perm.programmes,
    member: 'admin',
  },
  {
    path: '/m2b/m2b',
    titleKey: 'menu.m2b',
    icon: 'rise',
    order: 17,
    roleId: Perm.programmes,
    member: 'admin',
  },
  { path: '/sa/sa', titleKey: 'menu.wec', icon: 'trophy', order: 18, roleId: Perm.wec, member: 'admin' },
  {
    path: '/wep',
    titleKey: 'menu.wep',
    icon: 'trophy',
    order: 19,
    roleId: Perm.wec,
    member: 'user',
    stagingOnly: true,
  },
  {
    path: '/rk/rk',
    titleKey: 'menu.keyNumbers',
    icon: 'tags',
    order: 20,
    roleId: Perm.keyNumbers,
    member: 'admin',
  },
  {
    path: '/annoucement/list',
    titleKey: 'menu.announcements',
    icon: 'notification',
    order: 21,
    roleId: Perm.programmes,
    member: 'admin',
  },
  {
    path: '/user-annoucement/list',
    titleKey: 'menu.announcements',
    icon: 'notification',
    order: 21,
    roleId: Perm.programmes,
    member: 'user',
    adminMayOpen: true,
  },
  {
    path: '/information-center/list',
    titleKey: 'menu.informationCenter',
    icon: 'read',
    order: 22,
    roleId: Perm.programmes,
    member: 'admin',
  },
  {
    path: '/user-information-center/list',
    titleKey: 'menu.informationCenter',
    icon: 'read',
    order: 22,
    roleId: Perm.programmes,
    member: 'user',
  },
  {
    path: '/purchase-product',
    titleKey: 'menu.purchaseProduct',
    icon: 'shopping-cart',
    order: 23,
    member: 'user',
    external: 'shop',
  },
  {
    path: '/progress',
    titleKey: 'menu.progress',
    icon: 'bar-chart',
    order: 24,
    roleId: Perm.dashboard,
    member: 'user',
  },
  { path: '/me', titleKey: 'menu.me', icon: 'user', order: 24, member: 'user' },
  {
    path: '/permission/admins',
    titleKey: 'menu.admins',
    icon: 'safety',
    order: 25,
    roleId: Perm.permissionAdmin,
    member: 'admin',
  },
  {
    path: '/permission/role',
    titleKey: 'menu.roles',
    icon: 'safety',
    order: 26,
    roleId: Perm.permissionAdmin,
    member: 'admin',
    hidden: true,
  },
  {
    path: '/permission/permissions',
    titleKey: 'menu.permissions',
    icon: 'safety',
    order: 27,
    roleId: Perm.permissionAdmin,
    member: 'admin',
    hidden: true,
  },
  {
    path: '/permission/audit',
    titleKey: 'menu.auditLog',
    icon: 'safety',
    order: 28,
    roleId: Perm.permissionAdmin,
    member: 'admin',
    hidden: true,
  },
];

export interface MenuViewer {
  isAdmin: boolean;
  roleIds: readonly (number | string)[];
}

/** May this viewer open this entry? (role_id guard plus the member/admin flag) */
export function canOpen(entry: MenuEntry, viewer: MenuViewer): boolean {
  if (entry.member === 'user' && viewer.isAdmin && !entry.adminMayOpen) return false;
  if (entry.member === 'admin' && !viewer.isAdmin) return false;
  return hasPermission(viewer.roleIds, entry.roleId);
}

/** The menu one viewer gets, in order (hidden entries stay routable but are flagged). */
export function menuFor(viewer: MenuViewer, opts: { staging: boolean }): MenuEntry[] {
  const listed = (e: MenuEntry) =>
    !(e.member === 'user' && viewer.isAdmin) && (!e.stagingOnly || opts.staging);
  return MENU.filter((e) => canOpen(e, viewer) && listed(e)).sort((a, b) => a.order - b.order);
}

export const STAGING_MARKER = 'staging';
export const isStagingHost = (host: string) => host.toLowerCase().includes(STAGING_MARKER);

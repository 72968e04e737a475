import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The page registry: a route path (a contracts MENU path, or a DETAIL_ROUTES path of
 * shell/detail-routes.ts) → its lazily loaded page. A path without an entry shows
 * the translated "coming soon" placeholder. Add one line per page:
 *   '/orders/orders': lazy(() => import('../orders/OrdersPage')),
 * Detail pages read their `:id` with useParams().
 */
export const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/wallet': lazy(() => import('../wallet/WalletPage')),
  '/walletRecord': lazy(() => import('../wallet/WalletRecordPage')),
  '/transfer': lazy(() => import('../wallet/TransferPage')),
  '/withdraw': lazy(() => import('../withdrawals/WithdrawPage')),
  '/recharge': lazy(() => import('../recharge/RechargePage')),
  '/dashboard/workplace': lazy(() => import('../dashboard/WorkplacePage')),
  '/me': lazy(() => import('../me/MePage')),
  '/progress': lazy(() => import('../programmes/ProgressPage')),
  '/notifications': lazy(() => import('../notifications/NotificationsPage')),
  '/account/security': lazy(() => import('../me/SecurityPage')),
  '/user': lazy(() => import('../members/UserListPage')),
  '/user/report': lazy(() => import('../members/UserReportPage')),
  '/user/income-disclosure': lazy(() => import('../bonus/statements/IncomeDisclosurePage')),
  '/statement': lazy(() => import('../bonus/statements/StatementPage')),
  '/user/statement/:id': lazy(() =>
    import('../bonus/statements/StatementPage').then((m) => ({ default: m.MemberStatementPage })),
  ),
  '/description/:id': lazy(() => import('../user-detail/UserDetailPage')),
  '/permission/admins': lazy(() => import('../access/AdminsPage')),
  '/permission/role': lazy(() => import('../access/RolesPage')),
  '/permission/permissions': lazy(() => import('../access/PermissionsPage')),
  '/permission/audit': lazy(() => import('../access/AuditLogPage')),
  '/annoucement/list': lazy(() =>
    import('../content/pages').then((m) => ({ default: m.AnnouncementsAdminPage })),
  ),
  '/information-center/list': lazy(() =>
    import('../content/pages').then((m) => ({ default: m.InformationAdminPage })),
  ),
  '/user-annoucement/list': lazy(() =>
    import('../content/pages').then((m) => ({ default: m.AnnouncementsFeedPage })),
  ),
  '/user-information-center/list': lazy(() =>
    import('../content/pages').then((m) => ({ default: m.InformationFeedPage })),
  ),
  '/organization/index': lazy(() => import('../tree/TreePage').then((m) => ({ default: m.SponsorTreePage }))),
  '/iblommeTree': lazy(() => import('../tree/TreePage').then((m) => ({ default: m.IblommeTreePage }))),
  '/orders/orders': lazy(() => import('../orders/OrdersPage')),
  '/provider/provider': lazy(() => import('../providers/ProvidersPage')),
  '/provider/product': lazy(() => import('../products/ProductsPage')),
  '/config/index': lazy(() => import('../bonus/BonusConfigPage')),
  '/config/approvals': lazy(() => import('../bonus/SettlementApprovalsPage')),
  '/config/settlements/:id': lazy(() => import('../bonus/SettlementReviewPage')),
  '/level/level': lazy(() => import('../bonus/LevelsPage')),
  '/cp/cp': lazy(() => import('../programmes/CpPage')),
  '/m2b/m2b': lazy(() => import('../programmes/WepListPage').then((m) => ({ default: m.M2bPage }))),
  '/sa/sa': lazy(() => import('../programmes/WepListPage').then((m) => ({ default: m.WepListPage }))),
  '/wep': lazy(() => import('../programmes/AssessmentPages').then((m) => ({ default: m.WepPage }))),
  '/user/wep/:id': lazy(() =>
    import('../programmes/AssessmentPages').then((m) => ({ default: m.UserWepPage })),
  ),
  '/rk/rk': lazy(() => import('../programmes/KeyNumbersPage')),
};

/**
 * The user detail dialog opened by clicking a name (platform/ui/UserName). The
 * members engineer sets it; while it is null a click goes to /description/:id.
 */
export const userDetailModal: LazyExoticComponent<
  ComponentType<{ userId: number; onClose: () => void }>
> | null = lazy(() => import('../user-detail/UserDetailModal'));

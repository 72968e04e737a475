import { accessRoutes } from './access/access.routes';
import { bonusRoutes } from './bonus/bonus.routes';
import { contentRoutes } from './content/content.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { memberReportRoutes } from './members/member-report.routes';
import { membersRoutes } from './members/members.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { orderImport } from './orders/orders.import';
import { orderRoutes } from './orders/orders.routes';
import type { RouteDef } from './platform/http/route';
import { jobRoutes } from './platform/jobs/jobs.routes';
import { importTemplateRoutes } from './platform/xlsx/template.routes';
import { productImport } from './products/products.import';
import { productRoutes } from './products/products.routes';
import { programmeRoutes } from './programmes/programmes.routes';
import { providerImport } from './providers/providers.import';
import { providerRoutes } from './providers/providers.routes';
import { rechargeRoutes } from './recharge/recharge.routes';
import { searchRoutes } from './search/search.routes';
import { treeRoutes } from './tree/tree.routes';
import { viewRoutes } from './views/views.routes';
import { walletRoutes } from './wallet/wallet.routes';
import { withdrawalRoutes } from './withdrawals/withdrawals.routes';

/** Every domain's routes, by domain (the OpenAPI document's groups). A domain joins the API by adding its list here. */
export const routesByDomain: Record<string, RouteDef[]> = {
  access: accessRoutes,
  members: [...membersRoutes, ...memberReportRoutes],
  tree: treeRoutes,
  content: contentRoutes,
  wallet: walletRoutes,
  withdrawals: withdrawalRoutes,
  recharge: rechargeRoutes,
  orders: orderRoutes,
  providers: providerRoutes,
  products: productRoutes,
  imports: importTemplateRoutes({ provider: providerImport, product: productImport, order: orderImport }),
  jobs: jobRoutes,
  dashboard: dashboardRoutes,
  bonus: bonusRoutes,
  programmes: programmeRoutes,
  notifications: notificationRoutes,
  search: searchRoutes,
  views: viewRoutes,
};

export const allRoutes: RouteDef[] = Object.values(routesByDomain).flat();

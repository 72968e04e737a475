import { accessUiMessages } from '../access/access.messages';
import { bonusUiMessages } from '../bonus/bonus.messages';
import { commissionUiMessages } from '../bonus/commission.messages';
import { explainUiMessages } from '../bonus/explain.messages';
import { settlementUiMessages } from '../bonus/settlement.messages';
import { statementsUiMessages } from '../bonus/statements/statements.messages';
import { contentUiMessages } from '../content/content.messages';
import { dashboardMessages } from '../dashboard/dashboard.messages';
import { meMessages } from '../me/me.messages';
import { securityMessages } from '../me/security.messages';
import { membersUiMessages } from '../members/members.messages';
import { notificationsUiMessages } from '../notifications/notifications.messages';
import { ordersMessages } from '../orders/orders.messages';
import { addDictionaries, type Dictionary, platformDictionaries } from '../platform/locales';
import { programmesUiMessages } from '../programmes/programmes.messages';
import { providersMessages } from '../providers/providers.messages';
import { searchUiMessages } from '../search/search.messages';
import { menuMessages } from '../shell/menu.messages';
import { shellMessages } from '../shell/shell.messages';
import { treeUiMessages } from '../tree/tree.messages';
import { viewsUiMessages } from '../views/views.messages';
import { walletUiMessages } from '../wallet/wallet.messages';

/**
 * The shell's and every domain's UI dictionary. A domain declares its strings with
 * `defineMessages(en, zhHK, zhCN)` from @app/contracts in its own file and adds it to this list.
 */
const appDictionaries: Dictionary[] = [
  menuMessages,
  shellMessages,
  meMessages,
  securityMessages,
  dashboardMessages,
  accessUiMessages,
  membersUiMessages,
  contentUiMessages,
  treeUiMessages,
  walletUiMessages,
  ordersMessages,
  providersMessages,
  bonusUiMessages,
  statementsUiMessages,
  commissionUiMessages,
  settlementUiMessages,
  explainUiMessages,
  programmesUiMessages,
  searchUiMessages,
  notificationsUiMessages,
  viewsUiMessages,
];

/** Every dictionary the web app translates with: platform's own, then the shell's and the domains'. */
export const dictionaries: Dictionary[] = [...platformDictionaries, ...appDictionaries];

// Evaluated first by app/start.tsx, so every text is there before any page module runs or renders.
addDictionaries(appDictionaries);

import { bonusTypeRoutes } from './bonus-types.routes';
import { commissionRoutes } from './commission/commission.routes';
import { explainRoutes } from './explain';
import { levelRoutes } from './levels.routes';
import { settingsHistoryRoutes } from './settings-history.routes';
import { settlementRoutes } from './settlement';
import { statementRoutes } from './statements/statements.routes';
import { userBonusRoutes } from './user-bonus.routes';

export const bonusRoutes = [
  ...settlementRoutes,
  ...bonusTypeRoutes,
  ...levelRoutes,
  ...userBonusRoutes,
  ...explainRoutes,
  ...statementRoutes,
  ...commissionRoutes,
  ...settingsHistoryRoutes,
];

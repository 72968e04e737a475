import { bonusTypeRoutes } from './bonus-types.routes';
import { explainRoutes } from './explain/explain.routes';
import { levelRoutes } from './levels.routes';
import { settlementRoutes } from './settlement/settlement.routes';
import { userBonusRoutes } from './user-bonus.routes';

export const bonusRoutes = [
  ...settlementRoutes,
  ...bonusTypeRoutes,
  ...levelRoutes,
  ...userBonusRoutes,
  ...explainRoutes,
];

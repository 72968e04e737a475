import { cpRoutes } from './cp.routes';
import { keyNumberRoutes } from './key-numbers.routes';
import { progressRoutes } from './progress.routes';
import { wecRoutes } from './wec.routes';

export const programmeRoutes = [...wecRoutes, ...cpRoutes, ...keyNumberRoutes, ...progressRoutes];

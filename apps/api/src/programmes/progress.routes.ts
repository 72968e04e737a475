import { programmeEndpoints } from '@app/contracts';
import { access, route } from '../platform/http/route';
import { memberProgress } from './progress';

/** The signed-in member's progress to the next level, the month's bonuses and the WEC assessment. */
export const progressRoutes = [
  route({
    endpoint: programmeEndpoints.progress,
    access: access.member(),
    handler: ({ app, caller, locale }) => memberProgress(app.db, caller.id, locale),
  }),
];

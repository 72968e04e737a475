import { bonusEndpoints, cashBackBody, idParam, userWalletBonusBody } from '@app/contracts';
import { access, route } from '../platform/http/route';
import { bonusDetail, bonusSubject, userWalletBonus } from './user-bonus.service';

/** Bonus by day / by month of a member (the member itself, or an admin). */
const byPeriod = route({
  endpoint: bonusEndpoints.memberBonuses,
  access: access.user,
  params: idParam,
  body: userWalletBonusBody,
  handler: async ({ app, caller, params, body, locale }) =>
    userWalletBonus(app.db, await bonusSubject(app.db, caller, params.id), body.filter, body.type, locale),
});

/** One bonus type's detail list with its total. */
const detail = route({
  endpoint: bonusEndpoints.cashBack,
  access: access.user,
  params: idParam,
  body: cashBackBody,
  handler: async ({ app, caller, params, body, locale }) =>
    bonusDetail(app.db, caller, await bonusSubject(app.db, caller, params.id), body, locale),
});

export const userBonusRoutes = [byPeriod, detail];

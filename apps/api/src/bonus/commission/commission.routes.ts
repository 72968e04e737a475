import { bonusEndpoints, commissionStatusBody, idParam, Perm, withheldPayoutsQuery } from '@app/contracts';
import { actorOf } from '../../platform/http/actor';
import { access, route } from '../../platform/http/route';
import { bonusSubject } from '../user-bonus.service';
import { setCommissionStatus, withheldPayouts } from './commission.service';

/** Pay, hold or forfeit a member's commissions (docs/product/bonus.md): administrators with the member list permission. */
const setStatus = route({
  endpoint: bonusEndpoints.commissionStatus,
  access: access.admin(Perm.userList),
  params: idParam,
  body: commissionStatusBody,
  message: 'commission.saved',
  handler: ({ app, req, params, body }) =>
    app.db.transaction((tx) => setCommissionStatus(tx, actorOf(req), params.id, body)),
});

/** A member's held and forfeited payouts: the member itself, or an administrator with the member list permission. */
const withheld = route({
  endpoint: bonusEndpoints.withheldPayouts,
  access: access.user,
  params: idParam,
  query: withheldPayoutsQuery,
  handler: async ({ app, user, params, query, locale }) =>
    withheldPayouts(app.db, (await bonusSubject(app.db, user, params.id)).id, query, locale),
});

export const commissionRoutes = [setStatus, withheld];

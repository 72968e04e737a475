import { bonusEndpoints, commissionStatusBody, idParam, Perm, withheldPayoutsQuery } from '@app/contracts';
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
  handler: ({ app, params, body, caller }) =>
    app.db.transaction((tx) => setCommissionStatus(tx, caller, params.id, body)),
});

/** A member's held and forfeited payouts: the member itself, or an administrator with the member list permission. */
const withheld = route({
  endpoint: bonusEndpoints.withheldPayouts,
  reads: 'replica',
  access: access.user,
  params: idParam,
  query: withheldPayoutsQuery,
  handler: async ({ app, caller, params, query, locale }) =>
    withheldPayouts(app.db, (await bonusSubject(app.db, caller, params.id)).id, query, locale),
});

export const commissionRoutes = [setStatus, withheld];

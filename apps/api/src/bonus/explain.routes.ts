import { idParam, runPayoutParams } from '@app/contracts';
import { access, route } from '../platform/http/route';
import { explainPayout } from './explain.service';

/**
 * "Explain this payout" (docs/bonus.md): any signed-in user reaches them; explainPayout lets admins holding
 * EXPLAIN_PAYOUT_PERMS explain any payout and a member only the payouts they received.
 */
const paid = route({
  method: 'GET',
  url: '/api/bonus/payouts/:id/explanation',
  access: access.user,
  params: idParam,
  handler: ({ app, user, params, locale }) =>
    explainPayout(app.db, user, { source: 'payout', id: params.id }, locale),
});

/** A payout of a settlement run: a real run's (bonus_payouts) or what a dry run recorded. */
const ofRun = route({
  method: 'GET',
  url: '/api/bonus/settlements/:runId/payouts/:id/explanation',
  access: access.user,
  params: runPayoutParams,
  handler: ({ app, user, params, locale }) =>
    explainPayout(app.db, user, { source: 'run', runId: params.runId, id: params.id }, locale),
});

/** The payout a bonus wallet record credited. */
const ofWalletRecord = route({
  method: 'GET',
  url: '/api/bonus/wallet-records/:id/explanation',
  access: access.user,
  params: idParam,
  handler: ({ app, user, params, locale }) =>
    explainPayout(app.db, user, { source: 'walletRecord', id: params.id }, locale),
});

export const explainRoutes = [paid, ofRun, ofWalletRecord];

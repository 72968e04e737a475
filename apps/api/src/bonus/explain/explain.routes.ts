import { idParam, runPayoutParams } from '@app/contracts';
import { access, route } from '../../platform/http/route';
import { explainPayout } from './explain.service';

const docs = (summary: string) => ({
  summary,
  description:
    'Answers `payoutExplanation` (packages/contracts): source orders, buyer → receiver path, level, rule, ' +
    'arithmetic in cents and the run, recomputed by the settlement engine; `matches: false` when stored data ' +
    'no longer gives the stored amount. docs/bonus.md "Explain this payout".',
});

/**
 * "Explain this payout" (docs/bonus.md): any signed-in user reaches them; explainPayout lets admins holding
 * EXPLAIN_PAYOUT_PERMS explain any payout and a member only the payouts they received.
 */
const paid = route({
  method: 'GET',
  url: '/api/bonus/payouts/:id/explanation',
  access: access.user,
  params: idParam,
  docs: docs('Explain a paid bonus payout'),
  handler: ({ app, user, params, locale }) =>
    explainPayout(app.db, user, { source: 'payout', id: params.id }, locale),
});

/** A payout of a settlement run: a real run's (bonus_payouts) or what a dry run recorded. */
const ofRun = route({
  method: 'GET',
  url: '/api/bonus/settlements/:runId/payouts/:id/explanation',
  access: access.user,
  params: runPayoutParams,
  docs: docs("Explain a payout of a settlement run (a dry run's too)"),
  handler: ({ app, user, params, locale }) =>
    explainPayout(app.db, user, { source: 'run', runId: params.runId, id: params.id }, locale),
});

/** The payout a bonus wallet record credited. */
const ofWalletRecord = route({
  method: 'GET',
  url: '/api/bonus/wallet-records/:id/explanation',
  access: access.user,
  params: idParam,
  docs: docs('Explain the payout a bonus wallet record credited'),
  handler: ({ app, user, params, locale }) =>
    explainPayout(app.db, user, { source: 'walletRecord', id: params.id }, locale),
});

export const explainRoutes = [paid, ofRun, ofWalletRecord];

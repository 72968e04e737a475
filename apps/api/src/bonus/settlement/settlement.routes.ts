import { idParam, Perm, pageQuery, settlementPayoutsQuery, startSettlementBody } from '@app/contracts';
import { actorOf } from '../../platform/http/actor';
import { access, route } from '../../platform/http/route';
import { startXlsxJob } from '../../platform/jobs/jobs.runner';
import { startSettlement } from './settlement.job';
import { listRunPayouts, listRuns, runPayoutsExportJob } from './settlement.service';

/** Starts a settlement run (or a dry run with dry_run: true) as a job: answers `{ job_id, url }`. */
const start = route({
  method: 'POST',
  url: '/api/bonus/settlements',
  access: access.admin(Perm.bonusConfig),
  body: startSettlementBody,
  handler: ({ app, req, user, body }) => startSettlement(app.jobs, actorOf(req), user.id, body),
});

/** What a run would pay, paying nothing: a dry run started as a job. */
const preview = route({
  method: 'POST',
  url: '/api/bonus/settlements/preview',
  access: access.admin(Perm.bonusConfig),
  body: startSettlementBody,
  handler: ({ app, req, user, body }) =>
    startSettlement(app.jobs, actorOf(req), user.id, { ...body, dry_run: true }),
});

const history = route({
  method: 'GET',
  url: '/api/bonus/settlements',
  access: access.admin(Perm.bonusConfig),
  query: pageQuery,
  handler: ({ app, query }) => listRuns(app.db, query.page, query.pageSize),
});

/**
 * Every payout of a run, page by page: what a dry run would pay, or what a real run paid. `export=1` starts a
 * spreadsheet job of all of them (answers `{ job_id, url }`).
 */
const payouts = route({
  method: 'GET',
  url: '/api/bonus/settlements/:id/payouts',
  access: access.admin(Perm.bonusConfig),
  params: idParam,
  query: settlementPayoutsQuery,
  handler: async ({ app, params, query, user, locale, timeZone }) =>
    query.export
      ? startXlsxJob(app.jobs, await runPayoutsExportJob(app.db, user.id, params.id, { locale, timeZone }))
      : listRunPayouts(app.db, params.id, query),
});

export const settlementRoutes = [start, preview, history, payouts];

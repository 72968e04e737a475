import { Perm, pageQuery, startSettlementBody } from '@app/contracts';
import { actorOf } from '../platform/http/actor';
import { access, route } from '../platform/http/route';
import { startSettlement } from './settlement.job';
import { listRuns } from './settlement.service';

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

export const settlementRoutes = [start, preview, history];

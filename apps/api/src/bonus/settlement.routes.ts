import { Perm, pageQuery, type SettlementResult, startSettlementBody } from '@app/contracts';
import { access, route } from '../platform/http/route';
import { listRuns, runSettlement } from './settlement.service';

/** Starts a settlement run (or a dry run with dry_run: true). */
const start = route({
  method: 'POST',
  url: '/api/bonus/settlements',
  access: access.admin(Perm.bonusConfig),
  body: startSettlementBody,
  message: 'bonus.settled',
  handler: ({ app, user, body, req }): Promise<SettlementResult> =>
    runSettlement(app.db, {
      period: body.period,
      typeKey: body.type_key,
      dryRun: body.dry_run,
      startedBy: user.id,
      req,
    }),
});

/** What a run would pay, paying nothing. */
const preview = route({
  method: 'POST',
  url: '/api/bonus/settlements/preview',
  access: access.admin(Perm.bonusConfig),
  body: startSettlementBody,
  message: 'bonus.previewed',
  handler: ({ app, user, body, req }): Promise<SettlementResult> =>
    runSettlement(app.db, {
      period: body.period,
      typeKey: body.type_key,
      dryRun: true,
      startedBy: user.id,
      req,
    }),
});

const history = route({
  method: 'GET',
  url: '/api/bonus/settlements',
  access: access.admin(Perm.bonusConfig),
  query: pageQuery,
  handler: ({ app, query }) => listRuns(app.db, query.page, query.pageSize),
});

export const settlementRoutes = [start, preview, history];

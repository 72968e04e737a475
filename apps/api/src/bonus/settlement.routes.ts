import { Perm, pageQuery, type SettlementResult, startSettlementBody } from '@app/contracts';
import type { z } from 'zod';
import { type AuthedCtx, access, route } from '../platform/http/route';
import { listRuns, runSettlement } from './settlement.service';

type SettleCtx = AuthedCtx<z.output<typeof startSettlementBody>, unknown, unknown>;

/** Runs a settlement for the signed-in admin; `dryRun` overrides the body's choice (the preview). */
const settle = ({ app, user, body, req }: SettleCtx, dryRun = body.dry_run): Promise<SettlementResult> =>
  runSettlement(app.db, { period: body.period, typeKey: body.type_key, dryRun, startedBy: user.id, req });

/** Starts a settlement run (or a dry run with dry_run: true). */
const start = route({
  method: 'POST',
  url: '/api/bonus/settlements',
  access: access.admin(Perm.bonusConfig),
  body: startSettlementBody,
  message: 'bonus.settled',
  handler: (ctx) => settle(ctx),
});

/** What a run would pay, paying nothing. */
const preview = route({
  method: 'POST',
  url: '/api/bonus/settlements/preview',
  access: access.admin(Perm.bonusConfig),
  body: startSettlementBody,
  message: 'bonus.previewed',
  handler: (ctx) => settle(ctx, true),
});

const history = route({
  method: 'GET',
  url: '/api/bonus/settlements',
  access: access.admin(Perm.bonusConfig),
  query: pageQuery,
  handler: ({ app, query }) => listRuns(app.db, query.page, query.pageSize),
});

export const settlementRoutes = [start, preview, history];

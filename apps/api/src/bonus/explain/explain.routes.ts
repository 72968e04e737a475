import {
  explainEndpoints,
  explanationOrdersQuery,
  idParam,
  type Locale,
  runPayoutParams,
} from '@app/contracts';
import type { z } from 'zod';
import type { AccountCaller } from '../../platform/caller';
import { jobReader } from '../../platform/db/read-replicas';
import { type AppContext, access, route } from '../../platform/http/route';
import { startXlsxJob } from '../../platform/jobs/jobs.runner';
import { explainPayout, explanationOrders, explanationOrdersExportJob } from './explain.service';
import type { PayoutRef } from './explain.source';

const docs = (summary: string) => ({
  summary,
  description:
    'Answers `payoutExplanation` (packages/contracts): source orders, buyer → receiver path, level, rule, ' +
    'arithmetic in cents and the run, recomputed by the settlement engine; `matches: false` when stored data ' +
    'no longer gives the stored amount. docs/product/bonus.md "Explain this payout".',
});

/**
 * "Explain this payout" (docs/product/bonus.md): any signed-in user reaches them; explainPayout lets admins holding
 * EXPLAIN_PAYOUT_PERMS explain any payout and a member only the payouts they received.
 */
const paid = route({
  endpoint: explainEndpoints.payout,
  reads: 'replica',
  access: access.user,
  params: idParam,
  docs: docs('Explain a paid bonus payout'),
  handler: ({ app, caller, params, locale }) =>
    explainPayout(app.db, caller, { source: 'payout', id: params.id }, locale),
});

/** A payout of a settlement run: a real run's (bonus_payouts) or what a dry run recorded. */
const ofRun = route({
  endpoint: explainEndpoints.runPayout,
  reads: 'replica',
  access: access.user,
  params: runPayoutParams,
  docs: docs("Explain a payout of a settlement run (a dry run's too)"),
  handler: ({ app, caller, params, locale }) =>
    explainPayout(app.db, caller, { source: 'run', runId: params.runId, id: params.id }, locale),
});

/** The payout a bonus wallet record credited. */
const ofWalletRecord = route({
  endpoint: explainEndpoints.walletRecord,
  reads: 'replica',
  access: access.user,
  params: idParam,
  docs: docs('Explain the payout a bonus wallet record credited'),
  handler: ({ app, caller, params, locale }) =>
    explainPayout(app.db, caller, { source: 'walletRecord', id: params.id }, locale),
});

const ordersDocs = (summary: string) => ({
  summary,
  description:
    'Every order the payout counted (a monthly payout: all of them, in order id order; an order-driven one: its ' +
    'order), page by page; `export=1` starts a spreadsheet job of all of them (answers `{ job_id, url }`). ' +
    'Who may ask: as for the explanation. docs/product/bonus.md "Explain this payout".',
});

/** A page of the payout's source orders, or the spreadsheet job of all of them (`export=1`). */
const ordersOf = async (
  ctx: { app: AppContext; caller: AccountCaller; locale: Locale; timeZone: string },
  ref: PayoutRef,
  query: z.output<typeof explanationOrdersQuery>,
) =>
  query.export
    ? startXlsxJob(
        ctx.app.jobs,
        await explanationOrdersExportJob(jobReader(ctx.app), ctx.caller, ref, {
          locale: ctx.locale,
          timeZone: ctx.timeZone,
        }),
      )
    : explanationOrders(ctx.app.db, ctx.caller, ref, query);

const paidOrders = route({
  endpoint: explainEndpoints.payoutOrders,
  reads: 'replica',
  access: access.user,
  params: idParam,
  query: explanationOrdersQuery,
  docs: ordersDocs("A paid payout's source orders"),
  handler: (ctx) => ordersOf(ctx, { source: 'payout', id: ctx.params.id }, ctx.query),
});

const ofRunOrders = route({
  endpoint: explainEndpoints.runPayoutOrders,
  reads: 'replica',
  access: access.user,
  params: runPayoutParams,
  query: explanationOrdersQuery,
  docs: ordersDocs("The source orders of a run's payout (a dry run's too)"),
  handler: (ctx) => ordersOf(ctx, { source: 'run', runId: ctx.params.runId, id: ctx.params.id }, ctx.query),
});

const ofWalletRecordOrders = route({
  endpoint: explainEndpoints.walletRecordOrders,
  reads: 'replica',
  access: access.user,
  params: idParam,
  query: explanationOrdersQuery,
  docs: ordersDocs('The source orders of the payout a bonus wallet record credited'),
  handler: (ctx) => ordersOf(ctx, { source: 'walletRecord', id: ctx.params.id }, ctx.query),
});

export const explainRoutes = [paid, ofRun, ofWalletRecord, paidOrders, ofRunOrders, ofWalletRecordOrders];

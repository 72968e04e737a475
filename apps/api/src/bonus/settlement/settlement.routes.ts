import {
  idParam,
  Perm,
  rejectSettlementBody,
  settlementChangesQuery,
  settlementEndpoints,
  settlementFlagsQuery,
  settlementPayoutsQuery,
  settlementRunsQuery,
  startSettlementBody,
} from '@app/contracts';
import { DEFAULT_SETTLEMENT_FLAG_MULTIPLE } from '../../config';
import { memberByNo } from '../../members/lookups';
import { jobReader } from '../../platform/db/read-replicas';
import { access, route } from '../../platform/http/route';
import { startXlsxJob } from '../../platform/jobs/jobs.runner';
import { streamXlsx } from '../../platform/xlsx/export';
import { runChanges, runChangesSheet, runFlags, runFlagsSheet, runReview } from './review';
import { rejectRun } from './run';
import { listRunPayouts, listRuns, runPayoutsExportJob } from './runs.queries';
import { startApproval, startSettlement } from './settlement.job';

/** Who may read runs, their payouts and their review: those who run settlements and those who approve them. */
const readers = access.admin([Perm.bonusConfig, Perm.approveSettlements]);

/**
 * Starts a settlement run (or a dry run with dry_run: true) as a job: answers `{ job_id, url }`. A real run
 * computes into awaiting approval; nothing is paid until another administrator approves it.
 */
const start = route({
  endpoint: settlementEndpoints.start,
  access: access.admin(Perm.bonusConfig),
  body: startSettlementBody,
  handler: ({ app, caller, body }) => startSettlement(app.jobs, caller, caller.id, body),
});

/** What a run would pay, paying nothing: a dry run started as a job. */
const preview = route({
  endpoint: settlementEndpoints.preview,
  access: access.admin(Perm.bonusConfig),
  body: startSettlementBody,
  handler: ({ app, caller, body }) =>
    startSettlement(app.jobs, caller, caller.id, { ...body, dry_run: true }),
});

const history = route({
  endpoint: settlementEndpoints.list,
  reads: 'replica',
  access: readers,
  query: settlementRunsQuery,
  handler: ({ app, query }) => listRuns(app.db, query),
});

/** Approves a run awaiting approval (another administrator than its starter) and pays it, as a job. */
const approve = route({
  endpoint: settlementEndpoints.approve,
  access: access.admin(Perm.approveSettlements),
  params: idParam,
  handler: ({ app, caller, params }) => startApproval(app.jobs, caller, caller.id, params.id),
});

/** Rejects a run awaiting approval with a reason: nothing of it is paid. */
const reject = route({
  endpoint: settlementEndpoints.reject,
  access: readers,
  params: idParam,
  body: rejectSettlementBody,
  message: 'bonus.runRejected',
  handler: ({ app, caller, params, body }) =>
    rejectRun(app.db, { runId: params.id, reason: body.reason, by: caller }),
});

/** The review of a run: totals per type and level, receivers, largest payouts, flags, differences. */
const review = route({
  endpoint: settlementEndpoints.review,
  reads: 'replica',
  access: readers,
  params: idParam,
  handler: ({ app, params }) => runReview(app.db, params.id, flagMultiple(app.config)),
});

/** The run's flagged receivers, page by page; `export=1` streams all of them as a spreadsheet. */
const flags = route({
  endpoint: settlementEndpoints.flags,
  reads: 'replica',
  access: readers,
  params: idParam,
  query: settlementFlagsQuery,
  handler: async ({ app, params, query, reply, locale, timeZone }) => {
    const multiple = flagMultiple(app.config);
    if (!query.export) return runFlags(app.db, params.id, query, multiple);
    const sheet = await runFlagsSheet(app.db, params.id, query.flag, multiple, { locale, timeZone });
    return streamXlsx(reply, sheet.fileName, sheet.columns, sheet.batches);
  },
});

/**
 * The members whose amount changed most against the latest dry run or the previous period, page by page;
 * `export=1` streams all of them as a spreadsheet.
 */
const changes = route({
  endpoint: settlementEndpoints.changes,
  reads: 'replica',
  access: readers,
  params: idParam,
  query: settlementChangesQuery,
  handler: async ({ app, params, query, reply, locale, timeZone }) => {
    if (!query.export) return runChanges(app.db, params.id, query);
    const sheet = await runChangesSheet(app.db, params.id, query.against, { locale, timeZone });
    return streamXlsx(reply, sheet.fileName, sheet.columns, sheet.batches);
  },
});

/**
 * Every payout of a run, page by page: what it computed (a dry run, or a run awaiting approval or rejected) or
 * what it paid; `member` (number) and `type_key` narrow them. `export=1` starts a spreadsheet job of all of them
 * (answers `{ job_id, url }`).
 */
const payouts = route({
  endpoint: settlementEndpoints.payouts,
  reads: 'replica',
  access: readers,
  params: idParam,
  query: settlementPayoutsQuery,
  handler: async ({ app, params, query, caller, locale, timeZone }) => {
    const member = query.member ? await memberByNo(app.db, query.member, 'member') : undefined;
    const filter = { userId: member?.id, typeKey: query.type_key };
    return query.export
      ? startXlsxJob(
          app.jobs,
          await runPayoutsExportJob(jobReader(app), caller.id, params.id, filter, { locale, timeZone }),
        )
      : listRunPayouts(app.db, params.id, { ...query, ...filter });
  },
});

const flagMultiple = (config: { settlementFlagMultiple?: number }) =>
  config.settlementFlagMultiple ?? DEFAULT_SETTLEMENT_FLAG_MULTIPLE;

export const settlementRoutes = [start, preview, history, approve, reject, review, flags, changes, payouts];

import {
  createWithdrawalBody,
  idParam,
  Perm,
  withdrawalBulkBody,
  withdrawalEndpoints,
  withdrawalListQuery,
  withdrawalNextBody,
} from '@app/contracts';
import { jobReader } from '../platform/db/read-replicas';
import { eachRow } from '../platform/http/bulk';
import { idempotent } from '../platform/http/idempotency';
import { access, route } from '../platform/http/route';
import { startXlsxJob } from '../platform/jobs/jobs.runner';
import { withdrawalExportJob } from './withdrawals.export';
import {
  applyForWithdrawalAudited,
  listWithdrawals,
  stepWithdrawalAudited,
  viewWithdrawal,
} from './withdrawals.service';

/** Members apply and cancel from /wallet; administrators work the /withdraw list. */
export const withdrawalRoutes = [
  route({
    endpoint: withdrawalEndpoints.apply,
    docs: { idempotencyKey: true },
    access: access.member(Perm.walletRecord),
    body: createWithdrawalBody,
    message: 'wallet.applicationSuccessful',
    handler: (ctx) =>
      idempotent(ctx, ctx.body, (tx) => applyForWithdrawalAudited(tx, ctx.caller, ctx.caller.id, ctx.body)),
  }),
  route({
    endpoint: withdrawalEndpoints.cancel,
    docs: { idempotencyKey: true },
    access: access.member(Perm.walletRecord),
    params: idParam,
    message: 'wallet.cancellationSuccessful',
    handler: (ctx) =>
      idempotent(ctx, null, (tx) =>
        stepWithdrawalAudited(tx, ctx.caller, {
          id: ctx.params.id,
          step: 'cancel',
          ownerId: ctx.caller.id,
          actorId: ctx.caller.id,
        }),
      ),
  }),
  route({
    endpoint: withdrawalEndpoints.mine,
    reads: 'replica',
    access: access.member(Perm.walletRecord),
    query: withdrawalListQuery,
    handler: ({ app, query, caller }) => listWithdrawals(app.db, query, caller.id),
  }),
  route({
    endpoint: withdrawalEndpoints.list,
    reads: 'replica',
    access: access.admin(Perm.withdraw),
    query: withdrawalListQuery,
    handler: async ({ app, caller, query, locale, timeZone }) =>
      query.export
        ? startXlsxJob(
            app.jobs,
            await withdrawalExportJob(jobReader(app), caller, query, { locale, timeZone }),
          )
        : listWithdrawals(app.db, query),
  }),
  route({
    endpoint: withdrawalEndpoints.view,
    access: access.admin(Perm.withdraw),
    params: idParam,
    handler: ({ app, params }) => viewWithdrawal(app.db, params.id),
  }),
  route({
    endpoint: withdrawalEndpoints.step,
    docs: { idempotencyKey: true },
    access: access.admin(Perm.withdraw),
    params: idParam,
    body: withdrawalNextBody,
    message: 'common.operationSuccessful',
    handler: (ctx) =>
      idempotent(ctx, ctx.body, (tx) =>
        stepWithdrawalAudited(tx, ctx.caller, {
          id: ctx.params.id,
          step: ctx.body.action,
          actorId: ctx.caller.id,
          reason: ctx.body.reason,
          remark: ctx.body.remark,
        }),
      ),
  }),
  /** One step on many applications, each as the single step (docs/product/withdrawals.md, "Bulk actions"). */
  route({
    endpoint: withdrawalEndpoints.bulk,
    docs: { idempotencyKey: true },
    access: access.admin(Perm.withdraw),
    body: withdrawalBulkBody,
    handler: (ctx) =>
      idempotent(ctx, ctx.body, (tx) =>
        eachRow(tx, ctx.body.ids, ctx.locale, (row, id) =>
          stepWithdrawalAudited(row, ctx.caller, {
            id,
            step: ctx.body.action,
            actorId: ctx.caller.id,
            reason: ctx.body.reason,
          }),
        ),
      ),
  }),
];

import {
  createRechargeFields,
  formatCents,
  idParam,
  Perm,
  rechargeBulkBody,
  rechargeEndpoints,
  rechargeListQuery,
} from '@app/contracts';
import { jobReader } from '../platform/db/read-replicas';
import { eachRow } from '../platform/http/bulk';
import { idempotent } from '../platform/http/idempotency';
import { access, route } from '../platform/http/route';
import { parseOrThrow } from '../platform/http/validation';
import { startXlsxJob } from '../platform/jobs/jobs.runner';
import { RECHARGE_FORM_LIMITS, readRechargeForm } from './proof-upload';
import { rechargeExportJob } from './recharge.export';
import {
  createRechargeAudited,
  listRecharges,
  rechargeProof,
  settleRechargeAudited,
} from './recharge.service';

const settleRoute = (outcome: 'complete' | 'reject') =>
  route({
    endpoint: rechargeEndpoints[outcome],
    docs: { idempotencyKey: true },
    access: access.admin(Perm.recharge),
    params: idParam,
    // Says what happened: the amount credited, or that nothing was.
    message: (answer: { amount: string }) =>
      outcome === 'complete'
        ? ['wallet.rechargeCompleted', { amount: answer.amount }]
        : ['wallet.rechargeRejected'],
    handler: (ctx) =>
      idempotent(ctx, null, async (tx) => {
        const after = await settleRechargeAudited(tx, ctx.caller, ctx.params.id, outcome, ctx.caller.id);
        return { id: after.id, status: after.status, amount: formatCents(after.amountCents) };
      }),
  });

export const rechargeRoutes = [
  route({
    endpoint: rechargeEndpoints.list,
    reads: 'replica',
    access: access.admin(Perm.recharge),
    query: rechargeListQuery,
    handler: async ({ app, caller, query, locale, timeZone }) =>
      query.export
        ? startXlsxJob(app.jobs, await rechargeExportJob(jobReader(app), caller, query, { locale, timeZone }))
        : listRecharges(app.db, query),
  }),
  route({
    endpoint: rechargeEndpoints.create,
    docs: { idempotencyKey: true },
    access: access.admin(Perm.recharge),
    rawBody: true,
    message: 'common.addedSuccessfully',
    handler: async (ctx) => {
      const { req } = ctx;
      const form = await readRechargeForm(
        req.isMultipart() ? req.parts({ limits: RECHARGE_FORM_LIMITS }) : null,
        req.body,
      );
      const fields = parseOrThrow(createRechargeFields, form.fields);
      return idempotent(ctx, { fields, proof: form.proofHash }, async (tx) => {
        const row = await createRechargeAudited(tx, ctx.caller, fields, form.proof, ctx.caller.id);
        return { id: row.id, status: row.status };
      });
    },
  }),
  settleRoute('complete'),
  settleRoute('reject'),
  /** Completes or rejects many recharges, each as the single action (docs/product/recharge.md, "Bulk actions"). */
  route({
    endpoint: rechargeEndpoints.bulk,
    docs: { idempotencyKey: true },
    access: access.admin(Perm.recharge),
    body: rechargeBulkBody,
    handler: (ctx) =>
      idempotent(ctx, ctx.body, (tx) =>
        eachRow(tx, ctx.body.ids, ctx.locale, (row, id) =>
          settleRechargeAudited(row, ctx.caller, id, ctx.body.outcome, ctx.caller.id),
        ),
      ),
  }),
  route({
    endpoint: rechargeEndpoints.proof,
    access: access.admin(Perm.recharge),
    params: idParam,
    handler: async ({ app, params, reply }) => {
      const proof = await rechargeProof(app.db, params.id);
      return reply
        .header('content-type', proof.type)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(proof.data);
    },
  }),
];
